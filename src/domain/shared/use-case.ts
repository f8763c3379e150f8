import type { z } from 'zod';
import { requirePermissions, type Actor } from './actor.js';
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

/** Admits a call: the modules and permissions it requires, then its input, parsed once. */
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
