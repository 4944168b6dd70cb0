import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validSkill } from '../../testing/archive-bombs';
import { makeTarGz, type TestEntry } from '../../testing/archives';
import { measuredInstall } from '../../testing/measured-install';
import { skillMarkdown } from '../../testing/skill-folders';
import { deflatedEntry, writeRawZip } from '../../testing/zip-writer';

const skillFile = validSkill[0]!;

function bothFormats(entries: readonly TestEntry[]): { zip: Buffer; 'tar.gz': Buffer } {
  return {
    zip: writeRawZip(
      entries.map((entry) => deflatedEntry(entry.name, Buffer.from(entry.content ?? ''))),
    ),
    'tar.gz': makeTarGz(entries),
  };
}

describe('archive entries', () => {
  const duplicates: Record<string, string> = {
    'the same name twice': 'pdf-tools/scripts/run.py',
    'a "." segment': 'pdf-tools/./scripts/run.py',
    'a doubled slash': 'pdf-tools//scripts/run.py',
    'another case': 'pdf-tools/Scripts/RUN.py',
    'decomposed Unicode': 'pdf-tools/scripts/run\u0065\u0301.py',
  };
  for (const [what, second] of Object.entries(duplicates)) {
    it.each(['zip', 'tar.gz'] as const)(
      `refuses a duplicate entry by ${what} (%s)`,
      async (format) => {
        const first =
          what === 'decomposed Unicode'
            ? 'pdf-tools/scripts/run\u00e9.py'
            : 'pdf-tools/scripts/run.py';
        const archive = bothFormats([
          skillFile,
          { name: first, type: 'file', content: 'safe' },
          { name: second, type: 'file', content: 'evil' },
        ])[format];
        const result = await measuredInstall(archive, format);
        expect(result.error?.message).toBe(
          `The skill was not installed: entries ${JSON.stringify(first)} and ${JSON.stringify(second)} are the same path; archives with duplicate entries are refused.`,
        );
        expect(result.left).toEqual([]);
      },
    );
  }

  it.each(['zip', 'tar.gz'] as const)(
    'refuses a file where a folder is, and an entry inside a file (%s)',
    async (format) => {
      const inside = bothFormats([
        skillFile,
        { name: 'pdf-tools/notes', type: 'file', content: 'x' },
        { name: 'pdf-tools/notes/a.md', type: 'file', content: 'x' },
      ])[format];
      expect((await measuredInstall(inside, format)).error?.message).toContain(
        'entry "pdf-tools/notes/a.md" is inside a file of the archive',
      );
      const over = bothFormats([
        skillFile,
        { name: 'pdf-tools/notes/a.md', type: 'file', content: 'x' },
        { name: 'pdf-tools/notes', type: 'file', content: 'x' },
      ])[format];
      expect((await measuredInstall(over, format)).error?.message).toContain(
        'entry "pdf-tools/notes" is a file where the archive has a folder',
      );
    },
  );

  /** A tar.gz written by GNU tar whose entry `pdf-tools/x.md` is renamed to `name` (any length). */
  function gnuTarGz(name: string): Buffer {
    const folder = mkdtempSync(join(tmpdir(), 'long-name-'));
    mkdirSync(join(folder, 'pdf-tools'));
    writeFileSync(join(folder, 'pdf-tools', 'SKILL.md'), skillFile.content ?? '');
    writeFileSync(join(folder, 'pdf-tools', 'x.md'), 'x');
    const target = join(folder, 'out.tar.gz');
    execFileSync('tar', [
      '-czf',
      target,
      '-C',
      folder,
      `--transform=s,^pdf-tools/x.md$,${name},`,
      'pdf-tools',
    ]);
    return readFileSync(target);
  }

  it.each(['zip', 'tar.gz'] as const)(
    'refuses a name part longer than 255 bytes, counting UTF-8 bytes, and names the limit (%s)',
    async (format) => {
      const archive = (name: string) =>
        format === 'zip'
          ? bothFormats([skillFile, { name, type: 'file', content: 'x' }]).zip
          : gnuTarGz(name);
      for (const part of ['n'.repeat(300), '\u00e9'.repeat(128), 'd'.repeat(256)]) {
        const name = `pdf-tools/${part}/x.md`;
        const result = await measuredInstall(archive(name), format);
        expect(result.error?.message).toBe(
          `The skill was not installed: entry ${JSON.stringify(`${name.slice(0, 77)}...`)} has a name part of ${Buffer.byteLength(part)} bytes; file systems allow at most 255 bytes in one file or folder name.`,
        );
        expect(result.left).toEqual([]);
      }
      const fits = await measuredInstall(archive(`pdf-tools/${'n'.repeat(255)}`), format);
      expect(fits.error).toBeUndefined();
    },
  );

  it('refuses nesting deeper than the limit', async () => {
    const deep = makeTarGz([
      skillFile,
      { name: `pdf-tools/${'d/'.repeat(16)}x`, type: 'file', content: '' },
    ]);
    const result = await measuredInstall(deep, 'tar.gz');
    expect(result.error?.message).toContain(
      'is nested more than 16 folders deep (the limit on depth)',
    );
  });

  it('installs archives written by GNU tar (gnu and pax formats, long names, ./ prefix) and zip', async () => {
    const source = mkdtempSync(join(tmpdir(), 'tinyelf-real-tar-'));
    const longPath = join(
      'references',
      'a-rather-long-folder-name-for-a-reference',
      'another-long-sub-folder-name-here',
      'and-a-long-file-name-too.md',
    );
    mkdirSync(
      join(
        source,
        'pdf-tools',
        'references',
        'a-rather-long-folder-name-for-a-reference',
        'another-long-sub-folder-name-here',
      ),
      { recursive: true },
    );
    writeFileSync(join(source, 'pdf-tools', 'SKILL.md'), skillMarkdown('pdf-tools', 'PDF helpers'));
    writeFileSync(join(source, 'pdf-tools', longPath), 'long');
    expect(join('pdf-tools', longPath).length).toBeGreaterThan(100);
    const archives = {
      gnu: execFileSync('tar', ['--format=gnu', '-czf', '-', '-C', source, 'pdf-tools']),
      pax: execFileSync('tar', ['--format=pax', '-czf', '-', '-C', source, 'pdf-tools']),
      dot: execFileSync('tar', ['-czf', '-', '-C', join(source, 'pdf-tools'), '.']),
    };
    for (const [kind, archive] of Object.entries(archives)) {
      const result = await measuredInstall(archive, 'tar.gz');
      expect(result.error, kind).toBeUndefined();
      expect(result.installed?.files, kind).toEqual(['SKILL.md', longPath]);
      expect(readFileSync(join(result.installed!.folder, longPath), 'utf8')).toBe('long');
    }
    const zipFile = join(source, 'skill.zip');
    execFileSync('zip', ['-qr', zipFile, 'pdf-tools'], { cwd: source });
    const zipped = await measuredInstall(readFileSync(zipFile), 'zip');
    expect(zipped.installed?.files).toEqual(['SKILL.md', longPath]);
  });
});
