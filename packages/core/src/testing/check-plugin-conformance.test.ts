import { describe, expect, it } from 'vitest';
import { BuildStep } from '../plugin/build-step';
import { PLUGIN_API_VERSION } from '../plugin/plugin-api-version';
import type { ToolPlugin } from '../plugin/tool-plugin';
import { ToolRegistry } from '../registry/tool-registry';
import { type ITool, TOOL_NAME_PATTERN } from '../tool/tool';
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
  it('passes a well-behaved plugin, and a tool that stops when aborted', async () => {
    const stopsOnAbort = tool({
      name: 'waits',
      execute: (_params, context) =>
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => resolve('done'), 50);
          context?.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        }),
    });
    const report = await checkPluginConformance(
      plugin([tool({ name: 'good' }), stopsOnAbort], {
        configKey: 'sample',
        configSchema: { type: 'object', properties: { level: { type: 'integer' } } },
        isEligible: () => true,
      }),
    );
    expect(report).toEqual({ plugin: 'test-plugin', tools: ['good', 'waits'], failures: [] });
  });

  it('fails a tool that never settles, and one that keeps running after its abort', async () => {
    const ignoresAbort = tool({
      name: 'ignoresAbort',
      execute: () => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 600)),
    });
    const report = await checkPluginConformance(
      plugin([tool({ name: 'hangs', execute: () => new Promise(() => {}) }), ignoresAbort]),
      { timeoutMs: 1_000, abortGraceMs: 200 },
    );
    expect(report.failures).toEqual([
      {
        check: 'execute-returns-string',
        tool: 'hangs',
        message: 'execute did not settle within 1000 ms',
      },
      {
        check: 'abort-is-honoured',
        tool: 'hangs',
        message:
          'execute kept running 200 ms after its signal was aborted: stop the work when context.signal fires',
      },
      {
        check: 'abort-is-honoured',
        tool: 'ignoresAbort',
        message:
          'execute kept running 200 ms after its signal was aborted: stop the work when context.signal fires',
      },
    ]);
  });

  it('fails an invalid configSchema and an isEligible of the wrong shape', async () => {
    const report = await checkPluginConformance(
      plugin([], {
        configKey: 'sample',
        configSchema: { type: 'object', properties: { mode: { type: 'strin' } } },
        isEligible: (() => 'yes') as never,
      }),
    );
    expect(report.failures.map((failure) => failure.message)).toEqual([
      'configSchema #/properties/mode/type: "strin" is not a JSON Schema type (one of string, number, integer, boolean, object, array, null)',
      'isEligible must return true or { eligible: false, reason }, got "yes"',
    ]);
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

  it('reports a bad tool in the words the registry refuses it with', async () => {
    const unnamed = tool({ name: 'no name', description: ' ', parameters: { type: 'array' } });
    const report = await checkPluginConformance(plugin([unnamed]), { timeoutMs: 1000 });
    const refused = (() => {
      try {
        new ToolRegistry().register(unnamed);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(report.failures.map((failure) => [failure.check, failure.message])).toEqual([
      ['tool-names', `its name "no name" must match ${TOOL_NAME_PATTERN}`],
      ['tool-descriptions', 'it needs a non-empty description'],
      ['tool-schemas', 'its parameters must be a JSON Schema with type "object"'],
    ]);
    expect(refused).toBe(
      `Cannot register tool "no name": ${report.failures.map((failure) => failure.message).join('; ')}.`,
    );
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
      `it implements plugin API version 99, but this @tinyelf/core implements version ${PLUGIN_API_VERSION}; use a version of the plugin built for it`,
      'step 42 is not a BuildStep (1 to 12)',
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
