import type { z } from 'zod';
import type { ModuleName, Permission } from '../access/permissions.js';
import type { Actor } from '../shared/actor.js';

/** How a tool handler reaches its use case: the composition root's resolver (container.get). */
export type Resolve = <T>(useCase: abstract new (...args: never[]) => T) => T;

/**
 * One desk operation, defined once. MCP `tools/list` and `tools/call`, the REST action surface, its
 * OpenAPI document, the discovery GET and the console assistant are all views of this record.
 */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** `area.verb`, e.g. `loans.issue`; stable: clients call it by this name. */
  readonly name: string;
  readonly title: string;
  /** What it does and when to use it, written for a model choosing among tools. */
  readonly description: string;
  /** The tool exists for a tenant only while this module is enabled. */
  readonly module: ModuleName;
  /** The caller needs every one of these. Never a privileged identity permission. */
  readonly permissions: readonly Permission[];
  /** Required, no default: false for anything that changes state. */
  readonly readOnly: boolean;
  /** A flat object schema that refuses unknown properties. */
  readonly input: I;
  readonly output: O;
  /** Calls the use case; the use case validates the input and checks permissions again. */
  readonly run: (resolve: Resolve, actor: Actor, input: unknown) => Promise<z.output<O>>;
}

export const defineTool = <I extends z.ZodType, O extends z.ZodType>(
  tool: ToolDefinition<I, O>,
): ToolDefinition<I, O> => tool;
