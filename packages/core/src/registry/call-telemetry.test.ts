import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToolPolicy } from '../policy/tool-policy';
import { defineTool } from '../tool/define-tool';
import { ToolRegistry } from './tool-registry';

const exporter = new InMemorySpanExporter();
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

/** A tool that, like an MCP client, starts a span of its own while it runs. */
const remote = defineTool({
  name: 'mcp__docs__search',
  description: 'Searches the docs server',
  parameters: Type.Object({ query: Type.String() }),
  execute: async ({ query }) =>
    trace.getTracer('mcp-client').startActiveSpan('tools/call search', async (span) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      span.end();
      return `found ${query}`;
    }),
});
const remove = defineTool({
  name: 'Delete',
  description: 'Deletes a file',
  parameters: Type.Object({ path: Type.String() }),
  execute: async () => 'deleted',
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const byName = (name: string) => {
  const span = exporter.getFinishedSpans().find((each) => each.name === name);
  if (!span) throw new Error(`no span ${name}`);
  return span;
};

describe('OpenTelemetry spans of calls', () => {
  it('makes each call an execute_tool span under the active span, with the tool’s own spans inside', async () => {
    const registry = new ToolRegistry({
      policy: new ToolPolicy({ safeTools: ['mcp__docs__search'] }),
    }).registerAll([remote, remove]);
    await trace.getTracer('agent').startActiveSpan('invoke_agent main', async (agentSpan) => {
      await Promise.all([
        registry.execute('call-1', 'mcp__docs__search', { query: 'hooks' }),
        registry.execute('call-2', 'mcp__docs__search', { query: 'audit' }),
      ]);
      agentSpan.end();
    });
    const agent = byName('invoke_agent main');
    const calls = exporter
      .getFinishedSpans()
      .filter((span) => span.name.startsWith('execute_tool'));
    expect(calls.map((span) => span.name)).toEqual([
      'execute_tool mcp__docs__search',
      'execute_tool mcp__docs__search',
    ]);
    expect(calls.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual([
      'call-1',
      'call-2',
    ]);
    for (const span of calls) {
      expect(parentOf(span)).toBe(agent.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(agent.spanContext().traceId);
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'mcp__docs__search',
        'gen_ai.tool.type': 'function',
        'gen_ai.tool.description': 'Searches the docs server',
        'tinyelf.permission.decision': 'allow',
      });
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
    }
    const inner = exporter.getFinishedSpans().filter((span) => span.name === 'tools/call search');
    expect(inner.map(parentOf).sort()).toEqual(
      calls.map((span) => span.spanContext().spanId).sort(),
    );
  });

  it('marks a refused or failed call as an error with error.type and the decision', async () => {
    const registry = new ToolRegistry({
      policy: new ToolPolicy({ permissions: { deny: ['Delete'] } }),
    }).register(remove);
    await registry.execute('call-3', 'Delete', { path: 'a' });
    await registry.execute('call-4', 'Nope', {});
    const [denied, missing] = exporter.getFinishedSpans();
    expect(denied?.name).toBe('execute_tool Delete');
    expect(denied?.status.code).toBe(SpanStatusCode.ERROR);
    expect(denied?.status.message).toMatch(/^Error: The call to Delete was refused and not run/);
    expect(denied?.attributes).toMatchObject({
      'error.type': 'PERMISSION_DENIED',
      'tinyelf.permission.decision': 'deny',
      'tinyelf.permission.decided_by': 'deny: Delete',
    });
    expect(missing?.name).toBe('execute_tool Nope');
    expect(missing?.attributes['error.type']).toBe('TOOL_NOT_FOUND');
    expect(missing?.attributes['tinyelf.permission.decision']).toBeUndefined();
  });

  it('leaves core working when @opentelemetry/api is not installed (the built package, in plain node)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'tinyelf-no-otel-'));
    const hooks = join(folder, 'no-otel.mjs');
    writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@opentelemetry/')) {
    const error = new Error('Cannot find package ' + specifier);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`,
    );
    const register = join(folder, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});`,
    );
    const dist = new URL('../../dist/index.js', import.meta.url).href;
    const script = `
      const { ToolRegistry } = await import(${JSON.stringify(dist)});
      let otel = 'importable';
      try { await import('@opentelemetry/api'); } catch { otel = 'absent'; }
      const registry = new ToolRegistry().register({
        name: 'echo', description: 'echo', parameters: { type: 'object', properties: {} },
        execute: async () => 'still works',
      });
      const result = await registry.execute('c', 'echo', {});
      console.log(otel, result.content, result.isError);`;
    const child = spawnSync(
      process.execPath,
      ['--import', register, '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('absent still works false');
  });
});
