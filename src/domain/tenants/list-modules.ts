import { injectable } from 'inversify';
import { z } from 'zod';
import { MODULES } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { mayChangeModules, moduleSwitches } from './module-switches.js';

export const listModulesInput = z.object({}).strict();

/** `changeable`: whether the caller may switch them (PUT /api/modules), so the console offers the switches. */
export const modulesSchema = z.object({
  modules: z
    .array(z.object({ name: z.enum(MODULES), enabled: z.boolean() }))
    .describe('Every module, in catalogue order'),
  changeable: z.boolean().describe('Whether the caller may switch them'),
});
type Modules = z.output<typeof modulesSchema>;

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
