import { lstat, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TinyElfError } from '@tinyelf/core';
import { parseFrontMatter } from '../front-matter';
import { SKILL_NAME_PATTERN } from '../skills/skill';
import { type ExtractionWork, extractArchive } from './archive/extract-archive';
import {
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractionLimits,
  UnsafeArchiveError,
} from './archive/extraction-limits';
import { refuseInstall, resolveSkillsFolder } from './skills-folder';

/** The largest `SKILL.md` read. */
const maxSkillFileBytes = 1024 * 1024;

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
  /**
   * A folder the skills folder must really be in, symbolic links followed (the workspace, for
   * workspace installs), checked with core's WorkspaceGuard. @default none
   */
  readonly containedIn?: string;
  /** Replace an installed skill of the same name. @default false */
  readonly replace?: boolean;
  /** Overrides of the extraction limits (entries, unpacked bytes, depth, time). */
  readonly limits?: Partial<ExtractionLimits>;
  /** Hears the work unpacking did (decompressed bytes, entries), also when it was refused. */
  readonly onWork?: (work: ExtractionWork) => void;
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

/**
 * Installs a skill archive, as a security boundary. The skills folder is resolved with every link
 * followed (and must stay inside `containedIn` when given). The archive is unpacked as a stream
 * into a new temporary folder inside the skills folder, within limits on decompressed bytes
 * (everything the decompressor produces), entries, depth and time, without blocking the event
 * loop; any entry with an absolute or drive path, a backslash, a `..` segment, too many levels, a
 * duplicate name, or of any type but file and folder refuses the whole archive. The skill needs a
 * valid `SKILL.md`; the folder is then renamed into place, so a refused install leaves nothing
 * behind, and an installed skill of the same name is replaced only when asked.
 */
export async function installSkillArchive(
  options: InstallSkillArchiveOptions,
): Promise<InstalledSkill> {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...options.limits };
  if (options.name !== undefined && !SKILL_NAME_PATTERN.test(options.name)) {
    throw refuseInstall(
      `the name ${JSON.stringify(options.name)} is not a valid skill name (lower-case letters, digits and dashes, up to 64)`,
    );
  }
  const skillsFolder = await resolveSkillsFolder(options.skillsFolder, options.containedIn);
  const temporary = await mkdtemp(join(skillsFolder, '.tinyelf-install-'));
  try {
    if (!isSameFolder(await stat(temporary), await lstat(temporary)))
      throw refuseInstall('the temporary install folder is not a plain folder');
    let files: readonly string[];
    try {
      ({ files } = await extractArchive(
        options.archive,
        options.format,
        temporary,
        limits,
        options.onWork,
      ));
    } catch (error) {
      throw error instanceof UnsafeArchiveError ? refuseInstall(error.message, error) : error;
    }
    const root = skillRoot(files);
    const folder = root ? join(temporary, root) : temporary;
    const name = await skillName(
      join(folder, 'SKILL.md'),
      files.includes(root ? `${root}/SKILL.md` : 'SKILL.md'),
      options.name,
    );
    const target = join(skillsFolder, name);
    const exists = await lstat(target).then(
      () => true,
      () => false,
    );
    if (exists && !options.replace) {
      throw new TinyElfError({
        code: 'SKILL_EXISTS',
        message: `A skill named "${name}" is already installed at ${target}; install again with replace: true to replace it.`,
      });
    }
    const previous = join(skillsFolder, `${temporary.slice(skillsFolder.length + 1)}-replaced`);
    if (exists) await rename(target, previous);
    try {
      await rename(folder, target);
    } catch (error) {
      if (exists) await rename(previous, target).catch(() => {}); // Put the old skill back.
      throw error;
    }
    if (exists) await rm(previous, { recursive: true, force: true });
    return {
      name,
      folder: target,
      files: files.map((path) => (root ? path.slice(root.length + 1) : path)).sort(),
      replaced: exists,
    };
  } finally {
    // A failed clean-up (another process writing into the folder) must not hide the outcome;
    // the folder's name starts with a dot, so the loader never reads it as a skill.
    await rm(temporary, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}

function isSameFolder(
  followed: { dev: number; ino: number },
  own: { dev: number; ino: number; isDirectory(): boolean },
): boolean {
  return own.isDirectory() && followed.dev === own.dev && followed.ino === own.ino;
}

/** The skill's name from its SKILL.md, checked against the expected one. */
async function skillName(
  file: string,
  present: boolean,
  expected: string | undefined,
): Promise<string> {
  if (!present)
    throw refuseInstall('the archive has no SKILL.md (at its top or in its one top folder)');
  if ((await stat(file)).size > maxSkillFileBytes)
    throw refuseInstall(`its SKILL.md is larger than ${maxSkillFileBytes / 1024 / 1024} MB`);
  let name: unknown;
  try {
    const { attributes } = parseFrontMatter(await readFile(file, 'utf8'));
    name = attributes.name;
    if (typeof attributes.description !== 'string' || !attributes.description.trim())
      throw new Error('its front matter has no description');
  } catch (error) {
    throw refuseInstall(`its SKILL.md is not valid: ${(error as Error).message}`);
  }
  if (typeof name !== 'string' || !SKILL_NAME_PATTERN.test(name)) {
    throw refuseInstall(
      `the name in its SKILL.md (${JSON.stringify(name)}) is not a valid skill name (lower-case letters, digits and dashes, up to 64)`,
    );
  }
  if (expected !== undefined && name !== expected)
    throw refuseInstall(`its SKILL.md names it "${name}", not "${expected}"`);
  return name;
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
