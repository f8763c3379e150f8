import { z } from 'zod';

/** `system`: Desk itself (a webhook disabled after its receiver said Gone or never answered); `person`: a requester in the portal. */
export const AUDIT_ACTOR_TYPES = ['user', 'apiKey', 'operator', 'anonymous', 'system', 'person'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** One line of the audit log, as answered. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string(),
    via: z.string().optional().describe("The app a person acted through (an OAuth grant's client name)"),
  }),
  action: z.string(),
  target: z.string().describe('What was acted on: `loan:12`, `user:<id>`...'),
  at: z.string(),
  details: z.record(z.string(), z.unknown()).readonly(),
});

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
