import { describe, expect, it } from 'vitest';
import { BuildStep } from '../plugin/build-step';
import { PLUGIN_API_VERSION } from '../plugin/plugin-api-version';
import type { ToolPlugin } from '../plugin/tool-plugin';
import type { ITool } from '../tool/tool';
import { checkPluginConformance } from './check-plugin-conformance';
import { describePluginConformance } from './describe-plugin-conformance';

function tool(overrides: Partial<ITool> & { name: string }): ITool {
  return {
    description: 'A tool',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: async () => 'ok',
    ...overrides,
  };
}

function plugin(tools: ITool[], overrides: Partial<ToolPlugin> = {}): ToolPlugin {
  return {
    name: 'test-plugin',
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Control,
    createTools: () => tools,
    ...overrides,
  };
}

describe('checkPluginConformance', () => {
  it('passes a well-behaved plugin', async () => {
    const report = await checkPluginConformance(
      plugin([
        tool({ name: 'good' }),
        tool({ name: 'hangs', execute: () => new Promise(() => {}) }),
      ]),
      {
        skipExecution: [],
        timeoutMs: 200,
        sampleInputs: {},
      },
    ).catch((error) => error);
    // "hangs" never settles when run directly, which is itself a failure of execute-returns-string.
    expect(report.failures).toEqual([
      {
        check: 'execute-returns-string',
        tool: 'hangs',
        message: 'execute did not settle within 200 ms',
      },
    ]);
    expect(report.tools).toEqual(['good', 'hangs']);
  });

  it('reports each broken rule with the tool it concerns', async () => {
    const report = await checkPluginConformance(
      plugin([
        tool({ name: 'bad name' }),
        tool({ name: 'dup' }),
        tool({ name: 'dup' }),
        tool({ name: 'silent', description: '' }),
        tool({ name: 'notObject', parameters: { type: 'array' } }),
        tool({ name: 'number', execute: (async () => 42) as unknown as ITool['execute'] }),
        tool({
          name: 'throwsString',
          execute: async () => {
            throw 'nope';
          },
        }),
      ]),
      { timeoutMs: 1000 },
    );
    const found = report.failures.map((failure) => `${failure.check}:${failure.tool}`);
    expect(found).toEqual([
      'tool-names:bad name',
      'tool-names:dup',
      'tool-descriptions:silent',
      'tool-schemas:notObject',
      'execute-returns-string:number',
      'execute-returns-string:throwsString',
    ]);
  });

  it('reports a plugin of another API version, an unknown step, and a createTools that throws', async () => {
    const report = await checkPluginConformance(
      plugin([], {
        apiVersion: 99,
        step: 42 as never,
        createTools: () => {
          throw new Error('no config');
        },
      }),
    );
    expect(report.failures.map((failure) => failure.message)).toEqual([
      `apiVersion is 99, this core implements ${PLUGIN_API_VERSION}`,
      'step 42 is not a BuildStep',
      'createTools threw: no config',
    ]);
  });

  it('calls dispose when done', async () => {
    let disposed = false;
    await checkPluginConformance(
      plugin([tool({ name: 'good' })], {
        dispose: () => {
          disposed = true;
        },
      }),
    );
    expect(disposed).toBe(true);
  });
});

describe('describePluginConformance on a sample plugin', () => {
  describePluginConformance(
    () => plugin([tool({ name: 'echo', execute: async (params) => String(params.text) })]),
    {
      sampleInputs: { echo: { text: 'hi' } },
    },
  );
});
