import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../registry/tool-registry';
import { defineTool } from '../tool/define-tool';
import { type CommandHooksConfig, createCommandHooks } from './command-hook';

const folder = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-hooks-')));

const run = defineTool({
  name: 'Run',
  description: 'Pretends to run a command',
  parameters: Type.Object({ command: Type.String() }),
  execute: async ({ command }) => `ran ${command}`,
});

const printEnv = defineTool({
  name: 'PrintEnv',
  description: 'Prints credentials',
  parameters: Type.Object({}),
  execute: async () => 'key=AKIAABCDEFGHIJKLMNOP token sk-abcdefghijklmnopqrstuvwx',
});

/** A registry whose hooks are the commands of `config`, run in `cwd`, with hook scripts written there. */
function registryWith(
  config: CommandHooksConfig,
  cwd: string,
  scripts: Record<string, string> = {},
) {
  for (const [name, text] of Object.entries(scripts)) writeFileSync(join(cwd, name), text);
  return new ToolRegistry({ hooks: createCommandHooks(config, { cwd }) })
    .register(run)
    .register(printEnv);
}

const readStdin = `const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));\n`;

describe('command hooks', () => {
  it('deny git push: the command reads the call on stdin and refuses it with its reason', async () => {
    const cwd = folder();
    const registry = registryWith(
      { beforeToolCall: [{ command: 'node no-push.cjs', name: 'no-push', toolNames: ['Run'] }] },
      cwd,
      {
        'no-push.cjs': `${readStdin}if (/^git\\s+push\\b/.test(input.params.command)) console.log(JSON.stringify({ decision: 'deny', reason: 'git push is for CI (' + input.toolName + ' ' + input.toolCallId + ')' }));`,
      },
    );
    const refused = await registry.execute('call-7', 'Run', { command: 'git push origin main' });
    expect(refused.errorCode).toBe('PERMISSION_DENIED');
    expect(refused.content).toMatch(
      /^Error: The call to Run was refused by hook "no-push" and not run: git push is for CI \(Run call-7\)/,
    );
    expect((await registry.execute('c', 'Run', { command: 'git status' })).content).toBe(
      'ran git status',
    );
  });

  it('logs every call: a command appending its stdin to a file, which reads back as the calls', async () => {
    const cwd = folder();
    const registry = registryWith(
      { beforeToolCall: [{ command: 'cat >> calls.jsonl && echo >> calls.jsonl' }] },
      cwd,
    );
    await registry.execute('a', 'Run', { command: 'ls' });
    await registry.execute('b', 'PrintEnv', {}, { context: { agent: agentNamed('reviewer') } });
    const lines = readFileSync(join(cwd, 'calls.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { toolCallId: 'a', toolName: 'Run', params: { command: 'ls' } },
      { toolCallId: 'b', toolName: 'PrintEnv', params: {}, agentName: 'reviewer' },
    ]);
  });

  it('rewrites arguments and redacts results through JSON on stdout', async () => {
    const cwd = folder();
    const registry = registryWith(
      {
        beforeToolCall: [{ command: 'node quiet.cjs', toolNames: ['Run'] }],
        afterToolCall: [{ command: 'node redact.cjs' }],
      },
      cwd,
      {
        'quiet.cjs': `${readStdin}console.log(JSON.stringify({ decision: 'continue', params: { command: input.params.command + ' --quiet' } }));`,
        'redact.cjs': `${readStdin}console.log(JSON.stringify({ content: input.result.content.replace(/\\bAKIA[0-9A-Z]{16}\\b|\\bsk-[A-Za-z0-9_-]{16,}/g, '[REDACTED]') }));`,
      },
    );
    expect((await registry.execute('c', 'Run', { command: 'make' })).content).toBe(
      'ran make --quiet',
    );
    expect((await registry.execute('c', 'PrintEnv', {})).content).toBe(
      'key=[REDACTED] token [REDACTED]',
    );
  });

  it('refuses the call when the command does not exist, fails, or prints something that is not JSON', async () => {
    const cwd = folder();
    const cases: [string, RegExp][] = [
      [
        'no-such-hook-command',
        /hook "no-such-hook-command" and not run: the hook failed \(exited with code 127 \(command not found\): .*no-such-hook-command: .*not found\)/,
      ],
      [
        'echo "policy server unreachable" >&2; exit 3',
        /the hook failed \(exited with code 3: policy server unreachable\)/,
      ],
      ['echo hello', /the hook failed \(it printed something that is not JSON: "hello"\)/],
      [
        `echo '{"decision":"allow"}'`,
        /it answered \{"decision":"allow"\}, which is not a decision/,
      ],
    ];
    for (const [command, message] of cases) {
      const result = await registryWith({ beforeToolCall: [{ command }] }, cwd).execute(
        'c',
        'Run',
        { command: 'ls' },
      );
      expect(result.errorCode).toBe('PERMISSION_DENIED');
      expect(result.content).toMatch(message);
    }
    const after = await registryWith({ afterToolCall: [{ command: 'echo nope' }] }, cwd).execute(
      'c',
      'PrintEnv',
      {},
    );
    expect(after.errorCode).toBe('HOOK_FAILED');
    expect(after.content).not.toContain('AKIA');
  });

  it('kills the whole process group of a hook past its time, and refuses the call', async () => {
    const cwd = folder();
    const registry = registryWith(
      { beforeToolCall: [{ command: 'sleep 30 & echo $! > child.pid; wait', timeoutMs: 300 }] },
      cwd,
    );
    const started = performance.now();
    const result = await registry.execute('c', 'Run', { command: 'ls' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.content).toMatch(/the hook failed \(it did not answer within 300 ms\)/);
    const pid = Number(readFileSync(join(cwd, 'child.pid'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(pid)).toBe(false);
  });
});

/** Whether a process runs (a killed one nobody has reaped yet is a zombie: not running). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function agentNamed(name: string) {
  return { name, depth: 0, permissionMode: 'default' as const };
}
