import type { z } from 'zod';
import type { Actor } from '../../../src/domain/shared/actor.js';
import { admit, type UseCaseClass } from '../../../src/domain/shared/use-case.js';

type Output<C> = C extends UseCaseClass<z.ZodType, infer O> ? O : never;

/**
 * A use case as every surface calls it: built from its class and constructor arguments, admitted by
 * its own declarations (module, permissions, then input, once: use-case.ts), then executed. Unit
 * tests hold their use cases this way, so a refusal they expect comes from the same place it comes
 * from in production, and input goes in raw, as a client sends it.
 */
export function asCalled<C extends UseCaseClass>(
  useCase: C,
  ...args: ConstructorParameters<C>
): { execute(actor: Actor, input: z.input<C['input']>): Promise<Output<C>> } {
  const instance = new useCase(...(args as never[]));
  return {
    execute: async (actor, input) => (await instance.execute(actor, admit(useCase, actor, input))) as Output<C>,
  };
}
