import { TinyElfError } from '../errors/tinyelf-error';
import {
  readEligibility,
  type ToolBuildContext,
  type ToolPlugin,
  toolPluginProblems,
} from '../plugin/tool-plugin';
import { ToolRegistry } from '../registry/tool-registry';
import { type ToolShapePart, toolShapeIssues } from '../registry/tool-shape';
import { ArgumentValidator } from '../schema/argument-validator';
import { loadTypeBoxRuntime } from '../schema/typebox-runtime';
import type { ITool, JsonSchema } from '../tool/tool';
import { createTestBuildContext } from './create-test-build-context';
import { minimalInput } from './minimal-input';

/** The checks of the conformance suite. */
export const CONFORMANCE_CHECKS = [
  'plugin-shape',
  'creates-tools',
  'tool-names',
  'tool-descriptions',
  'tool-schemas',
  'execute-returns-string',
  'bad-input-is-error-result',
  'abort-is-honoured',
] as const;

/** One of {@link CONFORMANCE_CHECKS}. */
export type ConformanceCheck = (typeof CONFORMANCE_CHECKS)[number];

/** The check a problem of a tool's shape falls under. */
const SHAPE_CHECKS: Record<ToolShapePart, ConformanceCheck> = {
  object: 'creates-tools',
  name: 'tool-names',
  description: 'tool-descriptions',
  parameters: 'tool-schemas',
  execute: 'execute-returns-string',
};

/** Options of {@link checkPluginConformance}. */
export interface ConformanceOptions {
  /** The build context to create tools with. @default createTestBuildContext() */
  readonly context?: ToolBuildContext;
  /** Valid arguments per tool name for the execution checks; others get generated minimal ones. */
  readonly sampleInputs?: Readonly<Record<string, Record<string, unknown>>>;
  /** Tools the execution checks must not run (side effects the test cannot allow). */
  readonly skipExecution?: readonly string[];
  /** How long one execution may take before the check fails. @default 10_000 */
  readonly timeoutMs?: number;
  /** How soon after its signal is aborted a running `execute` must settle. @default 2_000 */
  readonly abortGraceMs?: number;
}

/** A check that did not pass, with the tool it concerns. */
export interface ConformanceFailure {
  readonly check: ConformanceCheck;
  readonly tool?: string;
  readonly message: string;
}

/** The outcome of {@link checkPluginConformance}. */
export interface ConformanceReport {
  readonly plugin: string;
  readonly tools: readonly string[];
  readonly failures: readonly ConformanceFailure[];
}

/**
 * Runs the conformance checks against a plugin and reports every failure (it does not throw):
 * the plugin's shape and API version; tool names unique and matching `^[a-zA-Z0-9_-]{1,64}$`;
 * non-empty descriptions; object schemas that compile; `execute` resolving to a string (or
 * throwing an Error); bad input becoming an error result; an abort being honoured.
 */
export async function checkPluginConformance(
  plugin: ToolPlugin,
  options: ConformanceOptions = {},
): Promise<ConformanceReport> {
  const failures: ConformanceFailure[] = [];
  const fail = (check: ConformanceCheck, message: string, tool?: string) =>
    failures.push({ check, message, ...(tool && { tool }) });
  const context = options.context ?? createTestBuildContext();
  const timeoutMs = options.timeoutMs ?? 10_000;

  for (const problem of toolPluginProblems(plugin)) fail('plugin-shape', problem);
  if (typeof plugin?.createTools !== 'function')
    return { plugin: String(plugin?.name), tools: [], failures };
  if (plugin.isEligible) {
    const eligibility = readEligibility(await plugin.isEligible(context));
    if (!eligibility.eligible && eligibility.invalid) fail('plugin-shape', eligibility.invalid);
  }

  let tools: readonly ITool[] = [];
  try {
    tools = await plugin.createTools(context);
    if (!Array.isArray(tools)) {
      fail('creates-tools', 'createTools must return an array of tools');
      tools = [];
    }
  } catch (error) {
    fail('creates-tools', `createTools threw: ${(error as Error)?.message ?? String(error)}`);
  }

  const runtime = await loadTypeBoxRuntime();
  const seen = new Set<string>();
  const registry = new ToolRegistry({
    workspaceRoot: context.workspaceRoot,
    spillDirectory: false,
  });
  const runnable: ITool[] = [];
  for (const tool of tools) {
    // The registry's own rules (tool-shape.ts), each reported under its check.
    const problems = toolShapeIssues(tool);
    const name = String((tool as { name?: unknown } | null)?.name);
    for (const problem of problems) fail(SHAPE_CHECKS[problem.part], problem.message, name);
    if (problems.length) continue;
    if (seen.has(name)) {
      fail('tool-names', `its name "${name}" is used twice`, name);
      continue;
    }
    seen.add(name);
    try {
      new ArgumentValidator(tool.parameters, runtime);
    } catch (error) {
      fail('tool-schemas', `the schema does not compile: ${(error as Error).message}`, name);
      continue;
    }
    try {
      registry.register(tool);
      runnable.push(tool);
    } catch (error) {
      fail('tool-names', (error as Error).message, name);
    }
  }

  for (const tool of runnable) {
    if (options.skipExecution?.includes(tool.name)) continue;
    const input = options.sampleInputs?.[tool.name] ?? minimalInput(tool.parameters);

    const outcome = await withTimeout(
      Promise.resolve()
        .then(() =>
          tool.execute(structuredClone(input), {
            toolCallId: 'conformance',
            signal: new AbortController().signal,
            workspaceRoot: context.workspaceRoot,
          }),
        )
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
      timeoutMs,
    );
    if (outcome === 'timeout')
      fail('execute-returns-string', `execute did not settle within ${timeoutMs} ms`, tool.name);
    else if (
      'error' in outcome &&
      !(outcome.error instanceof Error) &&
      !TinyElfError.isInstance(outcome.error)
    ) {
      fail(
        'execute-returns-string',
        `execute threw a non-Error: ${String(outcome.error)}`,
        tool.name,
      );
    } else if ('value' in outcome && typeof outcome.value !== 'string') {
      fail(
        'execute-returns-string',
        `execute resolved to ${typeof outcome.value}, not a string`,
        tool.name,
      );
    }

    const bad = badInput(tool.parameters as JsonSchema);
    if (bad) {
      const result = await registry.execute('conformance-bad', tool.name, bad);
      if (!result.isError || result.errorCode !== 'INVALID_TOOL_INPUT') {
        fail(
          'bad-input-is-error-result',
          `arguments ${JSON.stringify(bad)} were not reported as invalid`,
          tool.name,
        );
      }
    }

    const preAborted = new AbortController();
    preAborted.abort();
    const abortedResult = await registry.execute('conformance-abort', tool.name, input, {
      signal: preAborted.signal,
    });
    if (abortedResult.errorCode !== 'TOOL_ABORTED') {
      fail(
        'abort-is-honoured',
        'a call with an aborted signal was not reported as aborted',
        tool.name,
      );
    }
    // The registry answers an aborted call at once whatever the tool does, so the tool itself is
    // asked: once its signal fires, its own execute must settle (and stop its work) promptly.
    const controller = new AbortController();
    const running = Promise.resolve()
      .then(() =>
        tool.execute(structuredClone(input), {
          toolCallId: 'conformance-abort-running',
          signal: controller.signal,
          workspaceRoot: context.workspaceRoot,
        }),
      )
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const abortGraceMs = options.abortGraceMs ?? 2_000;
    if ((await withTimeout(running, abortGraceMs)) === 'timeout')
      fail(
        'abort-is-honoured',
        `execute kept running ${abortGraceMs} ms after its signal was aborted: stop the work when context.signal fires`,
        tool.name,
      );
  }

  await plugin.dispose?.();
  return { plugin: plugin.name, tools: runnable.map((tool) => tool.name), failures };
}

function badInput(parameters: JsonSchema): Record<string, unknown> | undefined {
  const properties = (parameters.properties ?? {}) as Record<string, JsonSchema>;
  const required = (parameters.required as string[] | undefined) ?? [];
  if (required.some((name) => properties[name]?.default === undefined)) return {};
  for (const [name, property] of Object.entries(properties)) {
    switch (property.type) {
      case 'number':
      case 'integer':
        return { [name]: 'not a number' };
      case 'boolean':
        return { [name]: 'perhaps' };
      case 'string':
        return { [name]: { an: 'object' } };
    }
  }
  return undefined;
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
