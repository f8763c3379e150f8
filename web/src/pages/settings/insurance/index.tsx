/**
 * Insurance terms (`/settings/insurance`, user.manage): what a covered pupil still pays per claim
 * (the deductible) and how many claims a year the cover takes. Which pupils are covered is set on
 * each pupil's page.
 */
import { useEffect, useState } from 'preact/hooks';
import { insuranceTerms, saveInsuranceTerms } from '../../../api/accounts.js';
import { ApiError } from '../../../api/client.js';
import { currencyDigits, parseMoney } from '../../../format.js';
import { TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';
import '../../../ui/panel.css';
import '../admin.css';

const invalid = (field: string, message: string) =>
  new ApiError(400, 'invalid-input', 'Invalid input', '', new Map([[field, message]]));

export default function InsuranceSettingsPage() {
  const terms = useResource(insuranceTerms, []);
  const [deductible, setDeductible] = useState('');
  const [claims, setClaims] = useState('');
  const data = terms.data;
  // The form starts from what is saved (once it is read).
  useEffect(() => {
    if (!data) return;
    setDeductible((data.deductibleMinor / 10 ** currencyDigits()).toFixed(currencyDigits()));
    setClaims(String(data.claimsPerYear));
  }, [data]);
  const form = useSubmit(async () => {
    const deductibleMinor = parseMoney(deductible);
    if (deductibleMinor === null || deductibleMinor < 0)
      throw invalid('deductibleMinor', 'enter an amount, such as 25.00');
    if (!/^\d+$/.test(claims.trim())) throw invalid('claimsPerYear', 'enter a whole number, such as 1');
    await saveInsuranceTerms({ deductibleMinor, claimsPerYear: Number(claims.trim()) });
    announce('Insurance terms saved');
    terms.reload();
  });

  return (
    <section>
      <PageHeader title="Insurance" />
      <p>
        A pupil covered for the school year pays only the deductible on a charge, for as many claims a year as the cover
        takes; beyond them, charges are in full. A charge no larger than the deductible uses no claim. Mark pupils
        covered on their own page.
      </p>
      {terms.error && !data ? (
        <ErrorNotice error={terms.error} onRetry={terms.reload} />
      ) : !data ? (
        <Loading />
      ) : (
        <form class="ops-panel" onSubmit={form.submit} onInput={form.reset} aria-label="Insurance terms">
          <div class="ops-form-grid">
            <TextField
              label="Deductible per claim"
              inputMode="decimal"
              autocomplete="off"
              required
              value={deductible}
              error={form.error('deductibleMinor')}
              onInput={(e) => setDeductible(e.currentTarget.value)}
            />
            <TextField
              label="Claims per school year"
              hint="0: the cover takes no claims"
              inputMode="numeric"
              autocomplete="off"
              required
              value={claims}
              error={form.error('claimsPerYear')}
              onInput={(e) => setClaims(e.currentTarget.value)}
            />
          </div>
          <FormProblem form={form} />
          <div class="ops-buttons">
            <button type="submit" class="primary" disabled={form.busy}>
              {form.busy ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
