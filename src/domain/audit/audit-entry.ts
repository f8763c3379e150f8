/** `system`: Desk itself (a webhook disabled after its receiver said Gone or never answered). */
export type AuditActorType = 'user' | 'apiKey' | 'operator' | 'anonymous' | 'system';

/** One line of the tenant's audit log. `details` never holds a secret. */
export interface AuditEntry {
  readonly id: string;
  /** `via`: the app a person acted through (an OAuth grant's client name): "Dana, via Claude". */
  readonly actor: { readonly type: AuditActorType; readonly id: string; readonly via?: string };
  readonly action: string;
  /** What was acted on, e.g. `loan:12`, `apiKey:<id>`, `user:<id>`. */
  readonly target: string;
  readonly at: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;
