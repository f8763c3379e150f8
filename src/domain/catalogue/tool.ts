import type { z } from 'zod';
import type { UseCaseClass } from '../shared/use-case.js';

/**
 * One desk operation offered as a tool, defined once, beside the use case it runs (`issueLoanTool`
 * in issue-loan.ts). MCP `tools/list` and `tools/call`, the REST action surface, its OpenAPI
 * document, the discovery GET and the console assistant are all views of this record.
 *
 * What the tool requires (module and permissions) and the input it takes are the use case's own
 * declarations, never restated here.
 */
export interface ToolDefinition<I extends z.ZodType = z.ZodType> {
  /** `area.verb`, e.g. `loans.issue`; stable: clients call it by this name. */
  readonly name: string;
  readonly title: string;
  /** What it does and when to use it, written for a model choosing among tools. */
  readonly description: string;
  /** Required, no default: false for anything that changes state. */
  readonly readOnly: boolean;
  /** What the use case returns, as published (the catalogue test checks real results against it). */
  readonly output: z.ZodType;
  /** The use case the tool runs: a flat object input schema that refuses unknown properties. */
  readonly useCase: UseCaseClass<I>;
}

export const defineTool = <I extends z.ZodType>(tool: ToolDefinition<I>): ToolDefinition<I> => tool;
