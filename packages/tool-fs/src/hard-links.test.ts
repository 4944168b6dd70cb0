import { linkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolPolicy } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import { createTestWorkspace } from './testing/test-workspace';

const policy = new ToolPolicy();

/** A workspace whose `notes.txt` is a hard link to a file in the outside folder. */
function linkedWorkspace(options: Parameters<typeof createTestWorkspace>[1] = {}) {
  const workspace = createTestWorkspace({ 'plain.txt': 'needle plain\n' }, options);
  const victim = join(workspace.outside, 'victim.txt');
  writeFileSync(victim, 'needle OUTSIDE-SECRET\n');
  linkSync(victim, join(workspace.root, 'notes.txt'));
  return workspace;
}

describe('hard-linked files', () => {
  it('Read warns, so the confirmation step asks in every mode but bypassPermissions', async () => {
    const workspace = linkedWorkspace();
    const warnings = await workspace.registry.assessRisk('Read', { path: 'notes.txt' });
    expect(warnings.map((warning) => warning.rule)).toEqual(['hard-linked-file']);
    expect(warnings[0]!.message).toContain('has 2 hard links');
    for (const mode of ['default', 'acceptEdits'] as const)
      expect(policy.requiresConfirmation('Read', mode, warnings)).toBe(true);
    expect(await workspace.registry.assessRisk('Read', { path: 'plain.txt' })).toEqual([]);
    // After the warned call was confirmed, it runs.
    const result = await workspace.call('Read', { path: 'notes.txt' });
    expect(result.content).toBe('     1\tneedle OUTSIDE-SECRET');
  });

  it('Read refuses a hard-linked file that no assessment warned about (never shown silently)', async () => {
    const workspace = linkedWorkspace();
    const result = await workspace.call('Read', { path: 'notes.txt' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('"notes.txt" has 2 hard links');
    expect(result.content).not.toContain('OUTSIDE-SECRET');
  });

  it('neither warns nor refuses when the tools are not restricted to the workspace', async () => {
    const workspace = linkedWorkspace({ restrictToWorkspace: false });
    expect(await workspace.registry.assessRisk('Read', { path: 'notes.txt' })).toEqual([]);
    expect((await workspace.call('Read', { path: 'notes.txt' })).isError).toBe(false);
  });

  for (const [engine, options] of [
    ['ripgrep', {}],
    ['JavaScript', { ripgrep: false as const }],
  ] as const) {
    it(`Grep (${engine}) leaves hard-linked files out and says so`, async () => {
      const workspace = linkedWorkspace(options);
      for (const params of [
        { pattern: 'needle' },
        { pattern: 'needle', output_mode: 'count' },
        { pattern: 'needle', path: 'notes.txt' },
      ]) {
        const result = await workspace.call('Grep', params);
        expect(result.content).not.toContain('OUTSIDE-SECRET');
        expect(result.content).toContain(
          '(Not searched: notes.txt: it has more than one hard link',
        );
      }
      const plain = await workspace.call('Grep', { pattern: 'needle' });
      expect(plain.content).toContain('plain.txt:1:needle plain');
    });
  }
});
