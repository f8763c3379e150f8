import type { SetupLink } from '../../domain/identity/setup-link.js';

export abstract class SetupLinkRepository {
  abstract create(tenantId: string, link: SetupLink): Promise<void>;
  /** Marks every unused, unreplaced link of the user as replaced at `at`. */
  abstract replaceOpen(tenantId: string, userId: string, at: string): Promise<void>;
  /** Cross-tenant: the token identifies its tenant. */
  abstract findByTokenHash(tokenHash: string): Promise<{ tenantId: string; link: SetupLink } | null>;
  /** Sets usedAt only if the link is still unused and unreplaced; false otherwise. */
  abstract markUsed(tenantId: string, id: string, at: string): Promise<boolean>;
  /** The links of these users that may still be used at `now` (unused, unreplaced, expiring after it), in no particular order. */
  abstract listOpen(tenantId: string, userIds: readonly string[], now: string): Promise<SetupLink[]>;
}
