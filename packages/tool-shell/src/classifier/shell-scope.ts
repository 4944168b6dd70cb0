import type { Node } from 'web-tree-sitter';
import { DYNAMIC } from './shell-word';

/** A file written earlier in the same command, as far as its content is known. */
export interface WrittenFile {
  /** Its content when known without running anything. */
  readonly text?: string;
  /** Text appended (`>>`) to a file whose earlier content is not known. */
  readonly appended?: string;
  /** Downloaded from the network (`curl -o`, `wget -O`, `git clone`). */
  readonly downloaded: boolean;
  /** For a symbolic link made by the command, the absolute path it points to. */
  readonly link?: string;
}

/**
 * The state bash carries from one command to the next, as far as it is known before running:
 * variables and arrays (undefined value: only known at run time), positional parameters,
 * functions, the working folder, and the files and links the command itself made.
 */
export class ShellScope {
  /** Variables set in the command; a name missing here comes from the environment (unknown). */
  readonly variables = new Map<string, readonly string[] | undefined>();
  /** `$1`, `$2`, ...; undefined when unknown. */
  positional: readonly string[] | undefined = [];
  /** Files opened on descriptors by `exec 3< file`, shared by every copy of the scope. */
  descriptors = new Map<string, string>();
  /** Variables exported to the programs the command runs. */
  readonly exported = new Set<string>();
  /** Functions defined so far, by name. */
  readonly functions = new Map<string, Node>();
  /** The working folder (absolute), or undefined when it is only known at run time. */
  cwd: string | undefined;
  /** The previous working folder (`cd -`, `~-`), when `OLDPWD` was not assigned. */
  oldCwd: string | undefined;
  /** The folders `pushd` saved below the working folder (top first); undefined when unknown. */
  dirStack: readonly (string | undefined)[] | undefined = [];

  constructor(
    readonly homeDir: string,
    cwd: string | undefined,
    /** Files written earlier in the command, shared by every copy of the scope. */
    readonly files: Map<string, WrittenFile> = new Map(),
  ) {
    this.cwd = cwd;
  }

  /** A copy for a subshell or a branch: changes to it do not reach this scope. */
  clone(): ShellScope {
    const copy = new ShellScope(this.homeDir, this.cwd, this.files);
    for (const [name, value] of this.variables) copy.variables.set(name, value);
    for (const [name, body] of this.functions) copy.functions.set(name, body);
    for (const name of this.exported) copy.exported.add(name);
    copy.descriptors = this.descriptors;
    copy.positional = this.positional;
    copy.oldCwd = this.oldCwd;
    copy.dirStack = this.dirStack;
    return copy;
  }

  /** The value of a variable: known values, or undefined when only known at run time. */
  get(name: string): readonly string[] | undefined {
    if (this.variables.has(name)) return this.variables.get(name);
    switch (name) {
      case 'HOME':
        return [this.homeDir];
      case 'IFS':
        return [' \t\n'];
      case 'BASH':
        return ['/bin/bash'];
      case 'PWD':
        return this.cwd === undefined ? undefined : [this.cwd];
      case 'OLDPWD':
        return this.oldCwd === undefined ? undefined : [this.oldCwd];
      case 'DIRSTACK':
        return this.dirStack === undefined
          ? undefined
          : [this.cwd ?? DYNAMIC, ...this.dirStack.map((entry) => entry ?? DYNAMIC)];
      case '#':
        return this.positional === undefined ? undefined : [String(this.positional.length)];
      case '@':
      case '*':
        return this.positional;
      case '0':
        return ['bash'];
      default:
        if (/^[1-9][0-9]*$/.test(name)) {
          if (this.positional === undefined) return undefined;
          const value = this.positional[Number(name) - 1];
          return [value ?? ''];
        }
        return undefined;
    }
  }

  /** The exported variables and the given extra names, with their values, for a program's environment. */
  environment(extra: Iterable<string> = []): Map<string, readonly string[] | undefined> {
    const environment = new Map<string, readonly string[] | undefined>();
    for (const name of [...this.exported, ...extra]) environment.set(name, this.get(name));
    return environment;
  }

  /** Sets a variable (an array when several values are given; undefined for unknown). */
  set(name: string, value: readonly string[] | undefined): void {
    this.variables.set(name, value);
  }

  /**
   * Takes in what a branch that may or may not have run did: a variable or folder that differs
   * between the two becomes unknown; functions it defined are kept.
   */
  mergeBranch(branch: ShellScope): void {
    const names = new Set([...this.variables.keys(), ...branch.variables.keys()]);
    for (const name of names) {
      const mine = this.get(name);
      const theirs = branch.get(name);
      if (!sameValue(mine, theirs)) this.variables.set(name, undefined);
    }
    if (!sameValue(this.positional, branch.positional)) this.positional = undefined;
    if (this.cwd !== branch.cwd) this.cwd = undefined;
    if (this.oldCwd !== branch.oldCwd) this.oldCwd = undefined;
    if (!sameValue(this.dirStack as string[] | undefined, branch.dirStack as string[] | undefined))
      this.dirStack = undefined;
    for (const [name, body] of branch.functions) this.functions.set(name, body);
  }
}

function sameValue(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
