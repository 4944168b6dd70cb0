import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { TinyElfError } from '@tinyelf/core';
import { parseFrontMatter } from '../front-matter';
import { SKILL_NAME_PATTERN } from '../skills/skill';
import {
  type ArchiveEntry,
  type ExtractionLimits,
  readArchive,
  UnsafeArchiveError,
} from './archive-entries';

/** What {@link installSkillArchive} needs. */
export interface InstallSkillArchiveOptions {
  /** The archive's bytes. */
  readonly archive: Buffer;
  /** Its format. */
  readonly format: 'zip' | 'tar.gz';
  /** The skill's name (its folder); without it, the `SKILL.md` name is used. Either must be a valid slug. */
  readonly name?: string;
  /** The skills folder to install into (`~/.tinyelf/skills` or the workspace's). */
  readonly skillsFolder: string;
  /** Replace an installed skill of the same name. @default false */
  readonly replace?: boolean;
  /** Overrides of the extraction limits (entries, sizes, compression ratio, depth). */
  readonly limits?: Partial<ExtractionLimits> & {
    /** The deepest folder nesting allowed. */
    readonly maxDepth?: number;
  };
}

/** What was installed. */
export interface InstalledSkill {
  /** The installed skill's name. */
  readonly name: string;
  /** Where it was installed. */
  readonly folder: string;
  /** The files written, relative to the folder. */
  readonly files: readonly string[];
  /** True when a skill of that name was replaced. */
  readonly replaced: boolean;
}

function refuse(message: string, cause?: unknown): TinyElfError {
  return new TinyElfError({
    code: 'SKILL_INSTALL_REFUSED',
    message: `The skill was not installed: ${message}.`,
    cause,
  });
}

/**
 * Installs a skill archive, as a security boundary: entries are read in the process within caps
 * on count and total size; an entry with an absolute or drive path, a backslash, a `..` segment,
 * too many levels, or of any type but file and folder (symbolic and hard links, devices, FIFOs)
 * refuses the whole archive; the skill needs a valid `SKILL.md`; the files go to a temporary
 * folder that is renamed into place, so a failed install leaves nothing behind; an installed skill
 * of the same name is replaced only when asked.
 */
export async function installSkillArchive(
  options: InstallSkillArchiveOptions,
): Promise<InstalledSkill> {
  const limits = {
    maxEntries: 1000,
    maxTotalBytes: 50 * 1024 * 1024,
    maxDepth: 16,
    ...options.limits,
  };
  if (options.name !== undefined && !SKILL_NAME_PATTERN.test(options.name)) {
    throw refuse(
      `the name ${JSON.stringify(options.name)} is not a valid skill name (lower-case letters, digits and dashes, up to 64)`,
    );
  }
  let entries: ArchiveEntry[];
  try {
    entries = await readArchive(options.archive, options.format, limits);
  } catch (error) {
    throw error instanceof UnsafeArchiveError ? refuse(error.message, error) : error;
  }
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    const path = safeEntryPath(entry, limits.maxDepth);
    if (entry.type === 'file' && path) files.set(path, entry.content);
  }
  const root = skillRoot([...files.keys()]);
  const skillFile = files.get(root ? `${root}/SKILL.md` : 'SKILL.md');
  if (!skillFile) throw refuse('the archive has no SKILL.md (at its top or in its one top folder)');
  let skillName: unknown;
  try {
    const { attributes } = parseFrontMatter(skillFile.toString('utf8'));
    skillName = attributes.name;
    if (typeof attributes.description !== 'string' || !attributes.description.trim())
      throw new Error('its front matter has no description');
  } catch (error) {
    throw refuse(`its SKILL.md is not valid: ${(error as Error).message}`);
  }
  if (typeof skillName !== 'string' || !SKILL_NAME_PATTERN.test(skillName)) {
    throw refuse(
      `the name in its SKILL.md (${JSON.stringify(skillName)}) is not a valid skill name (lower-case letters, digits and dashes, up to 64)`,
    );
  }
  if (options.name !== undefined && skillName !== options.name)
    throw refuse(`its SKILL.md names it "${skillName}", not "${options.name}"`);
  const name = options.name ?? skillName;

  const target = join(options.skillsFolder, name);
  const exists = existsSync(target);
  if (exists && !options.replace) {
    throw new TinyElfError({
      code: 'SKILL_EXISTS',
      message: `A skill named "${name}" is already installed at ${target}; install again with replace: true to replace it.`,
    });
  }
  await mkdir(options.skillsFolder, { recursive: true });
  const temporary = join(
    options.skillsFolder,
    `.tinyelf-install-${randomBytes(6).toString('hex')}`,
  );
  const written: string[] = [];
  try {
    for (const [path, content] of files) {
      const relativePath = root ? path.slice(root.length + 1) : path;
      if (!relativePath) continue;
      const destination = join(temporary, ...relativePath.split('/'));
      await mkdir(dirname(destination), { recursive: true });
      await writeFile(destination, content, { flag: 'wx', mode: 0o644 });
      written.push(relativePath);
    }
    if (exists) {
      const previous = join(
        options.skillsFolder,
        `.tinyelf-replaced-${randomBytes(6).toString('hex')}`,
      );
      await rename(target, previous);
      await rename(temporary, target);
      await rm(previous, { recursive: true, force: true });
    } else {
      await rename(temporary, target);
    }
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  return { name, folder: target, files: written.sort(), replaced: exists };
}

/** The entry's normalised path, or a refusal naming the entry and the reason. */
function safeEntryPath(entry: ArchiveEntry, maxDepth: number): string | undefined {
  const name = entry.name;
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 77)}...` : name);
  if (entry.type !== 'file' && entry.type !== 'directory')
    throw refuse(
      `entry ${shown} is a ${entry.type === 'other' ? 'special entry' : entry.type}; skill archives may hold only files and folders`,
    );
  if (name.includes('\0')) throw refuse(`entry ${shown} has a NUL byte in its name`);
  if (name.includes('\\')) throw refuse(`entry ${shown} has a backslash in its name`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    throw refuse(`entry ${shown} has an absolute path`);
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw refuse(`entry ${shown} climbs out of the archive with ".."`);
  if (segments.length > maxDepth)
    throw refuse(`entry ${shown} is nested more than ${maxDepth} folders deep`);
  const normalized = posix.join(...(segments.length ? segments : ['.']));
  return normalized === '.' ? undefined : normalized;
}

/** The one top folder every file is in, when `SKILL.md` is inside it; otherwise the archive root. */
function skillRoot(paths: readonly string[]): string | undefined {
  const tops = new Set(
    paths.map((path) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '')),
  );
  if (tops.size !== 1) return undefined;
  const [top] = tops;
  return top && paths.includes(`${top}/SKILL.md`) ? top : undefined;
}
