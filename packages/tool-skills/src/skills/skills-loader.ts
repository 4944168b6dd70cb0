import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseFrontMatter } from '../front-matter';
import { SKILL_NAME_PATTERN, type Skill, type SkillProblem, type SkillSource } from './skill';

/** Where skills are looked for. */
export interface SkillsLoaderOptions {
  /** The workspace; its `.tinyelf/skills` is the first source. */
  readonly workspaceRoot: string;
  /** The user's home; its `.tinyelf/skills` is the user source. @default os.homedir() */
  readonly homeDir?: string;
  /** More skill folders from configuration, after the user's. @default [] */
  readonly extraFolders?: readonly string[];
  /** Skill folders that packages ship, last. @default [] */
  readonly packageFolders?: readonly string[];
}

/** The result of a scan: the skills by name, and what was skipped or shadowed. */
export interface SkillScan {
  /** The skills found (the first of a name wins). */
  readonly skills: readonly Skill[];
  /** The SKILL.md files that could not be used, and why. */
  readonly problems: readonly SkillProblem[];
}

/**
 * Finds skills in the workspace (`.tinyelf/skills/`), the user's folder (`~/.tinyelf/skills/`),
 * extra folders and package folders, in that precedence. A malformed `SKILL.md` is skipped and
 * reported; a name found twice keeps the higher source and the shadowing is reported. Each call
 * scans again, so newly installed skills appear without a rebuild.
 */
export class SkillsLoader {
  constructor(private readonly options: SkillsLoaderOptions) {}

  /** The folders scanned, with their source, in precedence order. */
  sources(): {
    /** A folder of skills. */
    folder: string;
    /** Which source it is. */
    source: SkillSource;
  }[] {
    const home = this.options.homeDir ?? homedir();
    return [
      {
        folder: join(this.options.workspaceRoot, '.tinyelf', 'skills'),
        source: 'workspace' as const,
      },
      { folder: join(home, '.tinyelf', 'skills'), source: 'user' as const },
      ...(this.options.extraFolders ?? []).map((folder) => ({
        folder: resolve(this.options.workspaceRoot, folder),
        source: 'extra' as const,
      })),
      ...(this.options.packageFolders ?? []).map((folder) => ({
        folder: resolve(this.options.workspaceRoot, folder),
        source: 'package' as const,
      })),
    ];
  }

  /** Scans every source. */
  scan(): SkillScan {
    const byName = new Map<string, Skill>();
    const problems: SkillProblem[] = [];
    for (const { folder, source } of this.sources()) {
      if (!existsSync(folder)) continue;
      let entries: string[];
      try {
        entries = readdirSync(folder).sort();
      } catch (error) {
        problems.push({
          path: folder,
          message: `cannot be read (${(error as NodeJS.ErrnoException).code})`,
        });
        continue;
      }
      for (const entry of entries) {
        if (entry.startsWith('.')) continue;
        const skillFolder = join(folder, entry);
        const file = join(skillFolder, 'SKILL.md');
        if (!isFolder(skillFolder) || !existsSync(file)) continue;
        const loaded = loadSkill(file, skillFolder, source);
        if ('problem' in loaded) {
          problems.push({ path: file, message: loaded.problem });
          continue;
        }
        const earlier = byName.get(loaded.name);
        if (earlier) {
          problems.push({
            path: file,
            message: `skill "${loaded.name}" is shadowed by the ${earlier.source} skill at ${earlier.folder}`,
          });
          continue;
        }
        byName.set(loaded.name, loaded);
      }
    }
    return { skills: [...byName.values()], problems };
  }

  /** One skill by name, or undefined. */
  find(name: string): Skill | undefined {
    return this.scan().skills.find((skill) => skill.name === name);
  }

  /** The other files of a skill (relative to its folder), sorted. */
  filesOf(skill: Skill): string[] {
    const files: string[] = [];
    const walk = (folder: string, depth: number) => {
      if (depth > 8) return;
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path, depth + 1);
        else if (entry.isFile() && path !== skill.file) files.push(relative(skill.folder, path));
        if (files.length >= 500) return;
      }
    };
    walk(skill.folder, 0);
    return files.sort();
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Reads one `SKILL.md`: its name, description and metadata, or why it cannot be used. */
export function loadSkill(
  file: string,
  folder: string,
  source: SkillSource,
): Skill | { problem: string } {
  let document: ReturnType<typeof parseFrontMatter>;
  try {
    document = parseFrontMatter(readFileSync(file, 'utf8'));
  } catch (error) {
    return { problem: `skipped: ${(error as Error).message}` };
  }
  const { name, description, ...metadata } = document.attributes;
  if (typeof name !== 'string' || name.trim() === '')
    return { problem: 'skipped: its front matter has no name' };
  if (!SKILL_NAME_PATTERN.test(name))
    return {
      problem: `skipped: the name "${name}" must be lower-case letters, digits and dashes (up to 64)`,
    };
  if (typeof description !== 'string' || description.trim() === '')
    return { problem: `skipped: skill "${name}" has no description` };
  return { name, description: description.trim(), source, folder, file, metadata };
}
