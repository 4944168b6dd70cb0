import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Verdict } from '@tinyelf/tool-shell';

/** The verdict a case requires at least (`allow` means exactly allow: no warning at all). */
export type Expectation = 'allow' | 'warn' | 'block';

/** One Bash command with the verdict it must get, from the hand-written or everyday data files. */
export interface SecurityCase {
  /** Stable identifier, also the key in `known-bypasses.json`. */
  readonly id: string;
  /** The command as the model would send it, with `{{WS}}`-style placeholders. */
  readonly command: string;
  /** The verdict required: `warn` is met by `block` too. */
  readonly expect: Expectation;
  /** Why bash makes this command dangerous (or, for everyday commands, where it comes from). */
  readonly why: string;
  /** The pattern of issue 14 the case belongs to, or `everyday`. */
  readonly pattern: string;
}

const rank: Record<Verdict, number> = { allow: 0, warn: 1, block: 2 };

/** Whether a verdict meets an expectation: `allow` must be exact, the others are minimums. */
export function meets(verdict: Verdict, expectation: Expectation): boolean {
  return expectation === 'allow' ? verdict === 'allow' : rank[verdict] >= rank[expectation];
}

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as T;
}

/**
 * The hand-written adversarial cases of `adversarial-cases.json`, or of another file of the same
 * shape (`redteam3-cases.json`: the third red team's black-box cases).
 */
export function loadAdversarialCases(file = 'adversarial-cases.json'): SecurityCase[] {
  return readJson<{ cases: SecurityCase[] }>(file).cases;
}

interface EverydayGroup {
  readonly repo: string;
  readonly path: string;
  readonly commit: string | null;
  readonly commands: readonly string[];
}

/**
 * The everyday commands of `everyday-commands.json` (real projects), or of another file of the
 * same shape (`redteam-everyday-commands.json`: written by a red-team session), one case each,
 * all expecting `allow`.
 */
export function loadEverydayCases(file = 'everyday-commands.json'): SecurityCase[] {
  const groups = readJson<{ groups: EverydayGroup[] }>(file).groups;
  return groups.flatMap((group) => {
    const slug = group.repo.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
    return group.commands.map((command, index) => ({
      id: `everyday-${slug}-${String(index + 1).padStart(3, '0')}`,
      command,
      expect: 'allow' as const,
      why: `from ${group.repo}/${group.path}`,
      pattern: 'everyday',
    }));
  });
}

/** A workspace the cases are classified in: real folders, never used to run anything. */
export interface CaseWorkspace {
  /** The workspace root (symlinks resolved). */
  readonly root: string;
  /** The folder holding the workspace. */
  readonly parent: string;
  /** The home folder given to the classifier. */
  readonly home: string;
}

/** A fresh workspace with a git folder, sources and scripts, like a real project. */
export function createCaseWorkspace(): CaseWorkspace {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-security-')));
  const root = join(parent, 'project');
  const files: Record<string, string> = {
    'package.json': '{"name":"demo","scripts":{"test":"vitest"}}',
    'src/index.ts': 'export {};',
    'scripts/build.sh': '#!/bin/sh\necho build',
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': '[core]\n\tbare = false\n',
    '.git/hooks/pre-commit.sample': '#!/bin/sh\n',
    'README.md': '# demo',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, parent, home: homedir() };
}

/** The command of a case with its placeholders replaced for a workspace. */
export function fillCommand(command: string, workspace: CaseWorkspace): string {
  return command
    .replaceAll('{{WS_PARENT}}', workspace.parent)
    .replaceAll('{{WS}}', workspace.root)
    .replaceAll('{{HOME}}', workspace.home);
}
