import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A workspace and a home folder in a fresh temporary directory. */
export function createSkillFolders(): {
  workspace: string;
  home: string;
  write: (path: string, content: string) => void;
} {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-skills-')));
  const workspace = join(base, 'workspace');
  const home = join(base, 'home');
  mkdirSync(workspace);
  mkdirSync(home);
  return {
    workspace,
    home,
    write: (path, content) => {
      const full = join(base, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    },
  };
}

/** A SKILL.md with the given front matter. */
export function skillMarkdown(name: string, description: string, extra = ''): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nSteps for ${name}.\n`;
}
