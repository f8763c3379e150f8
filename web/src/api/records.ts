/**
 * Bringing records in and out as CSV: an import (checked only with `dryRun`, or applied) and the
 * address of each export. Types from the console API's declarations (console-api.gen.ts).
 */
import { api, type Answer } from './client.js';

/** What an import did, or would do on a dry run. */
export type ImportReport = Answer<'post', '/api/import/people'>['import'];
export type ImportKind = ImportReport['kind'];

/** Sends a CSV file to be imported (the body is the file itself, not JSON). */
export async function importCsv(
  kind: ImportKind,
  body: Blob | string,
  o: { dryRun: boolean; archiveMissing: boolean },
): Promise<ImportReport> {
  const params = new URLSearchParams({ dryRun: String(o.dryRun) });
  if (kind === 'people') params.set('archiveMissing', String(o.archiveMissing));
  const answer = await api.post<Answer<'post', '/api/import/people'>>(`/api/import/${kind}?${params}`, body, {
    contentType: 'text/csv',
  });
  return answer.import;
}

/** Where the browser downloads an export from (a plain link: the session cookie goes with it). */
export const exportAddress = (kind: ImportKind): string => `/api/export/${kind}.csv`;
