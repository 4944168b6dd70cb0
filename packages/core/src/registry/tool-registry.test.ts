import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { DuplicateToolError } from '../errors/duplicate-tool-error';
import { defineTool } from '../tool/define-tool';
import type { ITool, ToolContext } from '../tool/tool';
import { ERROR_RETRY_HINT } from './tool-call-result';
import { ToolRegistry } from './tool-registry';

const echo = defineTool({
  name: 'echo',
  description: 'Returns its arguments as JSON',
  parameters: Type.Object({
    count: Type.Integer(),
    ratio: Type.Optional(Type.Number()),
    verbose: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Type.Array(Type.String())),
    options: Type.Optional(Type.Object({ deep: Type.Boolean() })),
    label: Type.Optional(Type.String()),
    mode: Type.Optional(
      Type.Union([Type.Literal('fast'), Type.Literal('slow')], { default: 'fast' }),
    ),
  }),
  execute: async (params) => JSON.stringify(params),
});

function tool(name: string, execute: ITool['execute'], extra: Partial<ITool> = {}): ITool {
  return {
    name,
    description: `The ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute,
    ...extra,
  };
}

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'tinyelf-registry-'));
}

describe('ToolRegistry registration', () => {
  it('keeps registration order in getAll, getNames and getDefinitions', () => {
    const registry = new ToolRegistry().registerAll([
      tool('b', async () => ''),
      tool('a', async () => ''),
      tool('c', async () => ''),
    ]);
    expect(registry.getNames()).toEqual(['b', 'a', 'c']);
    expect(registry.getAll().map((entry) => entry.name)).toEqual(['b', 'a', 'c']);
    expect(registry.getDefinitions().map((definition) => definition.function.name)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('throws a DuplicateToolError for a name already present, and replaces on request', () => {
    const first = tool('same', async () => 'first');
    const second = tool('same', async () => 'second');
    const registry = new ToolRegistry().register(first);
    expect(() => registry.register(second)).toThrowError(/already registered.*replace: true/);
    try {
      registry.register(second);
    } catch (error) {
      expect(DuplicateToolError.isInstance(error)).toBe(true);
    }
    registry.register(second, { replace: true });
    expect(registry.get('same')).toBe(second);
    expect(registry.size).toBe(1);
  });

  it('refuses malformed tools with a message naming each problem', () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(tool('bad name!', async () => ''))).toThrowError(/must match/);
    expect(() => registry.register(tool('x'.repeat(65), async () => ''))).toThrowError(
      /must match/,
    );
    expect(() =>
      registry.register({ ...tool('ok', async () => ''), description: ' ' }),
    ).toThrowError(/non-empty description/);
    expect(() =>
      registry.register({ ...tool('ok', async () => ''), parameters: { type: 'string' } }),
    ).toThrowError(/type "object"/);
  });

  it('unregisters, and has/get reflect it', () => {
    const registry = new ToolRegistry().register(tool('gone', async () => ''));
    expect(registry.has('gone')).toBe(true);
    expect(registry.unregister('gone')).toBe(true);
    expect(registry.unregister('gone')).toBe(false);
    expect(registry.has('gone')).toBe(false);
    expect(registry.get('gone')).toBeUndefined();
    expect(registry.getDefinitions()).toEqual([]);
  });

  it('createFiltered keeps only the named tools, supports a trailing * and ignores unknown names', async () => {
    const shared = tool('Read', async () => 'read');
    const registry = new ToolRegistry({ maxChars: 10 }).registerAll([
      shared,
      tool('Write', async () => ''),
      tool('mcp__github__create_issue', async () => ''),
      tool('mcp__github__list', async () => ''),
      tool('mcp__slack__post', async () => ''),
    ]);
    const filtered = registry.createFiltered(['mcp__github__*', 'Read', 'NoSuchTool']);
    expect(filtered.getNames()).toEqual(['Read', 'mcp__github__create_issue', 'mcp__github__list']);
    expect(filtered.get('Read')).toBe(shared);
    expect(filtered.options).toBe(registry.options);
    filtered.unregister('Read');
    expect(registry.has('Read')).toBe(true);
  });
});

describe('ToolRegistry.getDefinitions', () => {
  const schemaWithRefs = {
    type: 'object',
    $defs: {
      Point: { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false },
    },
    properties: {
      start: { $ref: '#/$defs/Point' },
      kind: { const: 'line' },
      note: { type: ['string', 'null'], default: 'none', format: 'uri' },
    },
    required: ['start'],
    additionalProperties: false,
  };

  it('gives the OpenAI function-calling format by default, as plain JSON', () => {
    const registry = new ToolRegistry().register(echo);
    const [definition] = registry.getDefinitions();
    expect(definition).toEqual({
      type: 'function',
      function: {
        name: 'echo',
        description: 'Returns its arguments as JSON',
        parameters: JSON.parse(JSON.stringify(echo.parameters)),
      },
    });
    expect(Object.getOwnPropertySymbols(definition?.function.parameters ?? {})).toEqual([]);
  });

  it('gives the Anthropic shape', () => {
    const registry = new ToolRegistry().register(
      tool('t', async () => '', { parameters: schemaWithRefs }),
    );
    expect(registry.getDefinitions('anthropic')).toEqual([
      { name: 't', description: 'The t tool', input_schema: schemaWithRefs },
    ]);
  });

  it('gives a Gemini schema without $ref, $defs, additionalProperties or const', () => {
    const registry = new ToolRegistry().register(
      tool('t', async () => '', { parameters: schemaWithRefs }),
    );
    expect(registry.getDefinitions('gemini')).toEqual([
      {
        name: 't',
        description: 'The t tool',
        parameters: {
          type: 'object',
          properties: {
            start: { type: 'object', properties: { x: { type: 'number' } } },
            kind: { type: 'string', enum: ['line'] },
            note: { type: 'string', nullable: true },
          },
          required: ['start'],
        },
      },
    ]);
  });

  it('stays stable across calls and updates after a change', () => {
    const registry = new ToolRegistry().register(tool('a', async () => ''));
    const first = registry.getDefinitions();
    first.pop();
    expect(registry.getDefinitions()).toHaveLength(1);
    registry.register(tool('b', async () => ''));
    expect(registry.getDefinitions().map((definition) => definition.function.name)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('ToolRegistry.execute', () => {
  it('runs a tool and reports its output with timing', async () => {
    const registry = new ToolRegistry().register(echo);
    const result = await registry.execute('call-1', 'echo', { count: 2 });
    expect(result).toMatchObject({
      toolCallId: 'call-1',
      toolName: 'echo',
      isError: false,
      truncated: false,
    });
    expect(JSON.parse(result.content)).toEqual({ count: 2, mode: 'fast' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.errorCode).toBeUndefined();
  });

  it('names an unknown tool, suggests the closest and lists all', async () => {
    const registry = new ToolRegistry().registerAll([
      tool('Read', async () => ''),
      tool('Write', async () => ''),
    ]);
    const result = await registry.execute('c', 'Reed', {});
    expect(result.isError).toBe(true);
    expect(result.errorCode).toBe('TOOL_NOT_FOUND');
    expect(result.content).toContain(
      'Tool "Reed" not found. Did you mean "Read"? Available tools: Read, Write.',
    );
    expect(result.content.endsWith(`\n\n${ERROR_RETRY_HINT}`)).toBe(true);
  });

  it('coerces the mistakes models make', async () => {
    const registry = new ToolRegistry().register(echo);
    const result = await registry.execute('c', 'echo', {
      count: '5',
      ratio: '0.5',
      verbose: 'true',
      tags: 'single',
      options: '{"deep":"false"}',
      label: 42,
    });
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.content)).toEqual({
      count: 5,
      ratio: 0.5,
      verbose: true,
      tags: ['single'],
      options: { deep: false },
      label: '42',
      mode: 'fast',
    });
    const fromJsonArray = await registry.execute('c', 'echo', { count: 1, tags: '["a","b"]' });
    expect(JSON.parse(fromJsonArray.content).tags).toEqual(['a', 'b']);
  });

  it('accepts arguments as a JSON string, and null as no arguments', async () => {
    const registry = new ToolRegistry().registerAll([
      echo,
      tool('none', async (params) => JSON.stringify(params)),
    ]);
    expect(JSON.parse((await registry.execute('c', 'echo', '{"count":"3"}')).content).count).toBe(
      3,
    );
    expect((await registry.execute('c', 'none', null)).content).toBe('{}');
  });

  it('reports every bad parameter and what was expected, without running the tool', async () => {
    let ran = false;
    const registry = new ToolRegistry().register(
      defineTool({
        name: 'strict',
        description: 'strict',
        parameters: Type.Object({
          path: Type.String(),
          limit: Type.Integer({ minimum: 1 }),
          flag: Type.Boolean(),
        }),
        execute: async () => {
          ran = true;
          return '';
        },
      }),
    );
    const result = await registry.execute('c', 'strict', { limit: 'many', flag: 'maybe' });
    expect(ran).toBe(false);
    expect(result.errorCode).toBe('INVALID_TOOL_INPUT');
    expect(result.content).toContain('Invalid arguments for tool "strict"');
    expect(result.content).toContain('- path: missing required parameter (expected a string)');
    expect(result.content).toContain('- limit: expected an integer (>= 1), got a string "many"');
    expect(result.content).toContain(
      '- flag: expected a boolean (true or false), got a string "maybe"',
    );
  });

  it('never rejects on arrays, strings that are not JSON, or numbers as arguments', async () => {
    const registry = new ToolRegistry().register(echo);
    for (const input of [[1, 2], 'not json', 7, true]) {
      const result = await registry.execute('c', 'echo', input);
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/the arguments must be a JSON object/);
    }
  });

  it('refuses unknown keys where the schema forbids them, keeps them where it allows them', async () => {
    let ran = false;
    const closed = defineTool({
      name: 'closed',
      description: 'closed',
      parameters: Type.Object({ a: Type.Number() }, { additionalProperties: false }),
      execute: async (params) => {
        ran = true;
        return JSON.stringify(params);
      },
    });
    const registry = new ToolRegistry().registerAll([closed, echo]);
    const refused = await registry.execute('c', 'closed', { a: 1, extra: true });
    expect(ran).toBe(false);
    expect(refused.errorCode).toBe('INVALID_TOOL_INPUT');
    expect(refused.content).toContain(
      '- extra: unknown parameter (got a boolean true; the known ones are: a)',
    );
    expect(
      JSON.parse((await registry.execute('c', 'echo', { count: 1, extra: true })).content).extra,
    ).toBe(true);
  });

  it('validates plain JSON Schema (as MCP servers send), with $ref and formats', async () => {
    const registry = new ToolRegistry().register(
      tool('plain', async (params) => JSON.stringify(params), {
        parameters: {
          type: 'object',
          $defs: { Size: { type: 'integer', minimum: 0 } },
          properties: {
            size: { $ref: '#/$defs/Size' },
            url: { type: 'string', format: 'uri' },
            level: { enum: ['low', 'high'] },
          },
          required: ['size'],
        },
      }),
    );
    expect(
      JSON.parse(
        (await registry.execute('c', 'plain', { size: '4', url: 'x', level: 'low' })).content,
      ),
    ).toEqual({ size: 4, url: 'x', level: 'low' });
    const bad = await registry.execute('c', 'plain', { size: -1, level: 'mid' });
    expect(bad.content).toContain('- size: expected an integer (>= 0), got an integer -1');
    expect(bad.content).toContain('- level: expected one of "low" | "high", got a string "mid"');
  });

  it('turns thrown errors, thrown non-Errors and non-string results into results', async () => {
    const registry = new ToolRegistry().registerAll([
      tool('throws', async () => {
        throw new Error('disk on fire');
      }),
      tool('throwsString', async () => {
        throw 'plain string';
      }),
      tool('throwsSync', (() => {
        throw undefined;
      }) as unknown as ITool['execute']),
      tool('object', (async () => ({ answer: 42 })) as unknown as ITool['execute']),
      tool('nothing', (async () => undefined) as unknown as ITool['execute']),
    ]);
    const thrown = await registry.execute('c', 'throws', {});
    expect(thrown).toMatchObject({ isError: true, errorCode: 'TOOL_EXECUTION_FAILED' });
    expect(thrown.content).toBe(`Error running tool "throws": disk on fire\n\n${ERROR_RETRY_HINT}`);
    expect((await registry.execute('c', 'throwsString', {})).content).toContain('plain string');
    expect((await registry.execute('c', 'throwsSync', {})).content).toContain(
      'The tool threw undefined',
    );
    expect(JSON.parse((await registry.execute('c', 'object', {})).content)).toEqual({ answer: 42 });
    expect(await registry.execute('c', 'nothing', {})).toMatchObject({
      content: '',
      isError: false,
    });
  });

  it('bounds a hanging tool with timeoutMs and fires its signal', async () => {
    let signal: AbortSignal | undefined;
    const registry = new ToolRegistry().register(
      tool('hang', (_params, context?: ToolContext) => {
        signal = context?.signal;
        return new Promise<string>(() => {});
      }),
    );
    const result = await registry.execute('c', 'hang', {}, { timeoutMs: 30 });
    expect(result).toMatchObject({ isError: true, errorCode: 'TOOL_TIMEOUT' });
    expect(result.content).toContain('did not finish within 30 ms');
    expect(signal?.aborted).toBe(true);
  });

  it('honours the registry default timeout', async () => {
    const registry = new ToolRegistry({ defaultTimeoutMs: 20 }).register(
      tool('hang', () => new Promise<string>(() => {})),
    );
    expect((await registry.execute('c', 'hang', {})).errorCode).toBe('TOOL_TIMEOUT');
  });

  it('aborts a running call and a call whose signal already fired', async () => {
    let started = 0;
    let seen: AbortSignal | undefined;
    const registry = new ToolRegistry().register(
      tool('slow', (_params, context) => {
        started++;
        seen = context?.signal;
        return new Promise<string>(() => {});
      }),
    );
    const controller = new AbortController();
    const running = registry.execute('c', 'slow', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const result = await running;
    expect(result).toMatchObject({ isError: true, errorCode: 'TOOL_ABORTED' });
    expect(result.content).toContain('was aborted');
    expect(seen?.aborted).toBe(true);

    const before = started;
    const already = await registry.execute('c', 'slow', {}, { signal: AbortSignal.abort() });
    expect(already.errorCode).toBe('TOOL_ABORTED');
    expect(started).toBe(before);
  });

  it('passes the call id, the workspace and extra context to the tool, and one-argument tools still work', async () => {
    let context: ToolContext | undefined;
    const registry = new ToolRegistry({ workspaceRoot: '/work/space' }).registerAll([
      tool('ctx', async (_params, given) => {
        context = given;
        return 'ok';
      }),
      tool('oneArgument', async (params) => `got ${Object.keys(params).length}`),
    ]);
    await registry.execute('call-9', 'ctx', {}, { context: { agent: { name: 'helper' } } });
    expect(context).toMatchObject({
      toolCallId: 'call-9',
      workspaceRoot: '/work/space',
      agent: { name: 'helper' },
    });
    expect(context?.signal.aborted).toBe(false);
    expect((await registry.execute('c', 'oneArgument', {})).content).toBe('got 0');
  });
});

describe('ToolRegistry output truncation', () => {
  const lines = Array.from({ length: 1000 }, (_, index) => `line ${index + 1}`).join('\n');

  it('cuts long output at a line boundary, says how much was cut and saves the full text in the workspace', async () => {
    const workspace = temporaryDirectory();
    const registry = new ToolRegistry({ workspaceRoot: workspace, maxChars: 100 }).register(
      tool('long', async () => lines),
    );
    const result = await registry.execute('c', 'long', {});
    expect(result.truncated).toBe(true);
    expect(result.fullOutputPath?.startsWith(join(workspace, '.tinyelf', 'tool-output'))).toBe(
      true,
    );
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8')).toBe(lines);
    const head = `${lines.split('\n').slice(0, 13).join('\n')}\n`;
    expect(
      result.content.startsWith(
        `${head}\n... (truncated: showing ${head.length} of ${lines.length} characters; ${lines.length - head.length} characters in 987 lines were cut.`,
      ),
    ).toBe(true);
    expect(result.content).toContain('read it with Read from line 14');
  });

  it('lets a tool and a call override maxChars', async () => {
    const registry = new ToolRegistry({ maxChars: 10, spillDirectory: false }).registerAll([
      tool('roomy', async () => lines, { maxOutputChars: 1_000_000 }),
      tool('tight', async () => lines),
    ]);
    expect((await registry.execute('c', 'roomy', {})).truncated).toBe(false);
    expect((await registry.execute('c', 'tight', {}, { maxChars: 1_000_000 })).truncated).toBe(
      false,
    );
    const cut = await registry.execute('c', 'tight', {});
    expect(cut.truncated).toBe(true);
    expect(cut.content).toContain(
      'The full output was not kept: saving full outputs is turned off.',
    );
  });

  it('keeps at most spillMaxFiles saved outputs and removes old ones', async () => {
    const directory = temporaryDirectory();
    writeFileSync(join(directory, 'ancient.txt'), 'old');
    const old = new Date(Date.now() - 3 * 86_400_000);
    utimesSync(join(directory, 'ancient.txt'), old, old);
    const registry = new ToolRegistry({
      maxChars: 10,
      spillDirectory: directory,
      spillMaxFiles: 3,
    }).register(tool('long', async () => lines));
    for (let index = 0; index < 5; index++) await registry.execute('c', 'long', {});
    const files = readdirSync(directory);
    expect(files).toHaveLength(3);
    expect(files).not.toContain('ancient.txt');
  });

  it('still answers when the spill directory cannot be written', async () => {
    const blocker = join(temporaryDirectory(), 'file');
    writeFileSync(blocker, '');
    const registry = new ToolRegistry({
      maxChars: 10,
      spillDirectory: join(blocker, 'sub'),
    }).register(tool('long', async () => lines));
    const result = await registry.execute('c', 'long', {});
    expect(result.truncated).toBe(true);
    expect(result.content).toMatch(/The full output was not kept: it could not be saved/);
  });
});

describe('ToolRegistry.assessRisk', () => {
  it('returns the warnings a tool attaches to a call, after coercion', async () => {
    const registry = new ToolRegistry().register(
      defineTool({
        name: 'risky',
        description: 'risky',
        parameters: Type.Object({ level: Type.Integer() }),
        execute: async () => '',
        assessRisk: ({ level }) =>
          level > 3 ? [{ rule: 'high-level', message: `level ${level} is high` }] : [],
      }),
    );
    expect(await registry.assessRisk('risky', { level: '5' })).toEqual([
      { rule: 'high-level', message: 'level 5 is high' },
    ]);
    expect(await registry.assessRisk('risky', { level: 1 })).toEqual([]);
    expect(await registry.assessRisk('risky', { level: 'x' })).toEqual([]);
    expect(await registry.assessRisk('missing', {})).toEqual([]);
  });
});

describe('provider definitions', () => {
  it('uses a tool’s own definition for a provider that has one, and the function format for the rest', () => {
    const native = tool('WebSearch', async () => '', {
      providerDefinitions: {
        anthropic: { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
      },
    });
    const registry = new ToolRegistry().register(native);
    expect(registry.getDefinitions('anthropic')).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
    ]);
    expect(registry.getDefinitions()[0]?.function.name).toBe('WebSearch');
  });
});
