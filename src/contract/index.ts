/**
 * The console API's shared vocabulary: the one module of src the browser console may import (the
 * architecture test allows no other), so the console and the server check against the very same
 * lists and state machines instead of copies. Everything here is plain data and functions that
 * import no package: the console's bundle gets no zod, no inversify.
 *
 * The wire types are not here: they are generated from the route declarations
 * (web/src/api/console-api.gen.ts).
 */
export {
  MODULES,
  PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  PRIVILEGED_PERMISSIONS,
  ROLES,
  ROLE_PERMISSIONS,
  type AnyPermission,
  type ModuleName,
  type ModulePermission,
  type Permission,
  type PrivilegedPermission,
  type Role,
} from '../domain/access/permissions.js';
export { COST_TYPES, type CostType } from '../domain/costs/cost-entry.js';
export { DEVICE_STATUSES, nextDeviceStatuses, type DeviceStatus } from '../domain/devices/device-states.js';
export { EVENT_KINDS, SUBSCRIBABLE_KINDS, type EventKind } from '../domain/events/event.js';
export { LOAN_KINDS, LOAN_STATUSES, type LoanKind, type LoanStatus } from '../domain/loans/loan-states.js';
export {
  CHECKOUT_CODES,
  CHECKOUT_MODES,
  CHECKOUT_RULES,
  type CheckoutMode,
  type CheckoutReason,
  type CheckoutRule,
} from '../domain/loans/checkout-rules.js';
export {
  AUTHORIZATION_REFUSAL_MESSAGES,
  AUTHORIZATION_REFUSALS,
  AUTHORIZATION_REFUSED_GENERIC,
  isAuthorizationRefusal,
  type AuthorizationRefusal,
} from '../domain/oauth/refusals.js';
export { PERSON_KINDS, type PersonKind } from '../domain/people/person-kinds.js';
export { RESERVATION_HOLD_CODE } from '../domain/reservations/reservation-codes.js';
export { isSsoRefusal, SSO_REFUSALS, SSO_REFUSAL_MESSAGES, type SsoRefusal } from '../domain/sso/refusals.js';
export {
  closesWithoutRepair,
  COVERAGES,
  nextRepairStatuses,
  REPAIR_MOVES,
  REPAIR_MOVES_FROM,
  SUBMISSION_STATUSES,
  type Coverage,
  type RepairMove,
  type SubmissionStatus,
} from '../domain/submissions/repair-states.js';
export {
  canMove as canMoveTicket,
  TICKET_MOVES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '../domain/tickets/ticket-states.js';
export { nextDueAt } from '../domain/tickets/service-targets/running.js';
