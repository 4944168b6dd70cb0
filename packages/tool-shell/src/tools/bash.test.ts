import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { eventually, isAlive, processesMatching } from '@tinyelf/test-support/processes';
import { describe, expect, it } from 'vitest';
import type { ShellToolOptions } from '../shell-tool-options';
import { createShellTool } from './bash';

function setup(options: Partial<ShellToolOptions> = {}) {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-bash-')));
  const registry = new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, sandbox: 'none', ...options }),
  );
  return {
    workspaceRoot,
    registry,
    run: (command: string, extra: Parameters<ToolRegistry['execute']>[3] = {}) =>
      registry.execute('call', 'Bash', { command }, extra),
  };
}

describe('Bash', () => {
  it('runs in the workspace root and merges stdout and stderr in order, with the exit code', async () => {
    const { run, workspaceRoot } = setup();
    const result = await run('pwd; echo out1; echo err1 >&2; echo out2; exit 3');
    expect(result.isError).toBe(false);
    expect(result.content).toBe(`${workspaceRoot}\nout1\nerr1\nout2\n\nExit code 3.`);
  });

  it('closes standard input so commands waiting for it fail at once', async () => {
    const { run } = setup();
    const result = await run('read line && echo "got $line" || echo "no input"');
    expect(result.content).toBe('no input\n\nExit code 0.');
  });

  it('keeps the head and tail of huge output while streaming', async () => {
    const { run } = setup({ maxOutputBytes: 1000 });
    const result = await run('seq 1 200000');
    expect(result.content.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.content).toContain('200000\n\nExit code 0.');
    expect(result.content).toMatch(
      /\.\.\. \(truncated: \d+ bytes in \d+ lines were cut from the middle \(lines \d+ to \d+\); showing the first 500 and the last \d+ of 1288895 bytes\./,
    );
    expect(result.content.length).toBeLessThan(1600);
  });

  it('kills the whole process group on timeout, background children included', async () => {
    const { run, workspaceRoot } = setup({ execTimeout: 1500, killGraceMs: 200 });
    const result = await run(
      'sleep 30 & echo $! > child.pid; (sleep 40 & echo $! > grandchild.pid; wait) & echo started; wait',
    );
    expect(result.errorCode).toBe('TOOL_TIMEOUT');
    expect(result.content).toContain(
      'did not finish within 1.5 s and was stopped with every process it started. Output so far:\nstarted',
    );
    for (const file of ['child.pid', 'grandchild.pid']) {
      const pid = Number(readFileSync(join(workspaceRoot, file), 'utf8'));
      // SIGKILL is delivered asynchronously: on a loaded machine the process may need a moment.
      expect(await eventually(() => !isAlive(pid), 3000), `${file} ${pid} is gone`).toBe(true);
    }
  });

  it('stops the process group on abort', async () => {
    const { run, workspaceRoot } = setup({ killGraceMs: 200 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const result = await run('sleep 30 & echo $! > child.pid; wait', { signal: controller.signal });
    expect(result.errorCode).toBe('TOOL_ABORTED');
    const child = Number(readFileSync(join(workspaceRoot, 'child.pid'), 'utf8'));
    expect(await eventually(() => !isAlive(child), 3000)).toBe(true);
  });

  it('returns when the command exits even if it left a background server holding the output open', async () => {
    const { run, workspaceRoot } = setup();
    const started = Date.now();
    const result = await run('sleep 30 & echo $! > server.pid; echo ready');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.content).toBe('ready\n\nExit code 0.');
    const server = Number(readFileSync(join(workspaceRoot, 'server.pid'), 'utf8'));
    expect(await eventually(() => !isAlive(server), 3000)).toBe(true);
  });

  it('refuses blocked commands without running them, and attaches warnings for the policy', async () => {
    const { run, registry, workspaceRoot } = setup();
    const blocked = await run('touch ran.txt; rm -rf /');
    expect(blocked.errorCode).toBe('COMMAND_BLOCKED');
    expect(blocked.content).toContain(
      'The command was refused and not run: rm -r /: the root, the home folder or a system folder would be deleted.',
    );
    expect(existsSync(join(workspaceRoot, 'ran.txt'))).toBe(false);
    const warnings = await registry.assessRisk('Bash', { command: 'sudo apt-get install cowsay' });
    expect(warnings.map((warning) => warning.rule)).toEqual(['privilege', 'global-install']);
    expect(new ToolPolicy().requiresConfirmation('Bash', 'acceptEdits', warnings)).toBe(true);
    expect(await registry.assessRisk('Bash', { command: 'ls -la' })).toEqual([]);
  });

  it('kills what left the process group (set -m, setsid, nohup, double fork, disown) when the command exits', async () => {
    const { run } = setup();
    const tag = `${process.pid}${Date.now()}`;
    const result = await run(
      `set -m; sleep 1${tag}1 & setsid sleep 1${tag}2 & nohup sleep 1${tag}3 >/dev/null 2>&1 & (sleep 1${tag}4 &) ; sleep 1${tag}5 & disown; setsid -f sleep 1${tag}6; echo started`,
    );
    expect(result.content).toMatch(/started\n\nExit code 0\.$/);
    // A SIGKILL lands asynchronously: give a loaded machine a moment.
    expect(await eventually(() => processesMatching(tag).length === 0, 3000)).toBe(true);
  });

  it('cannot kill a process that left the group and cleared its environment (only the sandbox can)', async () => {
    const { run } = setup();
    const tag = `${process.pid}${Date.now()}`;
    await run(`env -i setsid -f sleep 2${tag}`);
    const left = processesMatching(tag);
    expect(left).toHaveLength(1);
    for (const pid of left) process.kill(pid, 'SIGKILL');
  });

  it('honours a per-call timeout', async () => {
    const { registry } = setup({ killGraceMs: 100 });
    const result = await registry.execute('call', 'Bash', { command: 'sleep 5', timeout: 1000 });
    expect(result.errorCode).toBe('TOOL_TIMEOUT');
  });
});
