import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolPolicy } from '../policy/tool-policy';
import { ToolRegistry } from '../registry/tool-registry';
import type { ITool } from '../tool/tool';
import type { ConfirmationRequest } from './confirmation';

function tool(name: string, extra: Partial<ITool> = {}): ITool {
  return {
    name,
    description: name,
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, url: { type: 'string' } },
    },
    execute: async () => `${name} ran`,
    ...extra,
  };
}

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'rules-ws-')));
mkdirSync(join(workspace, 'src'));
writeFileSync(join(workspace, 'src', 'a.ts'), '');

describe('ToolPolicy.decide', () => {
  it('puts deny over ask over allow, names the rule, and keeps the mode defaults below', async () => {
    const policy = new ToolPolicy({
      permissions: {
        allow: ['Bash', 'mcp__github__*'],
        ask: ['mcp__github__create_issue'],
        deny: ['mcp__github__delete_repo'],
      },
    });
    const decide = (name: string) => policy.decide({ tool: tool(name), mode: 'default' });
    expect(await decide('mcp__github__delete_repo')).toMatchObject({
      behavior: 'deny',
      rule: 'deny: mcp__github__delete_repo',
    });
    expect(await decide('mcp__github__create_issue')).toMatchObject({
      behavior: 'ask',
      rule: 'ask: mcp__github__create_issue',
    });
    expect(await decide('mcp__github__list_issues')).toMatchObject({
      behavior: 'allow',
      rule: 'allow: mcp__github__*',
    });
    expect(await decide('Write')).toEqual({
      behavior: 'ask',
      reason: 'Write asks before it runs in default mode.',
    });
    expect(await decide('Read')).toEqual({
      behavior: 'allow',
      reason: 'Read needs no confirmation in default mode.',
    });
  });

  it('asks for a risk warning even when an allow rule matches, and denies a block warning in every mode', async () => {
    const policy = new ToolPolicy({ permissions: { allow: ['Bash'] } });
    const warned = await policy.decide({
      tool: 'Bash',
      mode: 'default',
      warnings: [{ rule: 'sudo', message: 'runs as root' }],
    });
    expect(warned).toEqual({ behavior: 'ask', reason: 'runs as root' });
    const blocked = await policy.decide({
      tool: 'Bash',
      mode: 'bypassPermissions',
      warnings: [{ rule: 'rm-root', message: 'deletes /', severity: 'block' }],
    });
    expect(blocked.behavior).toBe('deny');
  });

  it('denies a deny rule even in bypassPermissions, where nothing else asks', async () => {
    const policy = new ToolPolicy({ permissions: { deny: ['Write'], ask: ['Edit'] } });
    expect((await policy.decide({ tool: 'Write', mode: 'bypassPermissions' })).behavior).toBe(
      'deny',
    );
    expect((await policy.decide({ tool: 'Edit', mode: 'bypassPermissions' })).behavior).toBe(
      'allow',
    );
    expect((await policy.decide({ tool: 'Edit', mode: 'acceptEdits' })).behavior).toBe('ask');
  });

  it('reads a bare MCP server name as all of its tools', async () => {
    const policy = new ToolPolicy({ permissions: { deny: ['mcp__github'] } });
    expect((await policy.decide({ tool: 'mcp__github__x', mode: 'default' })).behavior).toBe(
      'deny',
    );
    expect((await policy.decide({ tool: 'mcp__githubx__y', mode: 'default' })).behavior).toBe(
      'ask',
    );
  });
});

describe('the registry with rules', () => {
  it('refuses a denied call naming the rule, never running it, and tells confirm which rule asked', async () => {
    let ran = 0;
    const registry = new ToolRegistry({
      workspaceRoot: workspace,
      policy: new ToolPolicy({
        permissions: { deny: ['Write(./src/**)'], ask: ['Read(./src/**)'] },
      }),
    }).registerAll([tool('Write', { execute: async () => `${++ran}` }), tool('Read')]);
    const denied = await registry.execute(
      '1',
      'Write',
      { path: 'src/b.ts' },
      { confirm: () => true },
    );
    expect(denied.errorCode).toBe('PERMISSION_DENIED');
    expect(denied.content).toContain('`deny: Write(./src/**)` refuses it');
    expect(ran).toBe(0);
    const requests: ConfirmationRequest[] = [];
    const read = await registry.execute(
      '2',
      'Read',
      { path: 'src/a.ts' },
      {
        confirm: (request) => {
          requests.push(request);
          return true;
        },
      },
    );
    expect(read.content).toBe('Read ran');
    expect(requests[0]?.matchedRule).toBe('ask: Read(./src/**)');
  });

  it('refuses a policy with a malformed rule at construction, naming it and the allowed forms', () => {
    expect(() => new ToolPolicy({ permissions: { allow: ['Bash(npm'] } })).toThrowError(
      /Permission rule "Bash\(npm" is malformed: its specifier is not closed/,
    );
    expect(() => new ToolPolicy({ permissions: { deny: ['WebFetch(github.com)'] } })).toThrowError(
      /WebFetch rules take `domain:example.com`/,
    );
  });
});

describe('symbolic links and dodges in path rules', () => {
  it('denies through a link inside the workspace that points into a denied folder', async () => {
    mkdirSync(join(workspace, 'secrets'), { recursive: true });
    writeFileSync(join(workspace, 'secrets', 'key'), 'k');
    symlinkSync(join(workspace, 'secrets'), join(workspace, 'public'));
    const policy = new ToolPolicy({ permissions: { deny: ['Read(./secrets/**)'] } });
    const decide = (path: string) =>
      policy.decide({ tool: 'Read', params: { path }, mode: 'default', workspaceRoot: workspace });
    expect((await decide('public/key')).behavior).toBe('deny');
    expect((await decide('src/../secrets/key')).behavior).toBe('deny');
    expect((await decide('SECRETS/key')).behavior).toBe('deny');
    expect((await decide('src/a.ts')).behavior).toBe('allow');
  });
});
