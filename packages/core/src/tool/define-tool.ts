import type { Static, TObject } from '@sinclair/typebox';
import type { ITool, JsonSchema, RiskWarning, ToolContext } from './tool';

/** The definition {@link defineTool} takes: an {@link ITool} whose params are typed from TypeBox. */
export interface ToolDefinition<Schema extends TObject> {
  /** The tool's name: `^[a-zA-Z0-9_-]{1,64}$`, unique in a registry. */
  readonly name: string;
  /** What the model reads to decide when and how to call it. */
  readonly description: string;
  /** The parameters as a TypeBox object schema. */
  readonly parameters: Schema;
  /** True when the tool changes nothing (plan mode offers only these). */
  readonly readOnly?: boolean;
  /** An output limit for this tool, instead of the registry's. */
  readonly maxOutputChars?: number;
  /** The tool's definition in a provider's own format (a server-side tool), used by getDefinitions. */
  readonly providerDefinitions?: ITool['providerDefinitions'];
  /** Runs the tool on validated, coerced arguments; the text it resolves to goes to the model. */
  execute(params: Static<Schema>, context?: ToolContext): Promise<string>;
  /** The risk warnings of a call, computed before it runs (the policy asks the user about them). */
  assessRisk?(
    params: Static<Schema>,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
}

/** A tool made by {@link defineTool}: an {@link ITool} that keeps its TypeBox schema type. */
export type DefinedTool<Schema extends TObject> = ITool & {
  /** The TypeBox schema the tool was defined with. */
  readonly parameters: Schema;
  /** Runs the tool; `params` typed from the TypeBox schema. */
  execute(params: Static<Schema>, context?: ToolContext): Promise<string>;
};

/**
 * Defines a tool whose `params` are typed from its TypeBox schema. The registry validates and
 * coerces arguments against the schema before `execute` runs, so `params` can be trusted.
 *
 * @example
 * ```ts
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Adds two numbers',
 *   parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
 *   execute: async ({ a, b }) => String(a + b),
 * });
 * ```
 */
export function defineTool<Schema extends TObject>(
  definition: ToolDefinition<Schema>,
): DefinedTool<Schema> {
  return definition as DefinedTool<Schema>;
}

/** The definition {@link defineJsonSchemaTool} takes: a plain JSON Schema and the params type it describes. */
export interface JsonSchemaToolDefinition<Params> {
  /** The tool's name: `^[a-zA-Z0-9_-]{1,64}$`, unique in a registry. */
  readonly name: string;
  /** What the model reads to decide when and how to call it. */
  readonly description: string;
  /** An object JSON Schema describing `Params`. */
  readonly parameters: JsonSchema;
  /** True when the tool changes nothing (plan mode offers only these). */
  readonly readOnly?: boolean;
  /** An output limit for this tool, instead of the registry's. */
  readonly maxOutputChars?: number;
  /** The tool's definition in a provider's own format (a server-side tool), used by getDefinitions. */
  readonly providerDefinitions?: ITool['providerDefinitions'];
  /** Runs the tool on validated, coerced arguments; the text it resolves to goes to the model. */
  execute(params: Params, context?: ToolContext): Promise<string>;
  /** The risk warnings of a call, computed before it runs (the policy asks the user about them). */
  assessRisk?(
    params: Params,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
}

/**
 * Defines a tool from a plain JSON Schema, with `params` typed as the given `Params`. Unlike
 * {@link defineTool} it needs no TypeBox at run time, so a package whose import must stay cheap
 * (TypeBox's builder costs tens of milliseconds to load) can describe its parameters as JSON.
 * The registry validates arguments against the schema before `execute`, so the type holds.
 */
export function defineJsonSchemaTool<Params>(definition: JsonSchemaToolDefinition<Params>): ITool {
  return definition as unknown as ITool;
}
