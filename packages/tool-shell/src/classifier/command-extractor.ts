import { basename, resolve } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { DYNAMIC, isStatic } from './shell-word';
import type { Redirect, SimpleCommand, StandardInput } from './simple-command';
import { staticPipelineOutput } from './static-output';
import { evaluateWord, expandBraces, type WordScope } from './word-evaluator';

/** What walking a parsed command found. */
export interface ExtractedScript {
  /** Every command that may run, in source order, nested ones included. */
  readonly commands: SimpleCommand[];
  /** Functions that call themselves in a pipeline or in the background (fork bombs). */
  readonly forkBombs: string[];
  /** Parts of the text the parser could not make sense of. */
  readonly unparsed: string[];
}

interface WalkState {
  cwd: string | undefined;
}

const maximumDepth = 200;

/**
 * Walks a tree-sitter bash tree and lists every command inside it: lists and pipelines,
 * subshells and brace groups, `$(...)`, backticks and process substitutions, loops, `if` and
 * `case` bodies, function bodies, assignments. Words are evaluated as bash would (quotes,
 * escapes, `~`, `$HOME`, `${VAR:-default}`, brace lists, static `$(echo ...)`), and `cd` is
 * followed so later commands know their folder.
 */
export class CommandExtractor {
  private readonly found: ExtractedScript = { commands: [], forkBombs: [], unparsed: [] };
  private readonly scope: WordScope;

  constructor(
    private readonly homeDir: string,
    private readonly startFolder: string | undefined,
  ) {
    this.scope = { homeDir, staticOutput: (node) => this.substitutionOutput(node) };
  }

  /** Walks the root of a parse tree. */
  extract(root: Node): ExtractedScript {
    this.visit(root, { cwd: this.startFolder }, 0);
    return this.found;
  }

  private visit(node: Node, state: WalkState, depth: number): SimpleCommand | undefined {
    if (depth > maximumDepth) {
      this.found.unparsed.push(node.text.slice(0, 80));
      return undefined;
    }
    switch (node.type) {
      case 'comment':
        return undefined;
      case 'ERROR':
        this.found.unparsed.push(node.text.slice(0, 80));
        this.visitChildren(node, state, depth);
        return undefined;
      case 'command':
        return this.visitCommand(node, state, depth, undefined, []);
      case 'redirected_statement':
        return this.visitRedirected(node, state, depth, undefined);
      case 'pipeline':
        return this.visitPipeline(
          node.namedChildren.filter((child): child is Node => child !== null),
          state,
          depth,
          undefined,
        );
      case 'subshell':
        return this.visitChildren(node, { ...state }, depth);
      case 'function_definition':
        this.checkForkBomb(node);
        return this.visitChildren(node, { ...state }, depth);
      case 'command_substitution':
      case 'process_substitution':
        return this.visitChildren(node, { ...state }, depth);
      default:
        if (node.isMissing) this.found.unparsed.push(`missing ${node.type}`);
        return this.visitChildren(node, state, depth);
    }
  }

  private visitChildren(node: Node, state: WalkState, depth: number): SimpleCommand | undefined {
    let last: SimpleCommand | undefined;
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (isWordNode(child)) {
        this.visitSubstitutionsIn(child, state, depth);
        continue;
      }
      last = this.visit(child, state, depth + 1) ?? last;
    }
    return last;
  }

  private visitPipeline(
    stages: readonly Node[],
    state: WalkState,
    depth: number,
    firstInput: StandardInput | undefined,
  ): SimpleCommand | undefined {
    let previous: SimpleCommand | undefined;
    for (const [index, stage] of stages.entries()) {
      const input: StandardInput | undefined =
        index === 0 ? firstInput : previous ? { producer: previous, text: outputOf(previous) } : {};
      const stageState = { ...state };
      if (stage.type === 'command')
        previous = this.visitCommand(stage, stageState, depth + 1, input, []);
      else if (stage.type === 'redirected_statement')
        previous = this.visitRedirected(stage, stageState, depth + 1, input);
      else previous = this.visit(stage, stageState, depth + 1);
    }
    return previous;
  }

  private visitRedirected(
    node: Node,
    state: WalkState,
    depth: number,
    input: StandardInput | undefined,
  ): SimpleCommand | undefined {
    const body = node.childForFieldName('body');
    const redirects: Redirect[] = [];
    let hereDocument: string | undefined;
    let continuation: Node[] = [];
    for (const redirect of node.childrenForFieldName('redirect')) {
      if (!redirect) continue;
      if (redirect.type === 'heredoc_redirect') {
        hereDocument =
          redirect.namedChildren.find((child) => child?.type === 'heredoc_body')?.text ?? '';
        // tree-sitter-bash puts "| next" after "<<EOF" inside the redirect node.
        continuation = redirect.namedChildren.filter(
          (child): child is Node => child !== null && !child.type.startsWith('heredoc'),
        );
      } else {
        redirects.push(...this.redirectsOf(redirect, state, depth));
      }
    }
    const bodyInput = hereDocument !== undefined ? { text: hereDocument } : input;
    let command: SimpleCommand | undefined;
    if (!body) {
      command = this.record({
        words: [],
        redirects,
        cwd: state.cwd,
        stdin: bodyInput,
        processSubstitutions: [],
        background: false,
        text: node.text,
      });
    } else if (body.type === 'command') {
      command = this.visitCommand(body, state, depth + 1, bodyInput, redirects);
    } else {
      command = this.visit(body, state, depth + 1);
      if (redirects.length) {
        this.record({
          words: [],
          redirects,
          cwd: state.cwd,
          processSubstitutions: [],
          background: false,
          text: node.text,
        });
      }
    }
    if (continuation.length && command) {
      const stages = continuation.flatMap((child) =>
        child.type === 'pipeline'
          ? child.namedChildren.filter((stage): stage is Node => stage !== null)
          : [child],
      );
      return this.visitPipeline(stages, state, depth + 1, {
        producer: command,
        text: outputOf(command),
      });
    }
    return command;
  }

  private visitCommand(
    node: Node,
    state: WalkState,
    depth: number,
    input: StandardInput | undefined,
    outerRedirects: readonly Redirect[],
  ): SimpleCommand {
    const processSubstitutions: SimpleCommand[] = [];
    for (const substitution of node.descendantsOfType('process_substitution')) {
      if (!substitution) continue;
      const before = this.found.commands.length;
      this.visitChildren(substitution, { ...state }, depth + 1);
      processSubstitutions.push(...this.found.commands.slice(before));
    }
    for (const assignment of node.namedChildren) {
      if (assignment?.type === 'variable_assignment')
        this.visitChildren(assignment, state, depth + 1);
    }
    const words: string[] = [];
    const name = node.childForFieldName('name');
    if (name) words.push(...this.wordsOf(name));
    for (const argument of node.childrenForFieldName('argument')) {
      if (argument) words.push(...this.wordsOf(argument));
    }
    const redirects = [...outerRedirects];
    let stdin = input;
    for (const redirect of node.childrenForFieldName('redirect')) {
      if (!redirect) continue;
      if (redirect.type === 'herestring_redirect') {
        const word = redirect.namedChildren.find((child) => child !== null);
        stdin = { text: word ? `${evaluateWord(word, this.scope).value}\n` : '' };
      } else {
        redirects.push(...this.redirectsOf(redirect, state, depth));
      }
    }
    const background = node.nextSibling?.type === '&' || node.parent?.nextSibling?.type === '&';
    const command = this.record({
      words,
      redirects,
      cwd: state.cwd,
      stdin,
      processSubstitutions,
      background,
      text: node.text,
    });
    this.followDirectoryChange(command, state);
    return command;
  }

  private redirectsOf(redirect: Node, state: WalkState, depth: number): Redirect[] {
    const destination =
      redirect.childForFieldName('destination') ??
      redirect.namedChildren.find((child) => child?.type !== 'file_descriptor') ??
      null;
    if (!destination) return [];
    this.visitSubstitutionsIn(destination, state, depth);
    const operator = redirect.children.find((child) => child && !child.isNamed)?.text ?? '>';
    return [{ operator, target: evaluateWord(destination, this.scope).value }];
  }

  private wordsOf(node: Node): string[] {
    const word = evaluateWord(node, this.scope);
    if (word.splits && !word.quoted) return word.value.split(/\s+/).filter(Boolean);
    if (!word.quoted && /[{][^}]*,[^}]*[}]/.test(word.value)) return expandBraces(word.value);
    return [word.value];
  }

  private substitutionOutput(node: Node): string | undefined {
    const before = this.found.commands.length;
    this.visitChildren(node, { cwd: undefined }, 1);
    const inner = this.found.commands.slice(before);
    return staticPipelineOutput(
      inner.map((command) => ({
        words: command.words,
        input: command.stdin?.producer ? undefined : command.stdin?.text,
      })),
    );
  }

  private visitSubstitutionsIn(node: Node, state: WalkState, depth: number): void {
    if (node.type === 'command_substitution') {
      this.visitChildren(node, { ...state }, depth + 1);
      return;
    }
    for (const substitution of node.descendantsOfType([
      'command_substitution',
      'process_substitution',
    ])) {
      if (substitution && substitution.parent?.type !== 'command_substitution')
        this.visitChildren(substitution, { ...state }, depth + 1);
    }
  }

  private followDirectoryChange(command: SimpleCommand, state: WalkState): void {
    const [name, target] = command.words;
    if (name !== 'cd' && name !== 'pushd') return;
    if (target === undefined) state.cwd = this.homeDir;
    else if (
      !isStatic(target) ||
      target === '-' ||
      (state.cwd === undefined && !target.startsWith('/'))
    )
      state.cwd = undefined;
    else state.cwd = resolve(state.cwd ?? '/', target);
  }

  private checkForkBomb(node: Node): void {
    const name = node.childForFieldName('name')?.text;
    const body = node.childForFieldName('body');
    if (!name || !body) return;
    const callsItself = body
      .descendantsOfType('command')
      .some((command) => command?.childForFieldName('name')?.text === name);
    if (callsItself && (body.descendantsOfType('pipeline').length > 0 || /&(?!&)/.test(body.text)))
      this.found.forkBombs.push(name);
  }

  private record(command: SimpleCommand): SimpleCommand {
    this.found.commands.push(command);
    return command;
  }
}

function isWordNode(node: Node): boolean {
  return [
    'word',
    'string',
    'raw_string',
    'concatenation',
    'simple_expansion',
    'expansion',
    'command_substitution',
    'ansi_c_string',
    'number',
  ].includes(node.type);
}

function outputOf(command: SimpleCommand): string | undefined {
  const input = command.stdin?.text;
  return staticPipelineOutput([{ words: command.words, input }]);
}

/** The program a command runs, without its folder (`/usr/bin/rm` is `rm`). */
export function programName(word: string | undefined): string {
  return word === undefined ? '' : basename(word);
}

export { DYNAMIC };
