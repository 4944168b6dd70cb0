import type { Static, TObject } from '@sinclair/typebox';
import type { ITool, RiskWarning, ToolContext } from './tool';

/** The definition {@link defineTool} takes: an {@link ITool} whose params are typed from TypeBox. */
export interface ToolDefinition<Schema extends TObject> {
  readonly name: string;
  readonly description: string;
  readonly parameters: Schema;
  readonly readOnly?: boolean;
  readonly maxOutputChars?: number;
  readonly providerDefinitions?: ITool['providerDefinitions'];
  execute(params: Static<Schema>, context?: ToolContext): Promise<string>;
  assessRisk?(
    params: Static<Schema>,
    context?: ToolContext,
  ): readonly RiskWarning[] | Promise<readonly RiskWarning[]>;
}

/** A tool made by {@link defineTool}: an {@link ITool} that keeps its TypeBox schema type. */
export type DefinedTool<Schema extends TObject> = ITool & {
  readonly parameters: Schema;
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
