import { join } from 'node:path';
import { type ToolProgress, ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { makeZip } from '../testing/archives';
import { createSkillFolders, skillMarkdown } from '../testing/skill-folders';
import { startSkillHub, type TestSkillHub } from '../testing/skillhub-server';
import { createSkillHubInstallTool } from '../tools/skillhub-tools';
import { SkillHubClient } from './skillhub-client';

let hub: TestSkillHub;
afterEach(() => hub.close());

const archive = makeZip([
  { name: 'big/SKILL.md', type: 'file', content: skillMarkdown('big', 'A big skill') },
  {
    name: 'big/data.txt',
    type: 'file',
    content: Array.from({ length: 3000 }, (_, index) => `line ${index * 7919}`).join('\n'),
  },
]);

describe('SkillHub download progress', () => {
  it('reports the bytes of a slow download as they arrive, to the client and to the install tool', async () => {
    hub = await startSkillHub();
    hub.add({ id: 'big', archive, format: 'zip', slow: true });
    const clientReports: [number, number][] = [];
    const client = new SkillHubClient({
      ...hub.clientOptions,
      onProgress: (received, total) => clientReports.push([received, total]),
    });
    const skillsFolder = join(createSkillFolders().home, '.tinyelf', 'skills');
    const registry = new ToolRegistry({ spillDirectory: false }).register(
      createSkillHubInstallTool(client, skillsFolder),
    );
    const reports: [string, ToolProgress | undefined][] = [];
    const result = await registry.execute(
      'c',
      'skillhub_install',
      { skillId: 'big' },
      { context: { onProgress: (message, progress) => reports.push([message, progress]) } },
    );
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/^Installed skill big 1\.0\.0/);

    // The client hears every chunk: the first third before the rest was sent, then the whole.
    expect(clientReports.length).toBeGreaterThanOrEqual(3);
    expect(clientReports[0]![0]).toBeLessThanOrEqual(Math.ceil(archive.length / 3));
    expect(clientReports.at(-1)).toEqual([archive.length, archive.length]);

    // The tool's reports (100 ms apart at most once) rise to the archive's size.
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.every(([, progress]) => progress?.total === archive.length)).toBe(true);
    const values = reports.map(([, progress]) => progress!.progress);
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
    expect(reports.at(-1)).toEqual([
      `Downloading big: ${kb(archive.length)} of ${kb(archive.length)}`,
      { progress: archive.length, total: archive.length },
    ]);
  });
});
