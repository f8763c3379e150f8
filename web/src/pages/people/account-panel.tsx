/**
 * A person's account on their page (charge.manage): what they owe, this school year's insurance
 * cover and claims, every charge, payment and waiver (newest first), and one form at a time to
 * charge, record a payment, waive, or set the year's cover. Kept in its own file so the person page
 * only places it. Amounts are typed in the school's currency and sent in minor units.
 */
import { useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import {
  getAccount,
  PAYMENT_METHOD_LABELS,
  recordCharge,
  recordPayment,
  recordWaiver,
  removeCoverage,
  setCoverage,
  type Account,
  type AccountEntry,
  type AccountHolder,
  type ChargeableRepair,
  type PaymentMethod,
} from '../../api/accounts.js';
import { formatInstant, formatMoney, parseMoney } from '../../format.js';
import { confirm } from '../../ui/confirm.js';
import { SelectField, TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading } from '../../ui/page.js';
import { DataTable } from '../../ui/table.js';
import { eventRecord, useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import '../../ui/panel.css';

type Form = 'charge' | 'payment' | 'waiver' | 'cover';

/** The typed amount in minor units, or a message beside the field (as the server's are). */
function amountOf(text: string): number {
  const minor = parseMoney(text);
  if (minor === null || minor <= 0) {
    throw new ApiError(
      400,
      'invalid-input',
      'Invalid input',
      '',
      new Map([['amountMinor', 'enter an amount, such as 12.50']]),
    );
  }
  return minor;
}

export function AccountPanel(props: { person: AccountHolder; repairs?: readonly ChargeableRepair[] }) {
  const { person } = props;
  const account = useResource(() => getAccount(person.id), [person.id]);
  const [open, setOpen] = useState<Form | null>(null);
  useLiveReload(
    (e) => (e.type === 'charge.created' || e.type === 'payment.recorded') && eventRecord(e, 'person')?.id === person.id,
    account.reload,
  );
  const data = account.data;
  const pupil = person.kind === 'PUPIL';
  const done = () => {
    setOpen(null);
    account.reload();
  };
  const toggle = (form: Form) => setOpen(open === form ? null : form);

  return (
    <section class="account-panel" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      {account.error && !data ? (
        <ErrorNotice error={account.error} onRetry={account.reload} />
      ) : !data ? (
        <Loading label="Loading the account…" />
      ) : (
        <>
          <dl class="facts">
            <dt>Owes</dt>
            <dd>
              <strong>{formatMoney(data.balanceMinor)}</strong>
            </dd>
            <dt>Insurance {data.schoolYear}</dt>
            <dd>
              {data.coverage
                ? `${data.coverage.plan}: ${data.insurance.claimsUsed} of ${data.insurance.claimsPerYear} claims used, ${formatMoney(data.insurance.deductibleMinor)} to pay per claim`
                : 'Not covered'}
            </dd>
          </dl>
          <div class="ops-buttons">
            {pupil && (
              <button type="button" aria-expanded={open === 'charge'} onClick={() => toggle('charge')}>
                Charge
              </button>
            )}
            <button
              type="button"
              aria-expanded={open === 'payment'}
              disabled={data.balanceMinor <= 0}
              onClick={() => toggle('payment')}
            >
              Record a payment
            </button>
            <button
              type="button"
              aria-expanded={open === 'waiver'}
              disabled={data.balanceMinor <= 0}
              onClick={() => toggle('waiver')}
            >
              Waive
            </button>
            {pupil && (
              <button type="button" aria-expanded={open === 'cover'} onClick={() => toggle('cover')}>
                {data.coverage ? 'Change cover' : 'Set cover'}
              </button>
            )}
            {pupil && data.coverage && <RemoveCover person={person} account={data} onDone={done} />}
          </div>
          {open === 'charge' && <ChargeForm person={person} repairs={props.repairs ?? []} onDone={done} />}
          {open === 'payment' && <PaymentForm person={person} owed={data.balanceMinor} onDone={done} />}
          {open === 'waiver' && <WaiverForm person={person} entries={data.entries} onDone={done} />}
          {open === 'cover' && <CoverForm person={person} account={data} onDone={done} />}
          <DataTable
            caption={`Account of ${person.name}, newest first`}
            rows={data.entries}
            rowKey={(e) => e.id}
            busy={account.loading}
            empty="Nothing charged or paid."
            columns={[
              { header: 'Recorded', cell: (e) => formatInstant(e.recordedAt) },
              { header: 'Entry', cell: (e) => ENTRY_LABELS[e.kind] },
              {
                header: 'Amount',
                numeric: true,
                cell: (e) => (e.kind === 'charge' ? '' : '−') + formatMoney(e.amountMinor),
              },
              { header: 'Details', cell: (e) => detailsOf(e) },
            ]}
          />
        </>
      )}
    </section>
  );
}

const ENTRY_LABELS: Readonly<Record<AccountEntry['kind'], string>> = {
  charge: 'Charge',
  payment: 'Payment',
  waiver: 'Waiver',
};

function detailsOf(e: AccountEntry): string {
  if (e.kind === 'payment')
    return [e.method ? PAYMENT_METHOD_LABELS[e.method] : null, e.reference].filter(Boolean).join(', ');
  const parts = [e.reason];
  if (e.kind === 'charge') {
    if (e.loanNumber !== null) parts.push(`loaner ${e.loanNumber}`);
    if (e.claimYear)
      parts.push(
        `insurance claim (${e.plan}): ${formatMoney(e.grossMinor)} less ${formatMoney(e.coveredMinor)} covered`,
      );
    else if (e.plan) parts.push(`covered by ${e.plan}, but no claims left this year`);
  }
  if (e.kind === 'waiver' && e.chargeId) parts.push('of one charge');
  return parts.filter(Boolean).join(' · ');
}

function ChargeForm(props: { person: AccountHolder; repairs: readonly ChargeableRepair[]; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [repair, setRepair] = useState('');
  const [loan, setLoan] = useState('');
  const form = useSubmit(async () => {
    const amountMinor = amountOf(amount);
    const loanNumber = loan.trim() === '' ? undefined : Number(loan.trim());
    const { entry, cover } = await recordCharge(props.person.id, {
      amountMinor,
      reason,
      ...(repair ? { submissionId: repair } : {}),
      ...(loanNumber === undefined ? {} : { loanNumber }),
    });
    announce(
      cover === 'claim'
        ? `Charged ${formatMoney(entry.amountMinor)}: the insurance covered ${formatMoney(entry.coveredMinor)}`
        : cover === 'no_claims_left'
          ? `Charged ${formatMoney(entry.amountMinor)} in full: no insurance claims left this year`
          : `Charged ${formatMoney(entry.amountMinor)}`,
    );
    props.onDone();
  });
  return (
    <form class="ops-panel" onSubmit={form.submit} onInput={form.reset} aria-labelledby="charge-title">
      <h3 id="charge-title">Charge {props.person.name}</h3>
      <p class="field-hint">
        When they are covered this school year and have a claim left, the charge is reduced to the deductible.
      </p>
      <div class="ops-form-grid">
        <TextField
          label="Amount"
          inputMode="decimal"
          autocomplete="off"
          required
          value={amount}
          error={form.error('amountMinor')}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
        <TextField
          label="Reason"
          hint="A cracked screen, a lost charger…"
          required
          maxLength={500}
          value={reason}
          error={form.error('reason')}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
        {props.repairs.length > 0 && (
          <SelectField
            label="Repair"
            value={repair}
            error={form.error('submissionId')}
            onChange={(e) => setRepair((e.currentTarget as HTMLSelectElement).value)}
            choices={[
              { value: '', label: 'None' },
              ...props.repairs.map((r) => ({ value: r.id, label: `#${r.number} (${r.serial})` })),
            ]}
          />
        )}
        <TextField
          label="Loaner number"
          hint="For a lost or damaged loaner"
          inputMode="numeric"
          autocomplete="off"
          value={loan}
          error={form.error('loanNumber')}
          onInput={(e) => setLoan(e.currentTarget.value)}
        />
      </div>
      <FormProblem form={form} />
      <div class="ops-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Charging…' : 'Charge'}
        </button>
      </div>
    </form>
  );
}

function PaymentForm(props: { person: AccountHolder; owed: number; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const form = useSubmit(async () => {
    const amountMinor = amountOf(amount);
    const { balanceMinor } = await recordPayment(props.person.id, {
      amountMinor,
      method,
      ...(reference.trim() ? { reference } : {}),
    });
    announce(`Payment of ${formatMoney(amountMinor)} recorded; ${formatMoney(balanceMinor)} still owed`);
    props.onDone();
  });
  return (
    <form class="ops-panel" onSubmit={form.submit} onInput={form.reset} aria-labelledby="payment-title">
      <h3 id="payment-title">Record a payment</h3>
      <p class="field-hint">At most what is owed ({formatMoney(props.owed)}): Desk keeps no credit.</p>
      <div class="ops-form-grid">
        <TextField
          label="Amount"
          inputMode="decimal"
          autocomplete="off"
          required
          value={amount}
          error={form.error('amountMinor')}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
        <SelectField
          label="Paid by"
          value={method}
          error={form.error('method')}
          onChange={(e) => setMethod((e.currentTarget as HTMLSelectElement).value as PaymentMethod)}
          choices={Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <TextField
          label="Reference"
          hint="A receipt or transaction number"
          maxLength={200}
          value={reference}
          error={form.error('reference')}
          onInput={(e) => setReference(e.currentTarget.value)}
        />
      </div>
      <FormProblem form={form} />
      <div class="ops-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Recording…' : 'Record the payment'}
        </button>
      </div>
    </form>
  );
}

function WaiverForm(props: { person: AccountHolder; entries: readonly AccountEntry[]; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [charge, setCharge] = useState('');
  const charges = props.entries.filter((e) => e.kind === 'charge');
  const form = useSubmit(async () => {
    const amountMinor = amountOf(amount);
    await recordWaiver(props.person.id, { amountMinor, reason, ...(charge ? { chargeId: charge } : {}) });
    announce(`${formatMoney(amountMinor)} waived`);
    props.onDone();
  });
  return (
    <form class="ops-panel" onSubmit={form.submit} onInput={form.reset} aria-labelledby="waiver-title">
      <h3 id="waiver-title">Waive</h3>
      <div class="ops-form-grid">
        <TextField
          label="Amount"
          inputMode="decimal"
          autocomplete="off"
          required
          value={amount}
          error={form.error('amountMinor')}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
        <TextField
          label="Reason"
          hint="Hardship, a charge made in error…"
          required
          maxLength={500}
          value={reason}
          error={form.error('reason')}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
        <SelectField
          label="Of"
          value={charge}
          error={form.error('chargeId')}
          onChange={(e) => setCharge((e.currentTarget as HTMLSelectElement).value)}
          choices={[
            { value: '', label: 'What they owe in general' },
            ...charges.map((c) => ({
              value: c.id,
              label: `${formatMoney(c.amountMinor)} charged ${formatInstant(c.recordedAt)}: ${c.reason ?? ''}`,
            })),
          ]}
        />
      </div>
      <FormProblem form={form} />
      <div class="ops-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Waiving…' : 'Waive'}
        </button>
      </div>
    </form>
  );
}

function CoverForm(props: { person: AccountHolder; account: Account; onDone: () => void }) {
  const [plan, setPlan] = useState(props.account.coverage?.plan ?? '');
  const [year, setYear] = useState(props.account.schoolYear);
  const form = useSubmit(async () => {
    await setCoverage(props.person.id, plan, year);
    announce(`${props.person.name} is covered by ${plan.trim()} for ${year}`);
    props.onDone();
  });
  return (
    <form class="ops-panel" onSubmit={form.submit} onInput={form.reset} aria-labelledby="cover-title">
      <h3 id="cover-title">Insurance cover</h3>
      <div class="ops-form-grid">
        <TextField
          label="Plan"
          required
          maxLength={100}
          value={plan}
          error={form.error('plan')}
          onInput={(e) => setPlan(e.currentTarget.value)}
        />
        <TextField
          label="School year"
          hint="Such as 2026-2027"
          required
          value={year}
          error={form.error('schoolYear')}
          onInput={(e) => setYear(e.currentTarget.value)}
        />
      </div>
      <FormProblem form={form} />
      <div class="ops-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save cover'}
        </button>
      </div>
    </form>
  );
}

function RemoveCover(props: { person: AccountHolder; account: Account; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const yes = await confirm({
      title: `Remove ${props.person.name}'s cover for ${props.account.schoolYear}?`,
      message: 'Charges from now on are not reduced. Charges already made keep what they were charged.',
      confirmLabel: 'Remove cover',
      danger: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await removeCoverage(props.person.id, props.account.schoolYear);
      announce('Cover removed');
      props.onDone();
    } catch (e) {
      announce(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" class="danger" disabled={busy} onClick={remove}>
      Remove cover
    </button>
  );
}
