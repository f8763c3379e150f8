/**
 * The one error a use case throws. Each surface (MCP, REST, console, CLI) maps `code` to its own
 * status in one table, because the seed maps the same cause differently per surface.
 * Anything thrown that is not a DomainError is a bug.
 */
export type DomainErrorCode =
  | 'invalid' // input failed validation; `problems` names each field
  | 'not_found' // a record (or tenant, user, key) does not exist for this tenant
  | 'conflict' // a state transition is not allowed from the current state, or a duplicate
  | 'forbidden' // the caller lacks a permission
  | 'module_disabled' // the tenant has not enabled the module
  | 'unauthorized' // a credential is missing, wrong, revoked or expired
  | 'rate_limited' // too many attempts (sign-in failures); try again later
  | 'confirmation_required'; // the change needs the caller to confirm what it was warned of (resend with confirm: true)

export interface Problem {
  /** Dotted path of the offending field, e.g. `dueDate` or `scopes.1`; empty for the whole input. */
  readonly path: string;
  readonly message: string;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly problems: readonly Problem[] = [],
    /** More for the caller to act on, beside the message (the reasons a check at the desk gave). */
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string, ref: string | number): DomainError =>
  new DomainError('not_found', `${what} ${ref} was not found`);

export const conflict = (message: string): DomainError => new DomainError('conflict', message);

export const invalid = (problems: readonly Problem[]): DomainError =>
  new DomainError(
    'invalid',
    problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '),
    problems,
  );

export const invalidField = (path: string, message: string): DomainError => invalid([{ path, message }]);

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
