/**
 * What a user may import, and export, as the server decides it (docs/records.md, "Import and export"):
 * kept apart from the page so routes.ts can ask without loading the page's chunk.
 */
import { can, me } from '../../../state/session.js';

import type { ImportKind } from '../../../api/records.js';

export type { ImportKind };

export const KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  people: 'People',
  devices: 'Devices',
  loans: 'Loan units',
};

/** The kinds this user may import: the module and the manage permission; loans need the whole pool. */
export function importKinds(): ImportKind[] {
  const kinds: ImportKind[] = [];
  if (can('module.people', 'person.manage')) kinds.push('people');
  if (can('module.assets', 'device.manage')) kinds.push('devices');
  if (can('module.loans', 'loan.manage') && (me.value?.user.loanGroupIds.length ?? 0) === 0) kinds.push('loans');
  return kinds;
}

/** The kinds this user may export (the view permission and the module). */
export function exportKinds(): ImportKind[] {
  const kinds: ImportKind[] = [];
  if (can('module.people', 'person.view')) kinds.push('people');
  if (can('module.assets', 'device.view')) kinds.push('devices');
  if (can('module.loans', 'loan.view')) kinds.push('loans');
  return kinds;
}
