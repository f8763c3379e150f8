import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { PERMISSIONS, isPermission, isPrivileged } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { invalid } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { text, wholeNumber } from '../shared/validation.js';
import { lookupOf } from './access-lookups.js';
import { formatKey, keyBodyFromBytes, lookupPrefix, type ApiKey, type StoredApiKey } from './api-key.js';

const scope = z.string().superRefine((s, ctx) => {
  if (s.startsWith('module.')) {
    ctx.addIssue({
      code: 'custom',
      message: `"${s}" is a tenant switch, not a scope: run \`desk module enable <tenant> ${s.slice(7)}\` instead`,
    });
  } else if (isPrivileged(s)) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is a console-only permission and cannot be a key scope` });
  } else if (!isPermission(s)) {
    ctx.addIssue({ code: 'custom', message: `unknown scope "${s}"; scopes: ${PERMISSIONS.join(', ')}` });
  }
});

export const createApiKeyInput = z
  .object({
    name: text(1, 100),
    scopes: z.array(scope).max(PERMISSIONS.length * 2),
    expiresInDays: wholeNumber().min(1).max(3650).optional(),
  })
  .strict();

/**
 * Mints an API key. The key is returned once; only its hash and lookup prefix are stored. A key can
 * hold only permissions its creator holds: a scope the caller lacks is refused like an unknown one
 * (`invalid`, naming `scopes.<i>`), so nobody mints a key that can do more than they can.
 */
@injectable()
export class CreateApiKey implements UseCase<typeof createApiKeyInput, { apiKey: ApiKey; key: string }> {
  static readonly required = ['apikey.manage'] as const;
  static readonly input = createApiKeyInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(actor: Actor, i: z.output<typeof createApiKeyInput>): Promise<{ apiKey: ApiKey; key: string }> {
    const notHeld = i.scopes.flatMap((s, n) =>
      actor.permissions.has(s)
        ? []
        : [{ path: `scopes.${n}`, message: `you do not hold "${s}": a key can only have permissions you hold` }],
    );
    if (notHeld.length > 0) throw invalid(notHeld);
    const now = this.clock.now();
    const key = formatKey(keyBodyFromBytes(this.secrets.randomBytes(48)));
    const stored: StoredApiKey = {
      id: this.ids.next(),
      tenantId: actor.tenant.id,
      name: i.name,
      prefix: lookupPrefix(key),
      hash: this.secrets.hash(key),
      scopes: [...new Set(i.scopes)],
      createdAt: now.toISOString(),
      expiresAt: i.expiresInDays ? new Date(now.getTime() + i.expiresInDays * 86_400_000).toISOString() : null,
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.uow.transaction(async (repos) => {
      await repos.apiKeys.create(stored);
      // A prefix looked up before found nothing: the new key works at once all the same.
      await repos.accessChanges.changed([lookupOf.apiKeys(stored.prefix)]);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'apikey.create',
        target: `apiKey:${stored.id}`,
        at: stored.createdAt,
        details: { name: stored.name, prefix: stored.prefix, scopes: stored.scopes, expiresAt: stored.expiresAt },
      });
    });
    const { tenantId: _t, hash: _h, ...apiKey } = stored;
    return { apiKey, key };
  }
}
