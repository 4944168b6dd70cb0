import { existsSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import { createShellPlugin } from '../shell-plugin';
import type { ShellToolOptions } from '../shell-tool-options';
import { createShellTool } from './bash';

function setup(options: Partial<ShellToolOptions> = {}) {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-modes-')));
  const registry = new ToolRegistry({ workspaceRoot }).register(
    createShellTool({ workspaceRoot, ...options }),
  );
  return {
    workspaceRoot,
    registry,
    run: (params: Record<string, unknown>) => registry.execute('call', 'Bash', params),
  };
}

const missing = '/nonexistent/bwrap';
const bubblewrapWorks = !resolveSandbox({ sandbox: 'bubblewrap', workspaceRoot: tmpdir() })
  .unavailableReason;

describe("sandbox 'auto' (the default) without a working bwrap", () => {
  it('runs the command directly and says so in the description and once, in the first result', async () => {
    const { run, registry, workspaceRoot } = setup({ bubblewrapPath: missing });
    expect(registry.get('Bash')?.description).toContain(
      `No sandbox is available here (${missing} does not exist or is not executable): commands run directly on the machine`,
    );
    const first = await run({ command: 'touch ran.txt; echo one' });
    expect(first.content).toBe(
      `[No sandbox: ${missing} does not exist or is not executable. This command ran directly on the machine; later ones will too.]\none\n\nExit code 0.`,
    );
    expect(existsSync(join(workspaceRoot, 'ran.txt'))).toBe(true);
    const second = await run({ command: 'echo two' });
    expect(second.content).toBe('two\n\nExit code 0.');
  });

  it('makes the plugin warn, so the build diagnostics show it', async () => {
    const warnings: string[] = [];
    const logger: Logger = {
      debug() {},
      info() {},
      warn: (message) => warnings.push(message),
      error() {},
    };
    const context = createTestBuildContext({
      logger,
      config: { shell: { bubblewrapPath: missing } },
    });
    const tools = await createShellPlugin().createTools(context);
    expect(tools.map((tool) => tool.name)).toEqual(['Bash']);
    expect(warnings).toEqual([
      `Bash runs commands without a sandbox: ${missing} does not exist or is not executable.`,
    ]);
  });
});

describe("sandbox 'bubblewrap'", () => {
  it('refuses every command when bwrap cannot start, and runs none', async () => {
    const { run, workspaceRoot } = setup({ sandbox: 'bubblewrap', bubblewrapPath: missing });
    const result = await run({ command: 'touch ran.txt' });
    expect(result.errorCode).toBe('SANDBOX_UNAVAILABLE');
    expect(result.content).toContain(
      `The bubblewrap sandbox was asked for but cannot start: ${missing} does not exist or is not executable. The command was not run`,
    );
    expect(existsSync(join(workspaceRoot, 'ran.txt'))).toBe(false);
  });

  it.skipIf(!bubblewrapWorks)('offers no way out of the sandbox', async () => {
    const { run, workspaceRoot } = setup({ sandbox: 'bubblewrap' });
    const result = await run({
      command: 'touch ran.txt',
      dangerouslyDisableSandbox: true,
      reason: 'needs the network',
    });
    expect(result.errorCode).toBe('SANDBOX_REQUIRED');
    expect(existsSync(join(workspaceRoot, 'ran.txt'))).toBe(false);
  });
});

describe('an unknown sandbox value', () => {
  const message =
    'The shell option "sandbox" is "bwrap"; allowed values are "auto", "bubblewrap", "none" (default "auto").';
  it('is a configuration error, never a silent run without the sandbox', () => {
    const workspaceRoot = mkdtempSync(join(tmpdir(), 'tinyelf-modes-'));
    expect(() =>
      createShellTool({ workspaceRoot, sandbox: 'bwrap' as ShellToolOptions['sandbox'] }),
    ).toThrow(message);
    const context = createTestBuildContext({ config: { shell: { sandbox: 'bwrap' } } });
    expect(() => createShellPlugin().createTools(context)).toThrow(message);
  });
});

describe.skipIf(!bubblewrapWorks)('dangerouslyDisableSandbox', () => {
  it('needs a reason, and then runs outside the sandbox', async () => {
    const outside = realpathSync(mkdtempSync(join('/var/tmp', 'tinyelf-hatch-')));
    const { run } = setup();
    const command = `touch ${outside}/written`;
    const noReason = await run({ command, dangerouslyDisableSandbox: true });
    expect(noReason.errorCode).toBe('INVALID_TOOL_INPUT');
    expect(noReason.content).toContain('dangerouslyDisableSandbox needs a reason');
    expect(readdirSync(outside)).toEqual([]);
    const sandboxed = await run({ command });
    expect(sandboxed.content).toContain('Read-only file system');
    const hatch = await run({ command, dangerouslyDisableSandbox: true, reason: 'write a cache' });
    expect(hatch.content).toBe('(no output)\n\nExit code 0.');
    expect(readdirSync(outside)).toEqual(['written']);
  });

  it('always warns with the stated reason, so the user is asked in every mode but bypassPermissions', async () => {
    const { registry } = setup();
    const warnings = await registry.assessRisk('Bash', {
      command: 'npm install',
      dangerouslyDisableSandbox: true,
      reason: 'npm install needs the registry',
    });
    expect(warnings).toEqual([
      {
        rule: 'sandbox-bypass',
        message:
          'Runs outside the sandbox (network, files outside the workspace and protected files reachable). Stated reason: npm install needs the registry',
      },
    ]);
    // Even where Bash is configured as never asking.
    for (const policy of [new ToolPolicy(), new ToolPolicy({ safeTools: ['Bash'] })]) {
      expect(policy.requiresConfirmation('Bash', 'default', warnings)).toBe(true);
      expect(policy.requiresConfirmation('Bash', 'acceptEdits', warnings)).toBe(true);
      expect(policy.requiresConfirmation('Bash', 'bypassPermissions', warnings)).toBe(false);
    }
    expect(await registry.assessRisk('Bash', { command: 'npm install' })).toEqual([]);
  });

  it('tells the model about the sandbox and the hatch', () => {
    const { registry } = setup();
    const description = registry.get('Bash')?.description ?? '';
    expect(description).toContain('Commands run in a sandbox as an unprivileged user');
    expect(description).toContain('there is no network');
    expect(description).toContain('dangerouslyDisableSandbox: true and a reason');
  });
});
