/**
 * The loaner year (`/settings/loaner-year`, user.manage): when the school year starts (what "this
 * year's agreement" and insurance cover mean) and the checks at the desk when a loan is issued —
 * each rule off, a warning the desk confirms, or a block. Each form sets its setting whole.
 */
import { useState } from 'preact/hooks';
import { CHECKOUT_MODES, type CheckoutMode } from '@desk/contract';
import { ApiError } from '../../../api/client.js';
import {
  checkoutRules,
  saveCheckoutRules,
  saveSchoolYearStart,
  schoolYearStart,
  type CheckoutSettings,
  type SchoolYearSettings,
} from '../../../api/school-settings.js';
import { formatMoney, parseMoney } from '../../../format.js';
import { SelectField, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: new Date(Date.UTC(2026, i, 1)).toLocaleString(undefined, { month: 'long', timeZone: 'UTC' }),
}));

const MODE_LABELS: Readonly<Record<CheckoutMode, string>> = {
  off: 'Off: not checked',
  warn: 'Warn: the desk confirms, then issues',
  block: 'Block: not issued',
};
const MODES = CHECKOUT_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }));

export default function LoanerYearSettingsPage() {
  const year = useResource(schoolYearStart, []);
  const rules = useResource(checkoutRules, []);
  const error = year.error ?? rules.error;
  return (
    <section>
      <PageHeader title="Loaner year" />
      {error && (!year.data || !rules.data) ? (
        <ErrorNotice error={error} onRetry={() => (year.reload(), rules.reload())} />
      ) : !year.data || !rules.data ? (
        <Loading />
      ) : (
        <>
          <SchoolYearForm key={JSON.stringify(year.data)} current={year.data} onSaved={year.reload} />
          <CheckoutForm key={JSON.stringify(rules.data)} current={rules.data} onSaved={rules.reload} />
        </>
      )}
    </section>
  );
}

function SchoolYearForm(props: { current: SchoolYearSettings; onSaved: () => void }) {
  const [month, setMonth] = useState(String(props.current.startMonth));
  const [day, setDay] = useState(String(props.current.startDay));
  const form = useSubmit(async () => {
    await saveSchoolYearStart({ startMonth: Number(month), startDay: Number(day) });
    announce('School year saved');
    props.onSaved();
  });
  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="year-title">
      <h2 id="year-title">School year</h2>
      <p>Acceptable-use agreements and insurance cover count for the school year they fall in.</p>
      <div class="form-row">
        <SelectField
          label="Starts in"
          choices={MONTHS}
          value={month}
          error={form.error('startMonth')}
          onChange={(e: Event) => setMonth((e.currentTarget as HTMLSelectElement).value)}
        />
        <TextField
          label="On day"
          type="number"
          min={1}
          max={31}
          inputMode="numeric"
          value={day}
          error={form.error('startDay')}
          onInput={(e: Event) => setDay((e.currentTarget as HTMLInputElement).value)}
        />
      </div>
      <FormProblem form={form} />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          Save school year
        </button>
      </div>
    </form>
  );
}

function CheckoutForm(props: { current: CheckoutSettings; onSaved: () => void }) {
  const { current } = props;
  const [agreement, setAgreement] = useState<CheckoutMode>(current.agreement.mode);
  const [balance, setBalance] = useState<CheckoutMode>(current.balance.mode);
  const [above, setAbove] = useState(formatMoney(current.balance.aboveMinor).replace(/[^\d.,-]/g, ''));
  const [loans, setLoans] = useState<CheckoutMode>(current.loans.mode);
  const [atMost, setAtMost] = useState(String(current.loans.atMost));
  const form = useSubmit(async () => {
    const aboveMinor = parseMoney(above);
    if (aboveMinor === null || aboveMinor < 0) {
      throw new ApiError(
        400,
        'invalid-input',
        '',
        '',
        new Map([['balance/aboveMinor', 'Enter an amount, such as 10.00']]),
      );
    }
    await saveCheckoutRules({
      agreement: { mode: agreement },
      balance: { mode: balance, aboveMinor },
      loans: { mode: loans, atMost: Number(atMost) },
    });
    announce('Checks at the desk saved');
    props.onSaved();
  });
  const mode = (value: CheckoutMode, set: (m: CheckoutMode) => void) => ({
    choices: MODES,
    value,
    onChange: (e: Event) => set((e.currentTarget as HTMLSelectElement).value as CheckoutMode),
  });
  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="checks-title">
      <h2 id="checks-title">Checks at the desk</h2>
      <p>
        When a loan is issued (the Loans page, the scan desk, an integration or an AI client), Desk looks at the holder.
        A warning is shown to the desk, which may confirm and issue; a block stops the loan.
      </p>
      <fieldset>
        <legend>No acceptable-use agreement this school year (pupils)</legend>
        <SelectField label="Agreement check" error={form.error('agreement/mode')} {...mode(agreement, setAgreement)} />
      </fieldset>
      <fieldset>
        <legend>An outstanding balance</legend>
        <div class="form-row">
          <SelectField label="Balance check" error={form.error('balance/mode')} {...mode(balance, setBalance)} />
          <TextField
            label="When above"
            inputMode="decimal"
            value={above}
            error={form.error('balance/aboveMinor')}
            onInput={(e: Event) => setAbove((e.currentTarget as HTMLInputElement).value)}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Loans already out</legend>
        <div class="form-row">
          <SelectField label="Loans check" error={form.error('loans/mode')} {...mode(loans, setLoans)} />
          <TextField
            label="When this many or more"
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            value={atMost}
            error={form.error('loans/atMost')}
            onInput={(e: Event) => setAtMost((e.currentTarget as HTMLInputElement).value)}
          />
        </div>
      </fieldset>
      <FormProblem form={form} />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          Save checks
        </button>
      </div>
    </form>
  );
}
