import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import type { RiskWarning } from '@tinyelf/core';

/** Workspace folders whose files run code or grant permissions, searched for a file's other names. */
const protectedFolders = [
  '.git',
  '.github',
  '.gitlab',
  '.circleci',
  '.husky',
  '.claude',
  '.cursor',
  '.gemini',
  '.codex',
  '.vscode',
  '.idea',
  '.devcontainer',
  '.tinyelf',
];

/** The most entries looked at when searching for another name of a file. */
const MAX_ENTRIES = 4000;

/**
 * The other names, inside the workspace's protected places, of the file `info` describes (same
 * device and inode): the root's own files (`.gitmodules`, `.npmrc`, `AGENTS.md`, ...) and the
 * files under `.git`, `.github`, `.claude`, `.vscode`, ... up to a few levels and a few thousand
 * entries. Returned workspace-relative, with `/` separators.
 */
function protectedNames(root: string, info: Stats): string[] {
  const found: string[] = [];
  let budget = MAX_ENTRIES;
  const visit = (folder: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (--budget < 0) return;
      const path = join(folder, name);
      let entry: Stats;
      try {
        entry = lstatSync(path);
      } catch {
        continue;
      }
      if (entry.isFile() && entry.ino === info.ino && entry.dev === info.dev)
        found.push(relative(root, path).split('\\').join('/'));
      else if (entry.isDirectory() && depth > 0 && !/^(objects|node_modules|lfs)$/.test(name))
        visit(path, depth - 1);
    }
  };
  visit(root, 0);
  for (const folder of protectedFolders) visit(join(root, folder), 4);
  return found;
}

/**
 * The warnings for changing an existing regular file with more than one hard link. Every name of
 * an inode is equally real, so a check of the name given says nothing about the file changed:
 * when another name is a protected workspace file (`cfg` hard-linked to `.git/config`), the
 * warnings `judge` gives for that name, said of the link; otherwise one warning that the file's
 * other names are unknown (they may be outside the workspace or protected). None for other files.
 */
export function hardLinkWriteWarnings(
  root: string,
  real: string,
  path: string,
  judge: (names: string[]) => RiskWarning[],
): RiskWarning[] {
  let info: Stats;
  try {
    info = lstatSync(real);
  } catch {
    return [];
  }
  if (!info.isFile() || info.nlink < 2) return [];
  const names = protectedNames(root, info).filter((name) => name !== relative(root, real));
  const judged = names.length ? judge(names) : [];
  if (judged.length)
    return judged.map((warning) => ({
      rule: warning.rule,
      message: `"${path}" is a hard link to ${names.map((name) => `"${name}"`).join(', ')}: ${warning.message}`,
    }));
  return [
    {
      rule: 'hard-linked-file',
      message: `Changes "${path}", which has ${info.nlink} hard links: its other names may be files that run code or lie outside the workspace, and they change with it.`,
    },
  ];
}
