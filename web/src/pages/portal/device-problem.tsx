/**
 * Report a problem with a device (`/portal/device-problem`): one of the devices or loaners the
 * person holds now (for a teacher, one a pupil of theirs holds: choosing the pupil lists theirs),
 * what is wrong with it, sent as a repair for the IT team. The problems they reported follow, with
 * where each stands.
 */
import { useId, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import { myDevices, myRepairs, reportDeviceProblem, type PortalDevice, type PortalRepair } from '../../api/portal.js';
import { formatDate, formatInstant } from '../../format.js';
import { portalMe } from '../../state/portal.js';
import { SelectField, TextArea } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { Empty, ErrorNotice, Loading } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import { kindName } from '../../words.js';
import { DeviceProblemStatus, fieldProblem, PortalHeader, sentence } from './parts.js';

/** A device as the person knows it: what it is, and its serial (written on a sticker on it). */
function deviceWords(d: PortalDevice): string {
  const what =
    d.source === 'loan'
      ? `Loaner ${d.loanNumber} (${kindName(d.kind)})`
      : [kindName(d.kind), d.model].filter(Boolean).join(' ');
  const due = d.dueDate ? `, due back ${formatDate(d.dueDate)}` : '';
  return `${what} (serial ${d.serial})${due}`;
}

export default function DeviceProblemPage() {
  const me = portalMe.value!;
  const [forPersonId, setForPersonId] = useState('');
  const devices = useResource(() => myDevices(forPersonId || undefined).then((r) => r.devices), [forPersonId]);
  const reported = useResource(() => myRepairs().then((r) => r.repairs), []);
  const [serial, setSerial] = useState('');
  const [description, setDescription] = useState('');
  const [sent, setSent] = useState<PortalRepair | null>(null);
  const list = devices.data ?? [];
  // One device only: it is the one.
  const chosen = serial || (list.length === 1 ? list[0]!.serial : '');
  const form = useSubmit(async () => {
    if (!chosen) throw fieldProblem('serial', 'Choose the device first');
    if (!description.trim()) throw fieldProblem('description', 'Tell us what is wrong with it');
    const { repair } = await reportDeviceProblem({
      serial: chosen,
      description: description.trim(),
      ...(forPersonId ? { forPersonId } : {}),
    }).catch((e: unknown) => {
      // Not a device they hold (any more): said beside the devices, in the server's words.
      if (e instanceof ApiError && e.status === 404) {
        throw new ApiError(404, e.kind, e.title, e.detail, new Map([['serial', sentence(e.detail)]]));
      }
      throw e;
    });
    announce(`Problem report #${repair.number} sent`);
    setSent(repair);
    setSerial('');
    setDescription('');
    reported.reload();
  });

  return (
    <section>
      <PortalHeader title="Report a device problem" />
      <p class="portal-intro">
        Is a school laptop, tablet or loaner broken or not working right? Tell the IT team here.
      </p>
      {sent && (
        <p class="notice notice-ok" role="status">
          Thank you! Your report #{sent.number} for {sent.serial} is with the IT team.
        </p>
      )}
      <form class="portal-form" onSubmit={form.submit} noValidate>
        {me.pupils.length > 0 && (
          <SelectField
            label="Whose device is it?"
            value={forPersonId}
            onChange={(e: Event) => {
              setForPersonId((e.currentTarget as HTMLSelectElement).value);
              setSerial('');
              form.reset();
            }}
            choices={[
              { value: '', label: `Mine (${me.person.name})` },
              ...me.pupils.map((p) => ({ value: p.id, label: p.userGroup ? `${p.name} (${p.userGroup})` : p.name })),
            ]}
          />
        )}
        {devices.error !== undefined ? (
          <ErrorNotice error={devices.error} onRetry={devices.reload} />
        ) : devices.data === undefined ? (
          <Loading label="Finding the devices…" />
        ) : list.length === 0 ? (
          <Empty>
            {forPersonId
              ? 'This pupil has no device or loaner from the school right now.'
              : 'You have no device or loaner from the school right now. For anything else, start a new request.'}
          </Empty>
        ) : (
          <>
            <DeviceChoice
              devices={list}
              chosen={chosen}
              onChoose={(s) => (setSerial(s), form.reset())}
              error={form.error('serial')}
            />
            <TextArea
              label="What is wrong with it?"
              hint="For example: the screen is cracked, it will not charge, a key is missing."
              value={description}
              maxLength={4000}
              onInput={(e: Event) => (setDescription((e.currentTarget as HTMLTextAreaElement).value), form.reset())}
              error={form.error('description')}
            />
            <FormProblem form={form} />
            <button type="submit" class="primary" disabled={form.busy}>
              {form.busy ? 'Sending…' : 'Send report'}
            </button>
          </>
        )}
      </form>
      <section aria-labelledby="portal-reported-heading">
        <h2 id="portal-reported-heading">Problems you reported</h2>
        {reported.error !== undefined && <ErrorNotice error={reported.error} onRetry={reported.reload} />}
        {reported.data === undefined && reported.error === undefined && <Loading />}
        {reported.data && reported.data.length === 0 && <Empty>None yet.</Empty>}
        {reported.data && reported.data.length > 0 && (
          <ul class="portal-cards" aria-label="Problems you reported, newest first">
            {reported.data.map((r) => (
              <li key={r.id} class="portal-card">
                <h3 class="portal-card-title">
                  #{r.number} · serial {r.serial}
                </h3>
                <p class="portal-card-text">{r.description}</p>
                <p class="portal-card-facts">
                  <DeviceProblemStatus status={r.status} />
                  <span class="portal-muted">Reported {formatInstant(r.createdAt)}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** The devices as radio buttons in a group, its message tied to the group. */
function DeviceChoice(props: {
  devices: readonly PortalDevice[];
  chosen: string;
  onChoose: (serial: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset
      class={`portal-choices${props.error ? ' field-invalid' : ''}`}
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend>Which device?</legend>
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
      {props.devices.map((d, i) => (
        <div class="field field-check" key={d.serial}>
          <input
            type="radio"
            id={`${id}-${i}`}
            name="device"
            value={d.serial}
            checked={props.chosen === d.serial}
            aria-invalid={props.error ? true : undefined}
            onChange={() => props.onChoose(d.serial)}
          />
          <label for={`${id}-${i}`}>{deviceWords(d)}</label>
        </div>
      ))}
    </fieldset>
  );
}
