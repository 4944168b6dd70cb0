import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolPolicy } from '../policy/tool-policy';
import { defineTool } from '../tool/define-tool';
import { ToolRegistry } from './tool-registry';

const folder = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-audit-')));

const run = defineTool({
  name: 'Run',
  description: 'Pretends to run a command',
  parameters: Type.Object({
    command: Type.String(),
    apiKey: Type.Optional(Type.String()),
    body: Type.Optional(Type.String()),
  }),
  execute: async ({ command }) => `ran ${command}`,
});
const remove = defineTool({
  name: 'Delete',
  description: 'Deletes',
  parameters: Type.Object({ path: Type.String() }),
  execute: async () => 'deleted',
});
const read = defineTool({
  name: 'Read',
  description: 'Reads',
  parameters: Type.Object({ path: Type.String() }),
  execute: async () => 'text',
});

function readLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('the audit log', () => {
  it('writes one line per call: tool, redacted arguments, decision, the rule or hook, outcome', async () => {
    const file = join(folder(), 'logs', 'audit.jsonl');
    const registry = new ToolRegistry({
      policy: new ToolPolicy({ permissions: { deny: ['Delete'] } }),
      audit: { file },
      hooks: [
        {
          name: 'no-push',
          beforeToolCall: ({ params }) =>
            String(params.command).startsWith('git push')
              ? { decision: 'deny', reason: 'no pushing' }
              : undefined,
        },
      ],
    }).registerAll([run, read, remove]);
    await registry.execute('1', 'Read', { path: 'a.txt' });
    await registry.execute(
      '2',
      'Run',
      {
        command: 'curl -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz" x',
        apiKey: 'hunter2hunter2',
        body: 'x'.repeat(5_000),
      },
      {
        confirm: () => true,
        context: { agent: { name: 'main', depth: 0, permissionMode: 'default' } },
      },
    );
    await registry.execute('3', 'Run', { command: 'ls' });
    await registry.execute('4', 'Delete', { path: 'build' }, { confirm: () => true });
    await registry.execute('5', 'Run', { command: 'git push' }, { confirm: () => false });
    await registry.execute('6', 'Run', { command: 'ls' }, { confirm: () => false });
    await registry.execute('7', 'Nope', {});
    const lines = readLines(file);
    expect(lines).toHaveLength(7);
    for (const line of lines) {
      expect(Date.parse(line.time as string)).not.toBeNaN();
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
    const strip = lines.map(({ time, durationMs, ...rest }) => rest);
    expect(strip).toEqual([
      {
        toolCallId: '1',
        tool: 'Read',
        params: { path: 'a.txt' },
        decision: 'allow',
        isError: false,
      },
      {
        toolCallId: '2',
        tool: 'Run',
        agent: 'main',
        params: {
          command: 'curl -H "Authorization: Bearer [REDACTED]" x',
          apiKey: '[REDACTED]',
          body: `${'x'.repeat(1_000)}... (4000 more characters)`,
        },
        decision: 'ask',
        answer: 'approved',
        isError: false,
      },
      {
        toolCallId: '3',
        tool: 'Run',
        params: { command: 'ls' },
        decision: 'ask',
        answer: 'unasked',
        isError: true,
        errorCode: 'PERMISSION_DENIED',
      },
      {
        toolCallId: '4',
        tool: 'Delete',
        params: { path: 'build' },
        decision: 'deny',
        rule: 'deny: Delete',
        isError: true,
        errorCode: 'PERMISSION_DENIED',
      },
      {
        toolCallId: '5',
        tool: 'Run',
        params: { command: 'git push' },
        hook: 'no-push',
        isError: true,
        errorCode: 'PERMISSION_DENIED',
      },
      {
        toolCallId: '6',
        tool: 'Run',
        params: { command: 'ls' },
        decision: 'ask',
        answer: 'declined',
        isError: true,
        errorCode: 'PERMISSION_DENIED',
      },
      { toolCallId: '7', tool: 'Nope', params: {}, isError: true, errorCode: 'TOOL_NOT_FOUND' },
    ]);
  });

  it('keeps every line whole when many calls end at once', async () => {
    const file = join(folder(), 'audit.jsonl');
    const registry = new ToolRegistry({ audit: { file } }).register(run);
    const body = 'y'.repeat(900);
    await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        registry.execute(`c${index}`, 'Run', { command: `job ${index}`, body }),
      ),
    );
    const lines = readLines(file);
    expect(lines).toHaveLength(300);
    expect(new Set(lines.map((line) => line.toolCallId)).size).toBe(300);
  });
});
