import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchCreatedPaths } from './created-path-sweep';
import { SandboxPlanner } from './sandbox-planner';

const folder = () => realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-planner-')));
// Every folder counts as settled (the tests change folders right before planning).
const SETTLED_NOW = -60_000;

function setup(settledMs = SETTLED_NOW) {
  const workspaceRoot = folder();
  const home = folder();
  mkdirSync(join(workspaceRoot, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(workspaceRoot, '.git', 'config'), '');
  const planner = new SandboxPlanner(
    {
      binary: 'bwrap',
      workspaceRoot,
      allowNetwork: false,
      readOnlyPaths: ['.git/hooks', '.git/config', '.git/info/attributes', '.vscode', '.envrc'],
      hiddenPaths: ['~/.ssh', '~/.aws/credentials'],
      homeDirs: [home],
    },
    settledMs,
  );
  return { workspaceRoot, home, planner };
}

/** The source of each `--ro-bind SOURCE TARGET`, by target. */
const readOnlyTargets = (args: readonly string[]) =>
  args.flatMap((arg, index) => (arg === '--ro-bind' && args[index + 2] ? [args[index + 2]] : []));

describe('SandboxPlanner', () => {
  it('reuses the plan while no folder it looked in changed', () => {
    const { planner, workspaceRoot } = setup();
    const first = planner.plan();
    expect(planner.plan()).toBe(first);
    writeFileSync(join(workspaceRoot, 'ordinary.txt'), 'x'); // a change in a folder it looked in
    const second = planner.plan();
    expect(second).not.toBe(first);
    expect(second.args).toEqual(first.args);
    mkdirSync(join(workspaceRoot, 'src', 'deep'), { recursive: true }); // in the root: a change
    writeFileSync(join(workspaceRoot, 'src', 'deep', 'a.ts'), ''); // elsewhere: none
    const third = planner.plan();
    expect(planner.plan()).toBe(third);
  });

  it('protects a path created after a reused plan, in the root and under .git', () => {
    const { planner, workspaceRoot } = setup();
    planner.plan();
    expect(planner.plan()).toBe(planner.plan());
    mkdirSync(join(workspaceRoot, '.vscode'));
    expect(readOnlyTargets(planner.plan().args)).toContain(join(workspaceRoot, '.vscode'));
    mkdirSync(join(workspaceRoot, '.git', 'info'));
    writeFileSync(join(workspaceRoot, '.git', 'info', 'attributes'), '');
    const plan = planner.plan();
    expect(readOnlyTargets(plan.args)).toContain(join(workspaceRoot, '.git', 'info', 'attributes'));
    expect(plan.missing.map((entry) => entry.path)).toEqual([join(workspaceRoot, '.envrc')]);
  });

  it('masks a secret created after a reused plan, in a folder that did not exist', () => {
    const { planner, home } = setup();
    const first = planner.plan();
    expect(planner.plan()).toBe(first);
    expect(readOnlyTargets(first.args)).not.toContain(join(home, '.aws', 'credentials'));
    mkdirSync(join(home, '.aws'));
    writeFileSync(join(home, '.aws', 'credentials'), 'secret');
    expect(readOnlyTargets(planner.plan().args)).toContain(join(home, '.aws', 'credentials'));
    mkdirSync(join(home, '.ssh'));
    expect(readOnlyTargets(planner.plan().args)).toContain(join(home, '.ssh'));
  });

  it('never reuses a plan made just after its folders changed (one clock tick may hide a change)', () => {
    const { planner } = setup(1000);
    const first = planner.plan();
    expect(first.folders.settled()).toBe(false);
    expect(planner.plan()).not.toBe(first);
  });

  it('never reuses a plan that looked through a symbolic link', () => {
    const { planner, workspaceRoot, home } = setup();
    mkdirSync(join(workspaceRoot, 'real-vscode'));
    symlinkSync('real-vscode', join(workspaceRoot, '.vscode'));
    const first = planner.plan();
    expect(readOnlyTargets(first.args)).toContain(join(workspaceRoot, 'real-vscode'));
    expect(planner.plan()).not.toBe(first);
    const other = setup();
    symlinkSync(join(home, 'missing'), join(other.home, '.ssh')); // a dangling link to a secret
    const plan = other.planner.plan();
    expect(other.planner.plan()).not.toBe(plan);
  });

  it('lets the sweep skip a folder left unchanged, and still moves what the call created', () => {
    const { planner, workspaceRoot } = setup();
    planner.plan();
    const plan = planner.plan();
    const quarantine = folder();
    expect(
      watchCreatedPaths(workspaceRoot, plan.missing, quarantine, undefined, plan.folders)(),
    ).toBe(undefined);
    const sweep = watchCreatedPaths(
      workspaceRoot,
      plan.missing,
      quarantine,
      undefined,
      plan.folders,
    );
    writeFileSync(join(workspaceRoot, '.envrc'), 'evil'); // as the command would
    mkdirSync(join(workspaceRoot, '.git', 'info'));
    writeFileSync(join(workspaceRoot, '.git', 'info', 'attributes'), 'evil');
    expect(sweep()).toMatch(
      /^\[Moved out of the workspace after the command: \.envrc \(file\), \.git\/info\/attributes \(file\), now in /,
    );
  });
});
