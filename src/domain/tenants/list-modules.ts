import { injectable } from 'inversify';
import { z } from 'zod';
import type { ModuleName } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { mayChangeModules, moduleSwitches } from './module-switches.js';

export const listModulesInput = z.object({}).strict();

/** `changeable`: whether the caller may switch them (PUT /api/modules), so the console offers the switches. */
type Modules = { modules: { name: ModuleName; enabled: boolean }[]; changeable: boolean };

/**
 * The tenant's modules, each on or off, for any signed-in user: the console draws its navigation
 * from it. Read from the caller's own tenant as authentication found it (a second old at most).
 */
@injectable()
export class ListModules implements UseCase<typeof listModulesInput, Modules> {
  static readonly required = [] as const;
  static readonly input = listModulesInput;

  async execute(actor: Actor): Promise<Modules> {
    return { modules: moduleSwitches(actor.tenant.modules), changeable: mayChangeModules(actor) };
  }
}
