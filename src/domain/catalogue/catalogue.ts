import { z } from 'zod';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { admit, admits, type Resolve, type Surface } from '../shared/use-case.js';
import type { ToolDefinition } from './tool.js';
import { TOOLS } from './tools.js';

export type { Surface };

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
  /** Everything a caller needs: the module switch and the permissions (the use case's declaration). */
  readonly required: readonly string[];
  /** The module the tool belongs to (from `required`), for grouping in documents. */
  readonly module: string;
}

export type ToolSummary = Pick<PublishedTool, 'name' | 'title' | 'description' | 'readOnly' | 'inputSchema'>;

/** A tool `find` found the actor may use on a surface: what `call` runs, without checking again. */
export interface ToolGrant {
  readonly tool: PublishedTool;
  readonly actor: Actor;
  readonly surface: Surface;
}

export interface CallOptions {
  /** The user confirmed the call (the assistant's rule for tools that change data). */
  readonly confirmed?: boolean;
}

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
};

/** Every tool lives in one module: the `module.*` its use case requires. */
function moduleOf(definition: ToolDefinition): string {
  const module = definition.useCase.required.find((r) => r.startsWith('module.'));
  if (!module) throw new Error(`tool ${definition.name}: its use case requires no module`);
  return module.slice('module.'.length);
}

/** A readable line saying what a call would do, for the confirmation the assistant asks for. */
function summarise(title: string, input: unknown): string {
  const args = Object.entries((input ?? {}) as Record<string, unknown>).map(
    ([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`,
  );
  return args.length ? `${title}: ${args.join(', ')}` : title;
}

/**
 * The one catalogue. Every call is admitted as every call is (domain/shared/use-case.ts): `find`
 * decides whether the actor may use the tool on the surface (the surface's requirement and the
 * tool's module and permissions),
 * answering a hidden tool exactly like an unknown one; `call` parses the input once into the use
 * case's schema, applies the assistant's confirmation rule, and runs the use case. `invoke` is both.
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
      inputSchema: toJsonSchema(definition.useCase.input, 'input'),
      outputSchema: toJsonSchema(definition.output, 'output'),
      required: definition.useCase.required,
      module: moduleOf(definition),
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

  /** The tool if the actor may use it on this surface; otherwise null (unknown and hidden look the same). */
  find(actor: Actor, surface: Surface, name: string): ToolGrant | null {
    const tool = this.byName.get(name);
    return tool && this.isVisible(tool, actor, surface) ? { tool, actor, surface } : null;
  }

  /**
   * Runs a tool `find` granted: the input is parsed once (`invalid` naming each field); on the
   * assistant a tool that changes data runs only when the user confirmed it, and otherwise
   * ConfirmationRequired says what would run — after the input was found valid, so nobody confirms a
   * call that cannot run.
   */
  async call(resolve: Resolve, grant: ToolGrant, input: unknown, options: CallOptions = {}): Promise<unknown> {
    const { tool, actor, surface } = grant;
    const admitted = admit(tool.definition.useCase, actor, input ?? {});
    if (surface === 'assistant' && !tool.readOnly && options.confirmed !== true) {
      throw new ConfirmationRequired(tool.name, summarise(tool.title, admitted));
    }
    return resolve(tool.definition.useCase).execute(actor, admitted);
  }

  /** `find` then `call`; UnknownToolError when the tool is unknown or hidden from the actor. */
  async invoke(
    resolve: Resolve,
    actor: Actor,
    surface: Surface,
    name: string,
    input: unknown,
    options: CallOptions = {},
  ): Promise<unknown> {
    const grant = this.find(actor, surface, name);
    if (!grant) throw new UnknownToolError(name);
    return this.call(resolve, grant, input, options);
  }

  /** The surface's own requirement (an integration's module) and the tool's: admission's rule, as a listing reads it. */
  private isVisible(tool: PublishedTool, actor: Actor, surface: Surface): boolean {
    return admits(actor, surface, tool.required);
  }
}

/** A tool that does not exist for this caller. Surfaces map it apart from a missing record. */
export class UnknownToolError extends DomainError {
  constructor(readonly toolName: string) {
    super('not_found', `unknown tool ${toolName}`);
  }
}

/** A tool that changes data was asked of the assistant without the user's confirmation: nothing ran. */
export class ConfirmationRequired extends DomainError {
  constructor(
    readonly toolName: string,
    /** What would run, in a line the user can read before confirming. */
    readonly summary: string,
  ) {
    super('conflict', `${toolName} changes data: repeat the request with "confirm": true to run it`);
  }
}
