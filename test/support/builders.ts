import { randomUUID } from 'node:crypto';
import type { DeskConfig } from '../../src/config/index.js';
import type { Tenant } from '../../src/domain/tenants/tenant.js';
import type { Person } from '../../src/domain/people/person.js';
import type { Device } from '../../src/domain/devices/device.js';
import type { Loan, LoanGroup } from '../../src/domain/loans/loan.js';
import type { Submission } from '../../src/domain/submissions/submission.js';
import type { Ticket } from '../../src/domain/tickets/ticket.js';
import type { CostEntry } from '../../src/domain/costs/cost-entry.js';
import type { User } from '../../src/domain/identity/user.js';
import type { StoredApiKey } from '../../src/domain/identity/api-key.js';
import type { SetupLink } from '../../src/domain/identity/setup-link.js';

/** Small factories for test records: every field has a sensible default, overrides win. */
let seq = 0;
const next = () => ++seq;
const T0 = '2026-01-10T09:00:00.000Z';

export const aTenant = (o: Partial<Tenant> = {}): Tenant => {
  const n = next();
  return {
    id: randomUUID(),
    slug: `school-${n}-${randomUUID().slice(0, 6)}`,
    name: `School ${n}`,
    hosts: [],
    timeZone: 'Europe/Amsterdam',
    currency: 'EUR',
    modules: [],
    createdAt: T0,
    ...o,
  };
};

export const aPerson = (o: Partial<Person> = {}): Person => {
  const n = next();
  return {
    id: randomUUID(),
    name: `Person ${n}`,
    email: `person${n}@school.example`,
    kind: 'PUPIL',
    userGroup: '7A',
    externalId: `EXT-${n}`,
    archivedAt: null,
    ...o,
  };
};

export const aDevice = (o: Partial<Device> = {}): Device => {
  const n = next();
  return {
    id: randomUUID(),
    serial: `DEV-${n}-${randomUUID().slice(0, 4)}`,
    kind: 'LAPTOP',
    manufacturer: 'Lenovo',
    model: 'ThinkPad 11e',
    status: 'IN_STOCK',
    assignedPersonId: null,
    purchaseDate: '2024-08-01',
    purchaseCostMinor: 45_000,
    warrantyEnd: '2027-08-01',
    statusBeforeRepair: null,
    ...o,
  };
};

export const aGroup = (o: Partial<LoanGroup> = {}): LoanGroup => ({ id: randomUUID(), name: `Cart ${next()}`, ...o });

export const aLoan = (groupId: string, o: Partial<Loan> = {}): Loan => {
  const n = next();
  return {
    id: randomUUID(),
    number: n,
    kind: 'LAPTOP',
    serial: `LN-${n}-${randomUUID().slice(0, 4)}`,
    groupId,
    status: 'AVAILABLE',
    holderId: null,
    userGroup: null,
    issuedAt: null,
    dueDate: null,
    version: 1,
    ...o,
  };
};

export const aSubmission = (o: Partial<Submission> = {}): Submission => {
  const n = next();
  return {
    id: randomUUID(),
    number: n,
    serial: `DEV-${n}`,
    description: `Screen cracked ${n}`,
    reporterId: null,
    assigneeId: null,
    status: 'NEW',
    coverage: null,
    costMinor: null,
    createdAt: T0,
    updatedAt: T0,
    version: 1,
    ...o,
  };
};

export const aTicket = (o: Partial<Ticket> = {}): Ticket => {
  const n = next();
  return {
    id: randomUUID(),
    number: n,
    subject: `Printer ${n} jammed`,
    body: 'Paper stuck in tray 2',
    status: 'NEW',
    priority: 'NORMAL',
    requesterId: null,
    assigneeId: null,
    categoryId: null,
    teamId: null,
    firstResponseDueAt: null,
    firstRespondedAt: null,
    resolutionDueAt: null,
    createdAt: T0,
    updatedAt: T0,
    ...o,
  };
};

export const aCost = (o: Partial<CostEntry> = {}): CostEntry => ({
  id: randomUUID(),
  type: 'REPAIR',
  coverage: 'SCHOOL',
  amountMinor: 10_000,
  date: '2025-09-15',
  source: `invoice:${next()}`,
  note: null,
  ...o,
});

export const aUser = (o: Partial<User> = {}): User => {
  const n = next();
  return {
    id: randomUUID(),
    email: `user${n}@school.example`,
    name: `User ${n}`,
    role: 'school-admin',
    loanGroupIds: [],
    active: true,
    createdAt: T0,
    ...o,
  };
};

export const aStoredKey = (tenantId: string, o: Partial<StoredApiKey> = {}): StoredApiKey => ({
  id: randomUUID(),
  tenantId,
  name: `key ${next()}`,
  prefix: 'desk_abcdefgh',
  hash: randomUUID().replace(/-/g, ''),
  scopes: ['loan.view'],
  createdAt: T0,
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...o,
});

export const aSetupLink = (userId: string, o: Partial<SetupLink> = {}): SetupLink => ({
  id: randomUUID(),
  purpose: 'recovery',
  userId,
  tokenHash: randomUUID().replace(/-/g, ''),
  filePath: '/tmp/.setup-link.html',
  createdAt: T0,
  expiresAt: '2026-01-10T13:00:00.000Z',
  usedAt: null,
  replacedAt: null,
  ...o,
});

/** Configuration for an app built in-process without loadConfig: embedded, nothing optional set, silent. */
export const aConfig = (o: Partial<DeskConfig> = {}): DeskConfig => ({
  mode: 'embedded',
  installDir: '/nonexistent',
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent/data',
  databaseUrl: null,
  publicUrl: 'http://localhost:3000',
  publicHosts: ['localhost', '127.0.0.1', '[::1]'],
  trustProxy: false,
  jwtSecret: null,
  buildInfoToken: null,
  metricsToken: null,
  sentryDsn: null,
  smtpUrl: null,
  mailFrom: 'desk@localhost',
  alertEmailTo: [],
  encryptionKey: 'A'.repeat(43),
  encryptionKeyPrevious: null,
  webhookAllowPrivate: true,
  diskAlertPercent: 85,
  backups: { intervalHours: 0, keep: 14, dir: '/nonexistent/data/backups' },
  reminderHour: 7,
  redisUrl: null,
  channel: 'stable',
  logLevel: 'silent',
  rateLimits: { mcp: 60, actions: 60, v1: 600, sso: 30 },
  oauthRegistrations: { perAddressPerDay: 200, perSchoolPerDay: 1_000 },
  allowedOrigins: [],
  http: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 10_000 },
  importMaxBytes: 256 * 1024 * 1024,
  checkResponses: true,
  ...o,
});
