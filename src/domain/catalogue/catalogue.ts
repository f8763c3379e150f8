import { z } from 'zod';
import { can, type Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import type { Resolve, ToolDefinition } from './tool.js';
import { TOOLS } from './tools.js';

/** Where a call comes from: integrations (MCP, REST actions) also need `module.integrations`. */
export type Surface = 'integration' | 'assistant';

export type JsonSchema = Record<string, unknown>;

/** A tool as every surface lists it, with its schemas converted to JSON Schema once, at start. */
export interface PublishedTool {
  readonly definition: ToolDefinition;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly readOnly: boolean;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  /** Everything a caller needs: the module switch and the permissions. */
  readonly required: readonly string[];
}

export type ToolSummary = Pick<PublishedTool, 'name' | 'title' | 'description' | 'readOnly' | 'inputSchema'>;

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
};

/**
 * The one catalogue. `visibleTo` filters by permission and module on every request; `invoke` looks
 * the tool up the same way, so a hidden tool and an unknown tool are indistinguishable.
 */
export class ToolCatalogue {
  private readonly tools: readonly PublishedTool[];
  private readonly byName: ReadonlyMap<string, PublishedTool>;

  constructor(definitions: readonly ToolDefinition[] = TOOLS) {
    this.tools = definitions.map((definition) => ({
      definition,
      name: definition.name,
      title: definition.title,
      description: definition.description,
      readOnly: definition.readOnly,
      inputSchema: toJsonSchema(definition.input, 'input'),
      outputSchema: toJsonSchema(definition.output, 'output'),
      required: [`module.${definition.module}`, ...definition.permissions],
    }));
    this.byName = new Map(this.tools.map((t) => [t.name, t]));
  }

  /** Every tool, whoever asks (for documentation and tests). */
  all(): readonly PublishedTool[] {
    return this.tools;
  }

  visibleTo(actor: Actor, surface: Surface): PublishedTool[] {
    return this.tools.filter((t) => this.isVisible(t, actor, surface));
  }

  /** The listing both discovery surfaces show (the actions list and the MCP discovery GET). */
  summariesFor(actor: Actor, surface: Surface): ToolSummary[] {
    return this.visibleTo(actor, surface).map(({ name, title, description, readOnly, inputSchema }) => ({
      name,
      title,
      description,
      readOnly,
      inputSchema,
    }));
  }

  /** The tool if the actor may use it; otherwise null (unknown and hidden look the same). */
  find(actor: Actor, surface: Surface, name: string): PublishedTool | null {
    const tool = this.byName.get(name);
    return tool && this.isVisible(tool, actor, surface) ? tool : null;
  }

  /** Runs a visible tool; `not_found` with code `unknown_tool` semantics when it is not visible. */
  async invoke(resolve: Resolve, actor: Actor, surface: Surface, name: string, input: unknown): Promise<unknown> {
    const tool = this.find(actor, surface, name);
    if (!tool) throw new UnknownToolError(name);
    return tool.definition.run(resolve, actor, input ?? {});
  }

  private isVisible(tool: PublishedTool, actor: Actor, surface: Surface): boolean {
    const required = surface === 'integration' ? [...tool.required, 'module.integrations'] : tool.required;
    return can(actor, required);
  }
}

/** A tool that does not exist for this caller. Surfaces map it apart from a missing record. */
export class UnknownToolError extends DomainError {
  constructor(readonly toolName: string) {
    super('not_found', `unknown tool ${toolName}`);
  }
}
