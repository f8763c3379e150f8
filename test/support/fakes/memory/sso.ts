/**
 * The single sign-on repositories in memory, over the one `MemoryState` of store.ts,
 * faithful to src/ports/repositories/sso.ts (test/persistence/sso.contract.ts runs the same assertions
 * on them as on SQLite and Postgres). Rows go in and come out as copies.
 */
import { conflict } from '../../../../src/domain/shared/errors.js';
import type { PendingSignIn, SsoBinding } from '../../../../src/domain/sso/sso-binding.js';
import type { SsoProvider } from '../../../../src/domain/sso/sso-provider.js';
import type {
  PendingSignInRepository,
  SsoBindingRepository,
  SsoProviderRepository,
} from '../../../../src/ports/repositories/sso.js';
import type { MemoryState } from './store.js';

const copy = <T>(value: T): T => structuredClone(value);

export class MemorySsoProviderRepository implements SsoProviderRepository {
  constructor(private readonly state: MemoryState) {}

  async find(tenantId: string): Promise<SsoProvider | null> {
    const found = this.state.ssoProviders.find((o) => o.tenantId === tenantId);
    return found ? copy(found.row) : null;
  }

  async save(tenantId: string, provider: SsoProvider): Promise<void> {
    this.state.ssoProviders = [
      ...this.state.ssoProviders.filter((o) => o.tenantId !== tenantId),
      { tenantId, row: copy(provider) },
    ];
  }

  async remove(tenantId: string): Promise<boolean> {
    const before = this.state.ssoProviders.length;
    this.state.ssoProviders = this.state.ssoProviders.filter((o) => o.tenantId !== tenantId);
    return this.state.ssoProviders.length < before;
  }
}

export class MemorySsoBindingRepository implements SsoBindingRepository {
  constructor(private readonly state: MemoryState) {}

  async create(tenantId: string, binding: SsoBinding): Promise<void> {
    const mine = this.state.ssoBindings.filter((o) => o.tenantId === tenantId).map((o) => o.row);
    if (mine.some((b) => b.issuer === binding.issuer && b.subject === binding.subject)) {
      throw conflict(`single sign-on binding with subject "${binding.subject}" already exists`);
    }
    if (mine.some((b) => b.issuer === binding.issuer && b.userId === binding.userId)) {
      throw conflict('single sign-on binding of that user at that issuer already exists');
    }
    this.state.ssoBindings.push({ tenantId, row: copy(binding) });
  }

  async findBySubject(tenantId: string, issuer: string, subject: string): Promise<SsoBinding | null> {
    return this.find(tenantId, (b) => b.issuer === issuer && b.subject === subject);
  }

  async findByUser(tenantId: string, userId: string, issuer: string): Promise<SsoBinding | null> {
    return this.find(tenantId, (b) => b.userId === userId && b.issuer === issuer);
  }

  async touch(tenantId: string, issuer: string, subject: string, at: string): Promise<boolean> {
    const i = this.state.ssoBindings.findIndex(
      (o) => o.tenantId === tenantId && o.row.issuer === issuer && o.row.subject === subject,
    );
    if (i < 0) return false;
    this.state.ssoBindings[i] = { tenantId, row: { ...this.state.ssoBindings[i]!.row, lastSignInAt: at } };
    return true;
  }

  async removeForUser(tenantId: string, userId: string): Promise<number> {
    const before = this.state.ssoBindings.length;
    this.state.ssoBindings = this.state.ssoBindings.filter(
      (o) => !(o.tenantId === tenantId && o.row.userId === userId),
    );
    return before - this.state.ssoBindings.length;
  }

  private find(tenantId: string, test: (b: SsoBinding) => boolean): SsoBinding | null {
    const found = this.state.ssoBindings.find((o) => o.tenantId === tenantId && test(o.row));
    return found ? copy(found.row) : null;
  }
}

export class MemoryPendingSignInRepository implements PendingSignInRepository {
  constructor(private readonly state: MemoryState) {}

  async create(tenantId: string, signIn: PendingSignIn): Promise<void> {
    if (this.state.pendingSignIns.some((o) => o.row.stateHash === signIn.stateHash)) {
      throw conflict('pending sign-in already exists');
    }
    this.state.pendingSignIns.push({ tenantId, row: copy(signIn) });
  }

  async take(
    stateHash: string,
    at: string,
  ): Promise<{ tenantId: string; signIn: PendingSignIn; taken: boolean } | null> {
    const i = this.state.pendingSignIns.findIndex((o) => o.row.stateHash === stateHash);
    if (i < 0) return null;
    const { tenantId, row } = this.state.pendingSignIns[i]!;
    if (row.usedAt !== null || row.expiresAt <= at) return { tenantId, signIn: copy(row), taken: false };
    const used = { ...row, usedAt: at };
    this.state.pendingSignIns[i] = { tenantId, row: used };
    return { tenantId, signIn: copy(used), taken: true };
  }

  async prune(tenantId: string, before: string): Promise<number> {
    const count = this.state.pendingSignIns.length;
    this.state.pendingSignIns = this.state.pendingSignIns.filter(
      (o) => !(o.tenantId === tenantId && o.row.expiresAt < before),
    );
    return count - this.state.pendingSignIns.length;
  }
}
