import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { AnyPermission } from '../access/permissions.js';
import type { Actor, TenantContext } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase, UseCaseClass } from '../shared/use-case.js';

/**
 * A school's setting, declared once beside the capability it steers (reminders, insurance, the
 * checks at the desk, the school year): its name (`/api/settings/<name>`), what it is, who may read
 * and change it, and its shape, in which every field carries its default, so a school that never
 * saved it reads the defaults and a `PUT` that leaves a field out sets that field back to its
 * default. The use cases to read and write it, their routes and the document follow from this.
 */
export interface SchoolSetting<S extends z.ZodObject = z.ZodObject> {
  /** The address's last part and the stored name: lower-case words joined by hyphens. */
  readonly name: string;
  /** What it is, in a few words (the document's and the audit's). */
  readonly title: string;
  /** Its shape's name in the document and the console's types: `CheckoutSettings`. */
  readonly typeName: string;
  /** The modules and permissions that read and write it. */
  readonly required: readonly AnyPermission[];
  /** The value, strict, every field with its default. */
  readonly schema: S;
  /** The use cases that read and write it (made by defineSchoolSetting). */
  readonly get: UseCaseClass<z.ZodObject, z.output<S>>;
  readonly put: UseCaseClass<S, z.output<S>>;
}

/** The value a school has, or the defaults: a stored value that no longer parses is read as the defaults. */
export async function readSchoolSetting<S extends z.ZodObject>(
  repos: Repositories,
  tenantId: string,
  setting: Pick<SchoolSetting<S>, 'name' | 'schema'>,
): Promise<z.output<S>> {
  const stored = await repos.schoolSettings.get(tenantId, setting.name);
  const parsed = setting.schema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : setting.schema.parse({});
}

const pascal = (name: string): string =>
  name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const noInput = z.object({}).strict();

/** Declares a school setting and makes its two use cases (`Get<Name>Settings`, `Set<Name>Settings`). */
export function defineSchoolSetting<S extends z.ZodObject>(declaration: {
  name: string;
  title: string;
  required: readonly AnyPermission[];
  schema: S;
  /** What else a new value changes, in the same transaction (the due times a school's hours move). */
  afterSave?: (repos: Repositories, tenant: TenantContext, value: z.output<S>) => Promise<unknown>;
}): SchoolSetting<S> {
  const { name, title, required, schema, afterSave } = declaration;

  @injectable()
  class GetSetting implements UseCase<typeof noInput, z.output<S>> {
    static readonly required = required;
    static readonly input = noInput;

    constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

    async execute(actor: Actor): Promise<z.output<S>> {
      return this.uow.read((repos) => readSchoolSetting(repos, actor.tenant.id, { name, schema }));
    }
  }

  @injectable()
  class SetSetting implements UseCase<S, z.output<S>> {
    static readonly required = required;
    static readonly input = schema;

    constructor(
      @inject(UnitOfWork) private readonly uow: UnitOfWork,
      @inject(Clock) private readonly clock: Clock,
      @inject(IdGenerator) private readonly ids: IdGenerator,
    ) {}

    async execute(actor: Actor, value: z.output<S>): Promise<z.output<S>> {
      const at = this.clock.now().toISOString();
      return this.uow.transaction(async (repos) => {
        const before = await readSchoolSetting(repos, actor.tenant.id, { name, schema });
        await repos.schoolSettings.put(actor.tenant.id, name, value, at);
        await afterSave?.(repos, actor.tenant, value);
        await recordChange(repos, this.ids, {
          tenantId: actor.tenant.id,
          actor: auditActor(actor),
          action: `settings.${name}.set`,
          target: `tenant:${actor.tenant.slug}`,
          at,
          details: { from: before, to: value },
        });
        return value;
      });
    }
  }

  // The names the document's operation ids and the error reports use.
  const typeName = `${pascal(name)}Settings`;
  Object.defineProperty(GetSetting, 'name', { value: `Get${typeName}` });
  Object.defineProperty(SetSetting, 'name', { value: `Set${typeName}` });
  return { name, title, typeName, required, schema, get: GetSetting, put: SetSetting };
}
