import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { ToolPolicy } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import {
  type AttackCase,
  type AttackCaseFile,
  fillPlaceholders,
  loadAttackCases,
  SHARED_ATTACK_CASES,
  setupSteps,
} from '../../../test-support/attack-cases';
import { snapshotFolder } from '../../../test-support/folder-snapshot';
import { createTestWorkspace, type TestWorkspace } from '../src/testing/test-workspace';

const fileTools = ['Read', 'Write', 'Edit', 'ListDir', 'Glob', 'Grep'];
const policy = new ToolPolicy();
const outsideMarkers = ['OUTSIDE-SECRET', 'SIBLING-SECRET', 'root:x:0:0'];

function prepare(attack: AttackCase): {
  workspace: TestWorkspace;
  mode: 'default' | 'acceptEdits';
  skip?: string;
  race?: string;
} {
  const workspace = createTestWorkspace({
    'README.md': '# demo',
    'notes.txt': 'mkfs and format notes',
    'src/app.ts': 'export {}',
    'docs/guide.md': 'guide',
  });
  writeFileSync(join(workspace.outside, 'secret.txt'), 'OUTSIDE-SECRET');
  const places = { workspace: workspace.root, outside: workspace.outside };
  const at = (path: string) => (isAbsolute(path) ? path : join(workspace.root, path));
  let mode: 'default' | 'acceptEdits' = 'default';
  let skip: string | undefined;
  let race: string | undefined;
  const steps: [RegExp, (match: RegExpExecArray) => void][] = [
    [
      /^file (.+?)=(.*)$/s,
      ([, path, text]) => {
        mkdirSync(dirname(at(path!)), { recursive: true });
        writeFileSync(at(path!), text!.replace(/\\n/g, '\n'));
      },
    ],
    [/^dir (.+)$/, ([, path]) => mkdirSync(at(path!), { recursive: true })],
    [
      /^symlink (.+?) -> (.+)$/,
      ([, path, target]) => {
        mkdirSync(dirname(at(path!)), { recursive: true });
        symlinkSync(target!, at(path!));
      },
    ],
    [/^hardlink (.+?) -> (.+)$/, ([, path, target]) => linkSync(at(target!), at(path!))],
    [/^fifo (.+)$/, ([, path]) => execFileSync('mkfifo', [at(path!)])],
    [/^chmod \+x (.+)$/, ([, path]) => chmodSync(at(path!), 0o755)],
    [
      /^mode acceptEdits$/,
      () => {
        mode = 'acceptEdits';
      },
    ],
    [
      /^requires case-insensitive filesystem$/,
      () => {
        skip = 'needs a case-insensitive file system (this one is case-sensitive)';
      },
    ],
    [
      /^race:/,
      ([step]) => {
        race = step;
      },
    ],
  ];
  for (const step of setupSteps(fillPlaceholders(attack.setup, places))) {
    const handler = steps
      .map(([pattern, run]) => [pattern.exec(step), run] as const)
      .find(([match]) => match);
    if (!handler) throw new Error(`Unknown setup step in ${attack.id}: ${step}`);
    handler[1](handler[0]!);
  }
  return { workspace, mode, skip, race };
}

function toolInput(
  attack: AttackCase,
  places: { workspace: string; outside: string },
): Record<string, unknown> {
  const input = fillPlaceholders(attack.input, places);
  if (attack.tool === 'Grep' && 'glob' in input) {
    const { glob, ...rest } = input;
    return { ...rest, include: glob };
  }
  return input;
}

/**
 * Registers a vitest suite running every file-tool case of a file of attack cases
 * (by default shared/security/attack-cases.json). The
 * cases run as one suite with all the others in e2e/src/attack-cases.test.ts.
 */
export function describeFileToolAttackCases(file: AttackCaseFile = SHARED_ATTACK_CASES): void {
  const cases = loadAttackCases(fileTools, file);
  describe(`file-tool attack cases (${file.label})`, () => {
    it('has cases for every file tool', () => {
      const tools = new Set(cases.map((attack) => attack.tool));
      if (file.shared) expect(tools).toEqual(new Set(fileTools));
      else expect(tools.size).toBeGreaterThan(0);
    });

    for (const attack of cases) {
      it(`${attack.id} (${attack.tool}) is ${attack.expect}`, async (test) => {
        const { workspace, mode, skip, race } = prepare(attack);
        if (skip) return test.skip(skip);
        const places = { workspace: workspace.root, outside: workspace.outside };
        const input = toolInput(attack, places);
        const sibling = `${workspace.root}_evil`;
        const before = {
          outside: snapshotFolder(workspace.outside),
          sibling: snapshotFolder(sibling),
        };
        const absoluteTarget =
          typeof input.path === 'string' && isAbsolute(input.path) ? input.path : undefined;
        const readTarget = () =>
          absoluteTarget && existsSync(absoluteTarget) && statSync(absoluteTarget).isFile()
            ? readFileSync(absoluteTarget, 'utf8')
            : undefined;
        const targetBefore = readTarget();

        if (race) {
          await runRace(workspace, input);
          return;
        }

        const warnings = await workspace.registry.assessRisk(attack.tool, input);
        const result = await workspace.call(attack.tool, input);
        // The call runs as if the user had been asked and said yes: a `warn` case whose warning
        // asks may then show what the user agreed to read (a hard-linked file); nothing else may.
        const userAgreed =
          attack.expect === 'warn' && policy.requiresConfirmation(attack.tool, mode, warnings);
        if (!userAgreed)
          for (const marker of outsideMarkers) expect(result.content).not.toContain(marker);
        expect(snapshotFolder(workspace.outside)).toEqual(before.outside);
        expect(snapshotFolder(sibling)).toEqual(before.sibling);

        if (attack.expect === 'blocked') {
          expect(result.isError, result.content).toBe(true);
          if (absoluteTarget && !absoluteTarget.startsWith(workspace.root)) {
            expect(readTarget()).toBe(targetBefore);
          }
        } else if (attack.expect === 'warn') {
          expect(warnings.length, 'a risk warning is attached').toBeGreaterThan(0);
          expect(policy.requiresConfirmation(attack.tool, mode, warnings)).toBe(true);
        } else {
          expect(result.isError, result.content).toBe(false);
          expect(warnings).toEqual([]);
          for (const line of result.content.split('\n')) {
            expect(
              line.startsWith('/') && !line.startsWith(workspace.root),
              `no result outside: ${line}`,
            ).toBe(false);
          }
          expect(result.content).not.toMatch(/rootlink\/(etc|usr|bin)\/|etc_link\//);
        }
      });
    }
  });
}

/**
 * write-021: an attacker process swaps `build` between a folder and a symbolic link to the outside
 * folder while Write runs again and again; nothing may ever be created outside.
 */
async function runRace(workspace: TestWorkspace, input: Record<string, unknown>): Promise<void> {
  const build = join(workspace.root, 'build');
  const script = `
    const fs = require('fs');
    const end = Date.now() + 1500;
    while (Date.now() < end) {
      try { fs.rmSync(${JSON.stringify(build)}, { recursive: true, force: true }); fs.symlinkSync(${JSON.stringify(workspace.outside)}, ${JSON.stringify(build)}); } catch {}
      try { fs.rmSync(${JSON.stringify(build)}, { recursive: true, force: true }); fs.mkdirSync(${JSON.stringify(build)}); } catch {}
    }`;
  const attacker = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const exited = new Promise((resolve) => attacker.on('exit', resolve));
  let calls = 0;
  while (attacker.exitCode === null && calls < 2000) {
    await workspace.call('Write', input);
    calls++;
  }
  await exited;
  expect(calls).toBeGreaterThan(10);
  expect(readdirSync(workspace.outside)).toEqual(['secret.txt']);
  expect(statSync(join(workspace.outside, 'secret.txt')).size).toBe('OUTSIDE-SECRET'.length);
}
