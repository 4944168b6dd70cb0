import { describe, expect, it } from 'vitest';
import { ToolPolicy } from '../policy/tool-policy';
import type { ITool } from '../tool/tool';
import { ToolRegistry } from './tool-registry';

let runs = 0;
const deleteTool: ITool = {
  name: 'Delete',
  description: 'Deletes a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  execute: async ({ path }) => {
    runs++;
    return `deleted ${String(path)}`;
  },
  assessRisk: ({ path }) =>
    path === '/' ? [{ rule: 'root', message: 'It deletes the root folder.' }] : [],
};
const readTool: ITool = {
  name: 'Read',
  description: 'Reads.',
  parameters: { type: 'object', properties: {} },
  execute: async () => 'read',
};

function registryWithPolicy() {
  return new ToolRegistry({ policy: new ToolPolicy() }).register(deleteTool).register(readTool);
}

describe('the permission check of a registry with a policy', () => {
  it('refuses a call that needs confirmation when the host cannot ask, without running it', async () => {
    const before = runs;
    const result = await registryWithPolicy().execute('1', 'Delete', { path: 'a.txt' });
    expect(result.isError).toBe(true);
    expect(result.errorCode).toBe('PERMISSION_DENIED');
    expect(result.content).toContain("needs the user's confirmation");
    expect(runs).toBe(before);
  });

  it('asks the host with the warnings, and runs only on yes', async () => {
    const asked: string[] = [];
    const registry = registryWithPolicy();
    const yes = await registry.execute(
      '1',
      'Delete',
      { path: '/' },
      {
        confirm: (request) => {
          asked.push(`${request.toolName} ${request.warnings.map((w) => w.rule).join()}`);
          return true;
        },
      },
    );
    expect(yes.content).toBe('deleted /');
    const no = await registry.execute(
      '2',
      'Delete',
      { path: '/' },
      {
        confirm: () => ({ approved: false, reason: 'not today' }),
      },
    );
    expect(no.errorCode).toBe('PERMISSION_DENIED');
    expect(no.content).toContain('The user declined the call to Delete (not today)');
    expect(asked).toEqual(['Delete root']);
  });

  it('runs safe tools without asking, and everything in bypassPermissions', async () => {
    const registry = registryWithPolicy();
    expect((await registry.execute('1', 'Read', {})).content).toBe('read');
    const bypass = await registry.execute(
      '2',
      'Delete',
      { path: 'x' },
      { mode: 'bypassPermissions' },
    );
    expect(bypass.content).toBe('deleted x');
  });

  it('keeps the seed behaviour without a policy: every valid call runs', async () => {
    const registry = new ToolRegistry().register(deleteTool);
    expect((await registry.execute('1', 'Delete', { path: '/' })).content).toBe('deleted /');
  });
});

describe('rich tool output', () => {
  it('keeps image parts and describes them in the text', async () => {
    const registry = new ToolRegistry().register({
      name: 'Shot',
      description: 'A screenshot.',
      parameters: { type: 'object', properties: {} },
      execute: async () => ({
        parts: [
          { type: 'text', text: 'the screen:' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
      }),
    });
    const result = await registry.execute('1', 'Shot', {});
    expect(result.content).toBe('the screen:\n[image: image/png, 8 bytes]');
    expect(result.parts?.[1]).toEqual({
      type: 'image',
      data: 'iVBORw0KGgo=',
      mimeType: 'image/png',
    });
  });
});

describe('registry.decide', () => {
  it('answers what execute would decide, without running or asking', async () => {
    const before = runs;
    const registry = registryWithPolicy();
    expect(await registry.decide('Read', {})).toEqual({ decision: 'allow', warnings: [] });
    expect(await registry.decide('Delete', { path: 'a.txt' })).toMatchObject({
      decision: 'ask',
      warnings: [],
      reason: 'Delete asks before it runs in default mode.',
    });
    expect(await registry.decide('Delete', { path: '/' }, { mode: 'acceptEdits' })).toMatchObject({
      decision: 'ask',
      warnings: [{ rule: 'root' }],
      reason: 'It deletes the root folder.',
    });
    expect(
      await registry.decide('Delete', { path: '/' }, { mode: 'bypassPermissions' }),
    ).toMatchObject({ decision: 'allow' });
    expect(runs).toBe(before);
  });

  it('says allow for what execute reports itself, and without a policy', async () => {
    const registry = registryWithPolicy();
    expect((await registry.decide('Nope', {})).decision).toBe('allow');
    expect((await registry.decide('Delete', {})).decision).toBe('allow');
    const bare = new ToolRegistry().register(deleteTool);
    expect((await bare.decide('Delete', { path: '/' })).decision).toBe('allow');
  });

  it('hands the host confirm to the tool, so an agent it starts asks the same user', async () => {
    let seen: unknown;
    const registry = new ToolRegistry().register({
      name: 'Spawn',
      description: 'Starts an agent.',
      parameters: { type: 'object', properties: {} },
      execute: async (_params, context) => {
        seen = context?.confirm;
        return 'ok';
      },
    });
    const confirm = () => true;
    await registry.execute('1', 'Spawn', {}, { confirm });
    expect(seen).toBe(confirm);
  });
});
