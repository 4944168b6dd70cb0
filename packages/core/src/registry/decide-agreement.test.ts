import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolPolicy } from '../policy/tool-policy';
import type { ITool } from '../tool/tool';
import { ToolRegistry } from './tool-registry';

function counted(extra: Partial<ITool> = {}) {
  const counts = { risk: 0, runs: 0 };
  const tool: ITool = {
    name: 'Read',
    description: 'Reads.',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
    execute: async () => {
      counts.runs++;
      return 'read';
    },
    assessRisk: () => {
      counts.risk++;
      return [];
    },
    ...extra,
  };
  return { tool, counts };
}

describe('registry.decide and execute agree', () => {
  it("resolve the mode and the workspace from the call's context, as execute does", async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-decide-')));
    for (const folder of ['one/secret', 'two/secret'])
      mkdirSync(join(base, folder), { recursive: true });
    const policy = new ToolPolicy({ permissions: { deny: ['Read(./secret/**)'] } });
    const registry = new ToolRegistry({ workspaceRoot: join(base, 'one'), policy }).register(
      counted().tool,
    );
    const call = { path: join(base, 'two', 'secret', 'x') };
    const context = { workspaceRoot: join(base, 'two') };
    expect((await registry.decide('Read', call)).decision).toBe('allow');
    expect((await registry.decide('Read', call, { context })).decision).toBe('deny');
    expect((await registry.execute('1', 'Read', call, { context })).errorCode).toBe(
      'PERMISSION_DENIED',
    );
    const write = new ToolRegistry({ policy }).register({ ...counted().tool, name: 'Write' });
    const agent = { name: 'main', depth: 0, permissionMode: 'acceptEdits' as const };
    expect((await write.decide('Write', {}, { context: { agent } })).decision).toBe('allow');
    expect((await write.execute('1', 'Write', {}, { context: { agent } })).isError).toBe(false);
  });

  it('fails closed: a risk check that throws makes the call ask, naming the failure', async () => {
    const { tool, counts } = counted({
      assessRisk: () => {
        throw new Error('parser crashed');
      },
    });
    const registry = new ToolRegistry({ policy: new ToolPolicy() }).register(tool);
    expect(await registry.decide('Read', {})).toMatchObject({
      decision: 'ask',
      reason: 'The risk check of Read failed (parser crashed), so the call could not be checked.',
    });
    expect((await registry.execute('1', 'Read', {})).errorCode).toBe('PERMISSION_DENIED');
    expect(counts.runs).toBe(0);
  });

  it("acts on decide's answer for the same call, so the risk check runs once", async () => {
    const { tool, counts } = counted();
    const registry = new ToolRegistry({ policy: new ToolPolicy() }).register(tool);
    const decision = await registry.decide('Read', { path: 'a' });
    await registry.execute('1', 'Read', { path: 'a' }, { decision });
    expect(counts).toEqual({ risk: 1, runs: 1 });
    // For other arguments, or a decision the registry did not make, the call is decided anew.
    await registry.execute('2', 'Read', { path: 'b' }, { decision });
    await registry.execute('3', 'Read', { path: 'a' }, { decision: { ...decision } });
    expect(counts).toEqual({ risk: 3, runs: 3 });
  });
});
