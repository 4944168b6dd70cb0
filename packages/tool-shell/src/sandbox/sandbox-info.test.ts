import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../runner/run-command';
import { createShellTool } from '../tools/bash';
import { bubblewrapArguments } from './bubblewrap';
import { DEFAULT_READ_ONLY_PATHS } from './protected-mounts';
import { resolveSandbox } from './resolve-sandbox';
import { waitForSandboxEnd } from './sandbox-end';
import { SandboxInfoFile } from './sandbox-info';

const probe = resolveSandbox({ sandbox: 'bubblewrap', workspaceRoot: tmpdir() });
const skipReason = probe.unavailableReason;
if (skipReason) console.warn(`Sandbox info tests with bwrap skipped: ${skipReason}`);

describe('SandboxInfoFile', () => {
  it('is an unnamed file: nothing is left in its folder, and it reads back what was written', () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-info-')));
    const info = SandboxInfoFile.open(folder);
    expect(info).toBeDefined();
    expect(readdirSync(folder)).toEqual([]);
    writeSync(info!.fd, '{ "child-pid": 12 }');
    expect(info!.readAndClose()).toBe('{ "child-pid": 12 }');
  });

  it('falls back to the system temporary folder when the scratch folder cannot be used', () => {
    const file = join(realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-info-'))), 'a-file');
    writeFileSync(file, '');
    const info = SandboxInfoFile.open(join(file, 'scratch'));
    expect(info).toBeDefined();
    expect(info!.readAndClose()).toBe('');
  });
});

describe.skipIf(skipReason)('bwrap writing its info into the file', () => {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-info-bwrap-')));
  const { args } = bubblewrapArguments({
    binary: probe.bubblewrapPath ?? 'bwrap',
    workspaceRoot,
    allowNetwork: false,
    readOnlyPaths: DEFAULT_READ_ONLY_PATHS,
    hiddenPaths: [],
    homeDirs: [],
  });

  it("gives the namespace's first pid, which is gone once the wait returns; the command never sees the file", async () => {
    const info = SandboxInfoFile.open(undefined)!;
    const result = await runCommand({
      file: probe.bubblewrapPath!,
      args: [
        ...args,
        'bash',
        '-c',
        'test -e /proc/$$/fd/3 && echo fd 3 open; echo x 2>/dev/null >&3 || echo no fd 3',
      ],
      cwd: workspaceRoot,
      timeoutMs: 10_000,
      keepBytes: 10_000,
      fd3: info.fd,
    });
    const written = info.readAndClose();
    const parsed = JSON.parse(written) as Record<string, number>;
    expect(parsed['child-pid']).toBeGreaterThan(1);
    expect(parsed['pid-namespace']).toBeGreaterThan(0);
    expect(await waitForSandboxEnd(written)).toBe(true);
    // The namespace's first process: gone or a zombie (unless its pid was reused elsewhere).
    let state = 'gone';
    try {
      const stat = readFileSync(`/proc/${parsed['child-pid']}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    } catch {
      // gone
    }
    expect(['gone', 'Z', 'X']).toContain(state);
    const listed = result.output.cut ? '' : result.output.text;
    expect(listed).toBe('no fd 3\n');
    expect(result.exitCode).toBe(0);
  });

  it('serves the Bash tool: calls run, exit codes and timeouts hold as with the pipe', async () => {
    const registry = new ToolRegistry({ workspaceRoot }).register(
      createShellTool({ workspaceRoot, sandbox: 'bubblewrap', killGraceMs: 200 }),
    );
    const ran = await registry.execute('a', 'Bash', { command: 'echo hi; exit 3' });
    expect(ran.content).toBe('hi\n\nExit code 3.');
    const stopped = await registry.execute('b', 'Bash', { command: 'sleep 30', timeout: 1000 });
    expect(stopped.isError).toBe(true);
    expect(stopped.content).toContain('did not finish within 1 s');
  });
});
