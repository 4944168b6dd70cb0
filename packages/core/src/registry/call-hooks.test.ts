import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { ConfirmationRequest } from '../permissions/confirmation';
import type { ToolCallHook } from '../permissions/tool-call-hook';
import { ToolPolicy } from '../policy/tool-policy';
import { redactSecrets } from '../security/redact-secrets';
import { defineTool } from '../tool/define-tool';
import { ERROR_RETRY_HINT } from './tool-call-result';
import { ToolRegistry } from './tool-registry';

/** A shell-like tool that records what it was asked to run instead of running it. */
function commandTool(ran: string[]) {
  return defineTool({
    name: 'Run',
    description: 'Runs a command',
    parameters: Type.Object({ command: Type.String(), times: Type.Optional(Type.Integer()) }),
    execute: async ({ command, times }) => {
      ran.push(command);
      return `ran ${command}${times ? ` x${times}` : ''}`;
    },
  });
}

const leaky = defineTool({
  name: 'Env',
  description: 'Prints credentials',
  parameters: Type.Object({}),
  execute: async () => 'AWS_ACCESS_KEY_ID=AKIAABCDEFGHIJKLMNOP\nOPENAI=sk-abcdefghijklmnopqrstuvwx',
});

const noPush: ToolCallHook = {
  name: 'no-push',
  toolNames: ['Run'],
  beforeToolCall: ({ params }) =>
    /^git\s+push\b/.test(String(params.command))
      ? { decision: 'deny', reason: 'pushing is done by CI, not by the agent.' }
      : undefined,
};

describe('before-hooks', () => {
  it('refuses a call a hook denies, with the hook and its reason, and runs the others', async () => {
    const ran: string[] = [];
    const registry = new ToolRegistry({ hooks: [noPush] }).register(commandTool(ran));
    const refused = await registry.execute('c1', 'Run', { command: 'git push origin main' });
    expect(refused.isError).toBe(true);
    expect(refused.errorCode).toBe('PERMISSION_DENIED');
    expect(refused.content).toBe(
      `Error: The call to Run was refused by hook "no-push" and not run: pushing is done by CI, not by the agent.\n\n${ERROR_RETRY_HINT}`,
    );
    const allowed = await registry.execute('c2', 'Run', { command: 'git status' });
    expect(allowed.content).toBe('ran git status');
    expect(ran).toEqual(['git status']);
  });

  it('rewrites the arguments, validates (and coerces) them again, and refuses invalid rewrites', async () => {
    const ran: string[] = [];
    const seen: unknown[] = [];
    const registry = new ToolRegistry({
      hooks: [
        {
          name: 'dry-run',
          beforeToolCall: ({ params }) => ({
            decision: 'continue',
            params: { ...params, command: `${params.command} --dry-run`, times: '2' },
          }),
        },
        { name: 'sees-rewrite', beforeToolCall: ({ params }) => void seen.push(params) },
      ],
    }).register(commandTool(ran));
    expect((await registry.execute('c1', 'Run', { command: 'make' })).content).toBe(
      'ran make --dry-run x2',
    );
    expect(seen).toEqual([{ command: 'make --dry-run', times: 2 }]);

    const broken = new ToolRegistry({
      hooks: [{ name: 'breaks', beforeToolCall: () => ({ decision: 'continue', params: {} }) }],
    }).register(commandTool(ran));
    const result = await broken.execute('c2', 'Run', { command: 'make' });
    expect(result.errorCode).toBe('PERMISSION_DENIED');
    expect(result.content).toMatch(
      /^Error: The call to Run was refused by hook "breaks" and not run: it rewrote the arguments into invalid ones: Invalid arguments for tool "Run":\n- command: missing required parameter/,
    );
    expect(ran).toEqual(['make --dry-run']);
  });

  it('refuses the call when a hook throws, times out, or answers something that is not a decision', async () => {
    const ran: string[] = [];
    const cases: [ToolCallHook, RegExp][] = [
      [
        {
          name: 'throws',
          beforeToolCall: () => {
            throw new Error('database down');
          },
        },
        /hook "throws" and not run: the hook failed \(database down\); a failing hook refuses the call\./,
      ],
      [
        { name: 'hangs', timeoutMs: 50, beforeToolCall: () => new Promise(() => {}) },
        /hook "hangs" and not run: the hook failed \(it did not answer within 50 ms\)/,
      ],
      [
        {
          name: 'typo',
          beforeToolCall: () => ({ decison: 'deny' }) as never,
        },
        /hook "typo" and not run: it answered \{"decison":"deny"\}, which is not a decision\. A before-hook answers nothing/,
      ],
    ];
    for (const [hook, message] of cases) {
      const registry = new ToolRegistry({ hooks: [hook] }).register(commandTool(ran));
      const started = performance.now();
      const result = await registry.execute('c', 'Run', { command: 'ls' });
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(message);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    expect(ran).toEqual([]);
  });

  it('makes an allowed call ask the user, who sees the hook as the reason; without confirm it is refused', async () => {
    const ran: string[] = [];
    const asked: ConfirmationRequest[] = [];
    const registry = new ToolRegistry({
      hooks: [
        {
          name: 'review-deploys',
          beforeToolCall: ({ params }) =>
            String(params.command).startsWith('deploy')
              ? { decision: 'ask', reason: 'deploys need a second look' }
              : undefined,
        },
      ],
    }).register(commandTool(ran));
    const yes = await registry.execute(
      'c1',
      'Run',
      { command: 'deploy prod' },
      {
        confirm: (request) => {
          asked.push(request);
          return true;
        },
      },
    );
    expect(yes.content).toBe('ran deploy prod');
    expect(asked).toMatchObject([
      {
        toolName: 'Run',
        reason: 'deploys need a second look',
        matchedRule: 'hook: review-deploys',
      },
    ]);
    const unasked = await registry.execute('c2', 'Run', { command: 'deploy prod' });
    expect(unasked.content).toMatch(
      /was not run: it needs the user's confirmation \(deploys need a second look\) and this host has no way to ask/,
    );
    expect(ran).toEqual(['deploy prod']);
  });

  it('runs before the policy: the rules decide on the rewritten arguments', async () => {
    const ran: string[] = [];
    const registry = new ToolRegistry({
      policy: new ToolPolicy({ safeTools: ['Run'] }),
      hooks: [noPush],
    }).register(commandTool(ran));
    expect((await registry.execute('c', 'Run', { command: 'git push' })).errorCode).toBe(
      'PERMISSION_DENIED',
    );
    expect((await registry.execute('c', 'Run', { command: 'ls' })).content).toBe('ran ls');
  });
});

describe('after-hooks', () => {
  it('redacts secrets from results by replacing the content', async () => {
    const registry = new ToolRegistry({
      hooks: [
        {
          name: 'redact',
          afterToolCall: (_call, result) => ({ content: redactSecrets(result.content) }),
        },
      ],
    }).register(leaky);
    const result = await registry.execute('c', 'Env', {});
    expect(result.content).toBe('AWS_ACCESS_KEY_ID=[REDACTED]\nOPENAI=[REDACTED]');
    expect(result.isError).toBe(false);
  });

  it('appends in order, each hook seeing what the previous left, and only for the tools named', async () => {
    const ran: string[] = [];
    const seen: string[] = [];
    const registry = new ToolRegistry({
      hooks: [
        { name: 'first', afterToolCall: () => ({ append: 'note one' }) },
        {
          name: 'second',
          toolNames: ['R*'],
          afterToolCall: (_call, result) => {
            seen.push(result.content);
            return { append: 'note two' };
          },
        },
        { name: 'elsewhere', toolNames: ['Env'], afterToolCall: () => ({ content: 'gone' }) },
      ],
    }).register(commandTool(ran));
    expect((await registry.execute('c', 'Run', { command: 'ls' })).content).toBe(
      'ran ls\nnote one\nnote two',
    );
    expect(seen).toEqual(['ran ls\nnote one']);
  });

  it('withholds the result when an after-hook fails, since it might have been the one redacting', async () => {
    const registry = new ToolRegistry({
      hooks: [
        {
          name: 'redact',
          afterToolCall: () => {
            throw new Error('pattern file missing');
          },
        },
      ],
    }).register(leaky);
    const result = await registry.execute('c', 'Env', {});
    expect(result.isError).toBe(true);
    expect(result.errorCode).toBe('HOOK_FAILED');
    expect(result.content).toContain(
      'The call to Env ran, but hook "redact" withheld its result: the hook failed (pattern file missing).',
    );
    expect(result.content).not.toContain('AKIA');
  });
});
