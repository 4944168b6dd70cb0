import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validSkill } from '../../testing/archive-bombs';
import { makeTarGz, type TestEntry } from '../../testing/archives';
import { tree } from '../../testing/measured-install';
import { installSkillArchive } from '../install-skill-archive';

/**
 * A process that keeps swapping each install's `pdf-tools/d` folder for a link to `outside` and
 * back, so a check of the path can see the folder and the open that follows the link.
 */
const swapper = `
  const { readdirSync, renameSync, symlinkSync, unlinkSync } = require('node:fs');
  const { join } = require('node:path');
  const [skills, outside] = process.argv.slice(1);
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    let names = [];
    try { names = readdirSync(skills); } catch {}
    for (const name of names) {
      if (!name.startsWith('.tinyelf-install-') || name.endsWith('-replaced')) continue;
      const folder = join(skills, name, 'pdf-tools', 'd');
      try {
        renameSync(folder, folder + '-real');
        symlinkSync(outside, folder);
        unlinkSync(folder);
        renameSync(folder + '-real', folder);
      } catch {}
    }
  }`;

describe('unpacking while another process swaps folders for links', () => {
  it('never writes a file outside the install folder', async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-extract-race-')));
    const skills = join(base, 'skills');
    const outside = join(base, 'outside');
    mkdirSync(skills);
    mkdirSync(outside);
    const entries: TestEntry[] = [...validSkill];
    for (let index = 0; index < 300; index++)
      entries.push({ name: `pdf-tools/d/${index}.md`, type: 'file', content: `file ${index}` });
    const archive = makeTarGz(entries);
    const child = spawn(process.execPath, ['-e', swapper, skills, outside], { stdio: 'ignore' });
    const outcomes: string[] = [];
    try {
      for (let round = 0; round < 15; round++) {
        await installSkillArchive({
          archive,
          format: 'tar.gz',
          skillsFolder: skills,
          replace: true,
        }).then(
          () => outcomes.push('installed'),
          (error: Error) => outcomes.push(error.message),
        );
      }
    } finally {
      child.kill();
    }
    expect(tree(outside)).toEqual([]);
    for (const outcome of outcomes)
      expect(outcome).toMatch(
        /^installed$|moved outside the install folder|being written outside the install folder/,
      );
  });
});
