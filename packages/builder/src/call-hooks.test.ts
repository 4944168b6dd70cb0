import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BuildStep,
  createContainer,
  PLUGIN_API_VERSION,
  Tokens,
  type ToolCallHook,
  type ToolPlugin,
} from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { buildToolRegistry } from './tool-registry-builder';

const workspace = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-hooks-')));
const readStdin = `const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));\n`;

/** A plugin with one tool whose output carries credentials, and hooks of its own. */
function plugin(extra: Partial<ToolPlugin> = {}): ToolPlugin {
  return {
    name: 'creds',
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Control,
    createTools: () => [
      {
        name: 'print_env',
        description: 'Prints the environment',
        parameters: { type: 'object', properties: {} },
        execute: async () => 'AWS_ACCESS_KEY_ID=AKIAABCDEFGHIJKLMNOP',
      },
    ],
    ...extra,
  };
}

const appending = (name: string): ToolCallHook => ({
  name,
  afterToolCall: () => ({ append: name }),
});

describe('hooks from configuration, plugins and the container', () => {
  it('denies git push through a configured command hook while git status runs (the real Bash)', async () => {
    const root = workspace();
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root });
    writeFileSync(
      join(root, 'no-push.cjs'),
      `${readStdin}if (/\\bgit\\s+push\\b/.test(input.params.command)) console.log(JSON.stringify({ decision: 'deny', reason: 'pushes go through CI' }));`,
    );
    const built = await buildToolRegistry({
      config: {
        workspaceRoot: root,
        plugins: ['@tinyelf/tool-shell'],
        shell: { sandbox: 'none' },
        hooks: {
          beforeToolCall: [{ command: 'node no-push.cjs', name: 'no-push', toolNames: ['Bash'] }],
        },
        audit: { file: '.tinyelf/audit.jsonl' },
      },
    });
    const pushed = await built.registry.execute('c1', 'Bash', { command: 'git push origin main' });
    expect(pushed.isError).toBe(true);
    expect(pushed.content).toMatch(
      /^Error: The call to Bash was refused by hook "no-push" and not run: pushes go through CI/,
    );
    // A builder registry carries the policy: Bash asks, and the user says yes.
    const status = await built.registry.execute(
      'c2',
      'Bash',
      { command: 'git status' },
      { confirm: () => true },
    );
    expect(status.isError).toBe(false);
    expect(status.content).toContain('On branch main');
    const audit = readFileSync(join(root, '.tinyelf/audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(audit).toMatchObject([
      { tool: 'Bash', params: { command: 'git push origin main' }, hook: 'no-push', isError: true },
      { tool: 'Bash', params: { command: 'git status' }, isError: false },
    ]);
    await built.dispose();
  });

  it('runs the container’s hooks, then the plugins’, then the configuration’s (which see the others’ work)', async () => {
    const root = workspace();
    writeFileSync(
      join(root, 'redact.cjs'),
      `${readStdin}console.log(JSON.stringify({ content: input.result.content.replace(/AKIA[0-9A-Z]{16}/g, '[REDACTED]') }));`,
    );
    const container = createContainer();
    container.register(Tokens.ToolCallHook, {
      useValue: appending('container AKIAZZZZZZZZZZZZZZZZ'),
    });
    const built = await buildToolRegistry({
      container,
      config: {
        workspaceRoot: root,
        plugins: [],
        hooks: { afterToolCall: [{ command: 'node redact.cjs' }] },
      },
      plugins: [plugin({ createHooks: () => [appending('plugin')] })],
    });
    const result = await built.registry.execute('c', 'print_env', {}, { confirm: () => true });
    expect(result.content).toBe('AWS_ACCESS_KEY_ID=[REDACTED]\ncontainer [REDACTED]\nplugin');
  });

  it('reports a plugin whose hooks cannot be made as failed, and adds none of its tools', async () => {
    const built = await buildToolRegistry({
      config: { workspaceRoot: workspace(), plugins: [] },
      plugins: [
        plugin({
          createHooks: () => {
            throw new Error('no policy server');
          },
        }),
      ],
    });
    expect(built.registry.getNames()).toEqual([]);
    expect(built.diagnostics.plugins).toMatchObject([
      { plugin: 'creds', status: 'failed', reason: 'no policy server' },
    ]);
  });

  it('refuses hook and audit configuration that is wrong, naming each place', async () => {
    const message = await buildToolRegistry({
      config: {
        workspaceRoot: workspace(),
        plugins: [],
        hooks: {
          beforeToolCall: [{ comand: 'x' }, { command: 'ok', timeoutMs: 0 }],
          afterToolCall: 'redact.sh',
          onCall: [],
        } as never,
        audit: { file: '', rotate: true } as never,
      },
    }).then(
      () => 'built',
      (error: Error) => error.message,
    );
    expect(message).toBe(
      [
        'the configuration is not valid (7 problems):',
        '- hooks.beforeToolCall.0.command is required',
        '- hooks.beforeToolCall.0.comand: unknown key (did you mean "command"?)',
        '- hooks.beforeToolCall.1.timeoutMs must be at least 1; got 0',
        '- hooks.afterToolCall must be a list; got "redact.sh"',
        '- hooks.onCall: unknown key; the keys allowed here are beforeToolCall, afterToolCall',
        '- audit.file must not be empty',
        '- audit.rotate: unknown key; the keys allowed here are file',
      ].join('\n'),
    );
  });
});
