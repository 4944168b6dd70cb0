import type { Node } from 'web-tree-sitter';
import { absent } from './assignments';
import { CommandBuilder } from './command-builder';
import { declarationProducer, walkBranch, walkForLoop } from './control-flow';
import { salvageCommand } from './error-recovery';
import { isForkBomb, isSpawnLoop } from './fork-bomb';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';
import type { SimpleCommand, StandardInput } from './simple-command';
import { expandWord, hereStringValue, isWordNode, wordValue } from './word-evaluator';

/** Shell code found while walking that bash evaluates later (`${x@P}`, `PS4`, subscripts). */
export interface NestedScript {
  readonly script: string;
  readonly cwd: string | undefined;
}

/** What walking a parsed command found. */
export interface WalkResult {
  /** Every command that may run, in source order, nested ones included. */
  readonly commands: SimpleCommand[];
  /** Functions that call themselves in a pipeline or in the background (fork bombs). */
  readonly forkBombs: string[];
  /** Parts of the text the parser could not make sense of. */
  readonly unparsed: string[];
  /** Strings bash runs as code that are judged as scripts of their own. */
  readonly nestedScripts: NestedScript[];
}

const maximumVisits = 20_000;

/**
 * Walks a tree-sitter bash tree the way bash runs it, statement by statement, with the state
 * it carries ({@link ShellScope}): every list, pipeline, subshell, group, loop (literal `for`
 * lists run once per value), branch (values that differ between branches become unknown),
 * function (walked at each call with its arguments), assignment and declaration. A final sweep
 * walks any command or substitution the structured walk did not reach, so nothing that bash
 * would run is left out.
 */
export class ScriptWalker {
  /** Per function call, the variables it made local, with their values before the call. */
  readonly localFrames: Map<string, readonly string[] | undefined>[] = [];
  readonly result: WalkResult = { commands: [], forkBombs: [], unparsed: [], nestedScripts: [] };
  readonly visited = new Set<number>();
  private readonly called = new Set<string>();
  private readonly builder = new CommandBuilder(this);
  private callDepth = 0;
  private visits = 0;

  constructor(private readonly top: ShellScope) {}

  /** Walks the root of a parse tree. */
  walk(root: Node): WalkResult {
    this.visit(root, this.top, undefined);
    for (const [name, body] of this.top.functions) {
      if (this.called.has(name)) continue;
      const scope = this.top.clone();
      scope.positional = undefined;
      this.visit(body, scope, undefined);
    }
    for (const node of root.descendantsOfType([
      'command',
      'command_substitution',
      'process_substitution',
    ])) {
      if (node && !this.visited.has(node.id)) this.visit(node, this.top.clone(), undefined);
    }
    return this.result;
  }

  /** Walks one statement; returns the last command it runs (whose output a pipe carries). */
  visit(
    node: Node,
    scope: ShellScope,
    input: StandardInput | undefined,
  ): SimpleCommand | undefined {
    if (++this.visits > maximumVisits) {
      if (this.visits === maximumVisits + 1) this.result.unparsed.push('(too long to check)');
      return undefined;
    }
    switch (node.type) {
      case 'comment':
        return undefined;
      case 'ERROR':
        this.result.unparsed.push(node.text.slice(0, 80));
        salvageCommand(this, node, scope);
        return this.visitChildren(node, scope, input);
      case 'command':
        return this.builder.command(node, scope, input, [], []);
      case 'redirected_statement':
        return this.builder.redirected(node, scope, input);
      case 'pipeline':
        return this.pipeline(this.named(node), scope, input);
      case 'subshell':
        return this.visitChildren(node, scope.clone(), input);
      case 'variable_assignment':
        this.builder.assign(node, scope, scope);
        return undefined;
      case 'declaration_command':
        this.builder.declaration(node, scope);
        return declarationProducer(node, scope);
      case 'unset_command':
        for (const child of this.named(node)) {
          for (const name of this.fields(child, scope)) {
            scope.set(name.replace(/\[.*$/, ''), ['']);
            // `unset 'a[$(cmd)]'`: bash evaluates the subscript, running the substitution.
            if (/\[[\s\S]*[$`]/.test(name.replaceAll(DYNAMIC, ''))) this.nested(`: ${name}`, scope);
          }
        }
        return undefined;
      case 'function_definition':
        return this.defineFunction(node, scope);
      case 'test_command':
        this.visitChildren(node, scope, undefined);
        this.builder.evaluatedStrings(node, scope);
        return undefined;
      case 'c_style_for_statement':
      case 'while_statement':
        // `for ((i=y; ...))`: its three expressions are arithmetic.
        if (node.type === 'c_style_for_statement') this.builder.arithmetic(node, scope);
        if (isSpawnLoop(node)) this.result.forkBombs.push('an endless loop');
        return walkBranch(this, node, scope, input);
      case 'if_statement':
      case 'case_statement':
        return walkBranch(this, node, scope, input);
      case 'for_statement':
        return walkForLoop(this, node, scope, input);
      case 'compound_statement':
        if (node.firstChild?.type === '((') {
          this.builder.arithmetic(node, scope);
          return this.visitChildren(node, scope, input);
        }
        return this.visitChildren(node, scope, input);
      default:
        if (isWordNode(node)) {
          this.fields(node, scope);
          return undefined;
        }
        if (node.isMissing) this.result.unparsed.push(`missing ${node.type}`);
        return this.visitChildren(node, scope, input);
    }
  }

  /** Walks every named child; word-like children are evaluated so their substitutions run. */
  visitChildren(
    node: Node,
    scope: ShellScope,
    input: StandardInput | undefined,
  ): SimpleCommand | undefined {
    let last: SimpleCommand | undefined;
    for (const child of this.named(node)) last = this.visit(child, scope, input) ?? last;
    return last;
  }

  /** The words a word node becomes, its substitutions walked in the given scope. */
  fields(node: Node, scope: ShellScope): string[] {
    return expandWord(node, this.builder.wordContext(scope));
  }

  /** The unsplit value of a word node, its substitutions walked in the given scope. */
  value(node: Node, scope: ShellScope): string {
    return wordValue(node, this.builder.wordContext(scope));
  }

  /** The text of a here-string's word (expanded, not split), its substitutions walked. */
  hereString(node: Node, scope: ShellScope): string {
    return hereStringValue(node, this.builder.wordContext(scope));
  }

  /** Walks the stages of a pipeline, each fed by the one before. */
  pipeline(
    stages: readonly Node[],
    scope: ShellScope,
    input: StandardInput | undefined,
  ): SimpleCommand | undefined {
    let previous: SimpleCommand | undefined;
    for (const [index, stage] of stages.entries()) {
      const stageInput: StandardInput | undefined =
        index === 0
          ? input
          : previous
            ? { producer: previous, text: this.builder.output(previous) }
            : {};
      // Every stage of a pipeline runs in a subshell.
      const stageScope = stages.length > 1 ? scope.clone() : scope;
      previous = this.visit(stage, stageScope, stageInput);
    }
    return previous;
  }

  /** Calls a function defined earlier with the given arguments; false when there is none. */
  callFunction(
    name: string,
    args: readonly string[],
    scope: ShellScope,
    input: StandardInput | undefined,
  ): boolean {
    const body = scope.functions.get(name);
    if (!body || this.callDepth >= 4) return body !== undefined;
    this.called.add(name);
    const saved = scope.positional;
    scope.positional = args;
    this.callDepth++;
    this.localFrames.push(new Map());
    try {
      this.visit(body, scope, input);
    } finally {
      this.callDepth--;
      scope.positional = saved;
      // Variables made local by the call are what they were before it.
      for (const [name, value] of this.localFrames.pop() ?? [])
        if (value === absent) scope.variables.delete(name);
        else scope.set(name, value);
    }
    return true;
  }

  /** Records shell code that bash evaluates later. */
  nested(script: string, scope: ShellScope): void {
    this.result.nestedScripts.push({ script, cwd: scope.cwd });
  }

  private defineFunction(node: Node, scope: ShellScope): undefined {
    const name = node.childForFieldName('name')?.text;
    const body = node.childForFieldName('body');
    if (!name || !body) return undefined;
    scope.functions.set(name, body);
    if (scope !== this.top && !this.top.functions.has(name)) this.top.functions.set(name, body);
    if (isForkBomb(name, body)) this.result.forkBombs.push(name);
    return undefined;
  }

  private named(node: Node): Node[] {
    return node.namedChildren.filter((child): child is Node => child !== null);
  }
}
