import { describe, expect, it } from 'vitest';
import { Tokens } from '../di/tokens';
import { createContainer } from '../di/tsyringe';
import { ToolRegistry } from '../registry/tool-registry';
import type { ITool } from '../tool/tool';
import { DEFAULT_SAFE_TOOLS, ToolPolicy } from './tool-policy';

const warning = [{ rule: 'sudo', message: 'runs as root' }];

function tool(name: string, readOnly?: boolean): ITool {
  return {
    name,
    description: name,
    parameters: { type: 'object' },
    execute: async () => '',
    readOnly,
  };
}

describe('ToolPolicy', () => {
  it('never asks for the default safe tools, and asks for everything else, MCP tools included', () => {
    const policy = new ToolPolicy();
    for (const name of DEFAULT_SAFE_TOOLS)
      expect(policy.requiresConfirmation(name, 'default')).toBe(false);
    for (const name of ['Write', 'Edit', 'Bash', 'mcp__github__create_issue', 'spawn_agent']) {
      expect(policy.requiresConfirmation(name, 'default')).toBe(true);
    }
  });

  it('lets Write and Edit through in acceptEdits, but not Bash', () => {
    const policy = new ToolPolicy();
    expect(policy.requiresConfirmation('Write', 'acceptEdits')).toBe(false);
    expect(policy.requiresConfirmation('Edit', 'acceptEdits')).toBe(false);
    expect(policy.requiresConfirmation('Bash', 'acceptEdits')).toBe(true);
  });

  it('asks for a warned call in every mode but bypassPermissions, even for safe and edit tools', () => {
    const policy = new ToolPolicy();
    expect(policy.requiresConfirmation('Read', 'default', warning)).toBe(true);
    expect(policy.requiresConfirmation('Edit', 'acceptEdits', warning)).toBe(true);
    expect(policy.requiresConfirmation('Bash', 'plan', warning)).toBe(true);
    expect(policy.requiresConfirmation('Bash', 'bypassPermissions', warning)).toBe(false);
  });

  it('offers only read-only tools in plan mode', () => {
    const policy = new ToolPolicy();
    const registry = new ToolRegistry().registerAll([
      tool('Read'),
      tool('Write'),
      tool('Bash'),
      tool('my_lookup', true),
      tool('Grep'),
    ]);
    expect(policy.registryForMode(registry, 'plan').getNames()).toEqual([
      'Read',
      'my_lookup',
      'Grep',
    ]);
    expect(policy.registryForMode(registry, 'default')).toBe(registry);
    expect(policy.isOffered('Write', 'plan')).toBe(false);
    expect(policy.isOffered('Write', 'acceptEdits')).toBe(true);
  });

  it('inherits list_skills, read_skill, slash_command and every mcp__ tool by default', () => {
    const policy = new ToolPolicy();
    for (const name of [
      'list_skills',
      'read_skill',
      'slash_command',
      'mcp__github__create_issue',
    ]) {
      expect(policy.isInheritable(name)).toBe(true);
    }
    for (const name of ['Bash', 'Write', 'spawn_agent', 'mcp_single_underscore'])
      expect(policy.isInheritable(name)).toBe(false);
  });

  it('takes safeTools, editTools and inheritableToolNames from configuration, prefixes with *', () => {
    const policy = new ToolPolicy({
      safeTools: ['Bash'],
      editTools: [],
      inheritableToolNames: ['Read', 'custom_*'],
    });
    expect(policy.requiresConfirmation('Bash', 'default')).toBe(false);
    expect(policy.requiresConfirmation('Read', 'default')).toBe(true);
    expect(policy.requiresConfirmation('Write', 'acceptEdits')).toBe(true);
    expect(policy.isInheritable('Read')).toBe(true);
    expect(policy.isInheritable('custom_tool')).toBe(true);
    expect(policy.isInheritable('mcp__x__y')).toBe(false);
  });

  it('is resolved from a DI container with its configuration', () => {
    const container = createContainer();
    container.register(Tokens.ToolPolicyConfig, { useValue: { safeTools: ['Bash'] } });
    expect(container.resolve(ToolPolicy).requiresConfirmation('Bash', 'default')).toBe(false);
  });

  it('rejects an unknown mode with the list of modes', () => {
    expect(() => new ToolPolicy().requiresConfirmation('Read', 'yolo' as never)).toThrowError(
      'Unknown permission mode "yolo"; use one of default, acceptEdits, plan, bypassPermissions.',
    );
  });
});
