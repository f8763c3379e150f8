import type { z } from 'zod';
import type { AnyPermission } from '../access/permissions.js';
import { can, requirePermissions, type Actor } from './actor.js';
import { parseInput } from './validation.js';

/**
 * A use case run on behalf of an actor. Its class declares what it requires of the caller
 * (`required`: the `module.*` switches and the permissions) and the input it takes (`input`, a zod
 * schema); `execute` does the work, on input already parsed, for an actor already admitted.
 *
 * Nothing outside the domain calls `execute` itself: surfaces go through `perform`, or the tool
 * catalogue for tools, which check each call exactly once, in the order module, permission, input,
 * so the first thing wrong decides the answer whatever the surface.
 */
export interface UseCase<I extends z.ZodType = z.ZodType, O = unknown> {
  execute(actor: Actor, input: z.output<I>): Promise<O>;
}

/** The class of a use case, with its declarations. */
export interface UseCaseClass<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly required: readonly string[];
  readonly input: I;
  new (...args: never[]): UseCase<I, O>;
}

/** How surfaces reach a use case's instance: the composition root's resolver (container.get). */
export type Resolve = <T>(useCase: abstract new (...args: never[]) => T) => T;

/**
 * Where a call comes from: the console (a signed-in person, and its assistant, in-product) or an
 * integration (an API key or an app, over REST and MCP).
 */
export type Surface = 'console' | 'assistant' | 'integration';

/**
 * What a surface itself requires of every caller, before anything it runs: the one place the
 * `integrations` module is decided. The credential guards of the REST and MCP surfaces check it
 * (admitSurface) before they read a body; the catalogue's listing of an integration's tools reads it.
 */
export const SURFACE_REQUIRES: Readonly<Record<Surface, readonly AnyPermission[]>> = {
  console: [],
  assistant: [],
  integration: ['module.integrations'],
};

/** Admits a caller to a surface (`module_disabled` when its module is off). */
export function admitSurface(actor: Actor, surface: Surface): void {
  requirePermissions(actor, SURFACE_REQUIRES[surface]);
}

/** Whether a call requiring `required` on `surface` would be admitted (what a listing shows). */
export const admits = (actor: Actor, surface: Surface, required: readonly string[]): boolean =>
  can(actor, SURFACE_REQUIRES[surface]) && can(actor, required);

/**
 * The one admission of a call, whatever runs it (a route, a tool, the CLI): the modules and
 * permissions it requires (module first, so a module that is off decides the answer), then its input,
 * parsed once.
 */
export function admit<I extends z.ZodType>(
  useCase: Pick<UseCaseClass<I>, 'required' | 'input'>,
  actor: Actor,
  input: unknown,
): z.output<I> {
  requirePermissions(actor, useCase.required);
  return parseInput(useCase.input, input);
}

/** Runs a use case for an actor as every surface does: admitted once, then executed. Never throws: rejects. */
export async function perform<I extends z.ZodType, O>(
  resolve: Resolve,
  useCase: UseCaseClass<I, O>,
  actor: Actor,
  input: unknown,
): Promise<O> {
  const admitted = admit(useCase, actor, input);
  return resolve(useCase).execute(actor, admitted);
}
