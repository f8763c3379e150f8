/**
 * A small world for use-case tests: an in-memory store holding one tenant, a pinned clock, readable
 * ids, actors built the way the surfaces build them, and a matcher for `DomainError`s.
 */
import { expect } from 'vitest';
import {
  effectivePermissions,
  MODULES,
  ROLE_PERMISSIONS,
  type ModuleName,
  type Role,
} from '../../../src/domain/access/permissions.js';
import type { AuditEntry } from '../../../src/domain/audit/audit-entry.js';
import type { OutboxEvent } from '../../../src/domain/events/event.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import type { DomainErrorCode } from '../../../src/domain/shared/errors.js';
import type { Tenant } from '../../../src/domain/tenants/tenant.js';
import type { Repositories } from '../../../src/ports/repositories.js';
import { aTenant } from '../builders.js';
import { FixedClock } from './fixed-clock.js';
import { MemoryUnitOfWork } from './memory-unit-of-work.js';
import { SequentialIds } from './sequential-ids.js';
import { AccessLookups } from '../../../src/domain/identity/access-lookups.js';
import { MemoryAccessSignal } from './memory-access-signal.js';

/** 09:00 UTC: 10:00 on the same day in the builders' default zone, Europe/Amsterdam. */
export const NOW = '2026-03-10T09:00:00.000Z';
export const TODAY = '2026-03-10';

export interface WorldOptions {
  /** Enabled modules; every module by default. */
  readonly modules?: readonly ModuleName[];
  readonly timeZone?: string;
  readonly currency?: string;
  readonly now?: string;
}

export interface World {
  readonly uow: MemoryUnitOfWork;
  readonly clock: FixedClock;
  readonly ids: SequentialIds;
  /** What authentication remembers, one per world as one per process. */
  readonly lookups: AccessLookups;
  /** What the unit of work announced to it. */
  readonly access: MemoryAccessSignal;
  readonly tenant: Tenant;
  /** Writes test data in one transaction, inside the world's tenant. */
  seed(work: (repos: Repositories, tenantId: string) => Promise<unknown>): Promise<void>;
  /** The tenant's audit log, oldest first. */
  audit(): Promise<AuditEntry[]>;
  /** The tenant's outbox, oldest first. */
  events(): Promise<OutboxEvent[]>;
}

export async function newWorld(o: WorldOptions = {}): Promise<World> {
  const access = new MemoryAccessSignal();
  const uow = new MemoryUnitOfWork(undefined, access);
  const tenant = await addTenant(uow, o);
  return {
    uow,
    clock: new FixedClock(o.now ?? NOW),
    ids: new SequentialIds(),
    lookups: new AccessLookups(access),
    access,
    tenant,
    seed: async (work) => {
      await uow.transaction((r) => work(r, tenant.id));
    },
    audit: async () => (await uow.read((r) => r.audit.list(tenant.id, { limit: 1000 }))).reverse(),
    events: () => uow.read((r) => r.outbox.listAfter(tenant.id, 0, 1000)),
  };
}

/** Stores another tenant in the same store (for isolation tests). */
export async function addTenant(uow: MemoryUnitOfWork, o: WorldOptions = {}): Promise<Tenant> {
  const tenant = aTenant({
    modules: [...(o.modules ?? MODULES)],
    ...(o.timeZone ? { timeZone: o.timeZone } : {}),
    ...(o.currency ? { currency: o.currency } : {}),
  });
  await uow.transaction((r) => r.tenants.create(tenant));
  return tenant;
}

/**
 * A signed-in user: the role's permissions plus the tenant's modules. Teachers see only their loan
 * groups (none by default); every other role sees the whole tenant (SPEC §4).
 */
export function userActor(
  tenant: Tenant,
  role: Role,
  o: { id?: string; loanGroupIds?: readonly string[] } = {},
): Actor {
  return {
    tenant,
    principal: { type: 'user', id: o.id ?? `user-${role}`, name: `A ${role}`, role },
    permissions: effectivePermissions(ROLE_PERMISSIONS[role], tenant.modules),
    loanGroupIds: role === 'teacher' ? (o.loanGroupIds ?? []) : null,
  };
}

/** A caller with an API key: its scopes plus the tenant's modules, the whole tenant as its pool. */
export function keyActor(tenant: Tenant, scopes: readonly string[], id = 'key-1'): Actor {
  return {
    tenant,
    principal: { type: 'apiKey', id, name: `key ${id}` },
    permissions: effectivePermissions(scopes, tenant.modules),
    loanGroupIds: null,
  };
}

/**
 * Matches a `DomainError` with this code; with paths, its problems must name exactly those fields.
 * Use as `await expect(promise).rejects.toEqual(domainError('invalid', 'dueDate'))`.
 */
export const domainError = (code: DomainErrorCode, ...paths: string[]) =>
  expect.objectContaining({
    name: 'DomainError',
    code,
    ...(paths.length > 0 ? { problems: paths.map((path) => expect.objectContaining({ path })) } : {}),
  });
