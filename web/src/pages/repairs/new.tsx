/**
 * Reporting a repair: the device (found by its serial, model or holder, or its serial typed as it is
 * written on it), what is wrong, who reported it and who pays if it is known. The desk goes to the new
 * repair; someone who may report but not see repairs is told its number.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import { reportRepair } from '../../api/repairs.js';
import { Link, navigate } from '../../router.js';
import { can } from '../../state/session.js';
import { SelectField, TextArea } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { PageHeader } from '../../ui/page.js';
import { canSeePeople, PersonPicker } from '../../ui/people.js';
import { SearchPicker, type Pickable } from '../../ui/search-picker.js';
import { searchDevices } from '../../api/devices.js';
import { inventory } from '../../api/loans.js';
import { COVERAGE_LABEL, COVERAGES, type Coverage, type Repair } from './repair.js';
import './repairs.css';

/** Devices of the register and loaners of the pool matching the text, each as its serial. */
async function findDevices(text: string): Promise<Pickable[]> {
  const [devices, loans] = await Promise.all([
    can('module.assets', 'device.view') ? searchDevices({ q: text, pageSize: 6 }).then((r) => r.devices) : [],
    can('module.loans', 'loan.view') ? inventory({ q: text, pageSize: 4 }).then((r) => r.loans) : [],
  ]);
  const seen = new Set<string>();
  const found: Pickable[] = [];
  for (const d of devices) {
    seen.add(d.serial);
    found.push({ id: d.serial, label: d.serial, detail: [d.kind, d.manufacturer, d.model].filter(Boolean).join(' ') });
  }
  for (const l of loans) {
    if (!seen.has(l.serial))
      found.push({ id: l.serial, label: l.serial, detail: `loaner ${l.number}, ${l.groupName}` });
  }
  return found;
}

export default function NewRepair() {
  const [device, setDevice] = useState<Pickable | null>(null);
  const [description, setDescription] = useState('');
  const [reporter, setReporter] = useState<Pickable | null>(null);
  const [coverage, setCoverage] = useState<Coverage | ''>('');
  const [lodged, setLodged] = useState<Repair | null>(null);
  const form = useSubmit(async () => {
    if (!device) {
      throw new ApiError(400, 'invalid-input', '', '', new Map([['serial', 'Find the device, or type its serial']]));
    }
    const { submission } = await reportRepair({
      serial: device.id,
      description: description.trim(),
      ...(reporter ? { reporterId: reporter.id } : {}),
      ...(coverage ? { coverage } : {}),
    }).catch((e: unknown) => {
      // An unknown serial is about the Device field: say it there, in the server's words.
      if (e instanceof ApiError && e.status === 404 && e.detail.includes('has the serial')) {
        const words = `${e.detail.charAt(0).toUpperCase()}${e.detail.slice(1)}.`;
        throw new ApiError(404, e.kind, e.title, e.detail, new Map([['serial', words]]));
      }
      throw e;
    });
    announce(`Repair ${submission.number} reported`);
    if (can('repair.view')) navigate(`/repairs/${encodeURIComponent(submission.id)}`);
    else setLodged(submission);
  });

  if (lodged) {
    return (
      <section>
        <PageHeader title="Repair reported" />
        <p>
          Repair <strong>{lodged.number}</strong> for device <span class="desk-serial">{lodged.serial}</span> is with
          the IT team. Quote its number if you ask about it.
        </p>
        <button type="button" onClick={() => (setLodged(null), setDevice(null), setDescription(''))}>
          Report another repair
        </button>
      </section>
    );
  }

  return (
    <section>
      <PageHeader title="Report a repair">
        <Link href="/repairs">All repairs</Link>
      </PageHeader>
      <form onSubmit={form.submit} noValidate>
        <SearchPicker
          label="Device"
          search={findDevices}
          value={device}
          onChange={(v) => (setDevice(v), form.reset())}
          freeText
          error={form.error('serial')}
          hint="Type its serial (or part of it, its model…) and choose it, or type the whole serial."
        />
        <TextArea
          label="What is wrong"
          value={description}
          maxLength={4000}
          onInput={(e: Event) => setDescription((e.currentTarget as HTMLTextAreaElement).value)}
          error={form.error('description')}
        />
        {canSeePeople() && (
          <PersonPicker
            label="Reported by (optional)"
            value={reporter}
            onChange={setReporter}
            error={form.error('reporterId')}
            hint="The pupil or member of staff who brought it in."
          />
        )}
        <SelectField
          label="Who pays (optional)"
          value={coverage}
          onChange={(e: Event) => setCoverage((e.currentTarget as HTMLSelectElement).value as Coverage | '')}
          choices={[
            { value: '', label: 'Not known yet' },
            ...COVERAGES.map((c) => ({ value: c, label: COVERAGE_LABEL[c] })),
          ]}
          error={form.error('coverage')}
        />
        <FormProblem form={form} />
        <button type="submit" class="primary" disabled={form.busy}>
          Report the repair
        </button>
      </form>
    </section>
  );
}
