import type { ITool, RiskWarning, ToolContext } from './tool';
import type { ToolOutput } from './tool-output';
import type { ParametersOf, ToolParametersSchema } from './tool-parameters';

/** The definition {@link defineTool} takes: an {@link ITool} whose params are typed from its schema. */
export interface ToolDefinition<Schema extends ToolParametersSchema> {
  /** The tool's name: `^[a-zA-Z0-9_-]{1,64}$`, unique in a registry. */
  readonly name: string;
  /** What the model reads to decide when and how to call it. */
  readonly description: string;
  /**
   * The parameters as an object schema: `typebox` 1.x (`Type.Object(...)`), `@sinclair/typebox`
   * 0.34, or plain JSON Schema (a literal, or a `JSONSchema7`).
   */
  readonly parameters: Schema;
  /** True when the tool changes nothing (plan mode offers only these). */
  readonly readOnly?: boolean;
  /** An output limit for this tool, instead of the registry's. */
  readonly maxOutputChars?: number;
  /** Which part of a too-long output is kept (see {@link ITool.outputKeep}). @default 'head' */
  readonly outputKeep?: ITool['outputKeep'];
  /** The tool's definition in a provider's own format (a server-side tool), used by getDefinitions. */
  readonly providerDefinitions?: ITool['providerDefinitions'];
  /** When the tool asks, if the policy's lists do not name it. @default 'always' */
  readonly confirmation?: ITool['confirmation'];
  /** What a permission rule's specifier means for this tool (`MyTool(x)`). */
  readonly permissionSpecifiers?: ITool['permissionSpecifiers'];
  /** Runs the tool on validated, coerced arguments; the text it resolves to goes to the model. */
  execute(params: ParametersOf<Schema>, context?: ToolContext): Promise<ToolOutput>;
  /** The risk warnings of a call, computed before it runs (the policy asks the user about them). */
  assessRisk?(
    params: ParametersOf<Schema>,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
}

/**
 * A tool made by {@link defineTool}: an {@link ITool} (assignable to one) that keeps its schema's
 * type, so calling its `execute` directly is type-checked too.
 */
export type DefinedTool<Schema extends ToolParametersSchema> = Omit<
  ITool,
  'parameters' | 'execute' | 'assessRisk'
> & {
  /** The schema the tool was defined with. */
  readonly parameters: Schema;
  /** Runs the tool; `params` typed from the schema (see {@link ParametersOf}). */
  execute(params: ParametersOf<Schema>, context?: ToolContext): Promise<ToolOutput>;
  /** The risk warnings of a call, computed before it runs. */
  assessRisk?(
    params: ParametersOf<Schema>,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
};

/**
 * Defines a tool whose `params` are typed from its schema: a `typebox` 1.x schema, a
 * `@sinclair/typebox` 0.34 schema, or a JSON Schema literal (see {@link ParametersOf}). The
 * registry validates and coerces arguments against the schema before `execute` runs, so
 * `params` can be trusted. Nothing of TypeBox is loaded by this call.
 *
 * @example
 * ```ts
 * import { Type } from 'typebox';
 *
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Adds two numbers',
 *   parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
 *   execute: async ({ a, b }) => String(a + b),
 * });
 * ```
 */
export function defineTool<const Schema extends ToolParametersSchema>(
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
  /** An object JSON Schema describing `Params` (a literal, a `JSONSchema7`, a TypeBox schema). */
  readonly parameters: ToolParametersSchema;
  /** True when the tool changes nothing (plan mode offers only these). */
  readonly readOnly?: boolean;
  /** An output limit for this tool, instead of the registry's. */
  readonly maxOutputChars?: number;
  /** Which part of a too-long output is kept (see {@link ITool.outputKeep}). @default 'head' */
  readonly outputKeep?: ITool['outputKeep'];
  /** The tool's definition in a provider's own format (a server-side tool), used by getDefinitions. */
  readonly providerDefinitions?: ITool['providerDefinitions'];
  /** When the tool asks, if the policy's lists do not name it. @default 'always' */
  readonly confirmation?: ITool['confirmation'];
  /** What a permission rule's specifier means for this tool (`MyTool(x)`). */
  readonly permissionSpecifiers?: ITool['permissionSpecifiers'];
  /** Runs the tool on validated, coerced arguments; the text it resolves to goes to the model. */
  execute(params: Params, context?: ToolContext): Promise<ToolOutput>;
  /** The risk warnings of a call, computed before it runs (the policy asks the user about them). */
  assessRisk?(
    params: Params,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
}

/**
 * Defines a tool from a plain JSON Schema, with `params` typed as the given `Params`. Use it when
 * the schema's own type says nothing (a `JSONSchema7` value, a schema built at run time) or to
 * name the type yourself; it needs no TypeBox at run time, so a package whose import must stay
 * cheap (TypeBox's builder costs over a hundred milliseconds to load) can describe its
 * parameters as JSON. The registry validates arguments against the schema before `execute`, so
 * the type holds.
 */
export function defineJsonSchemaTool<Params>(definition: JsonSchemaToolDefinition<Params>): ITool {
  return definition as unknown as ITool;
}
