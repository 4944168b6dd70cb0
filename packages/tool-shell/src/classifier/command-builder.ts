import { isAbsolute, resolve } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { applyEffects, outputOf } from './scope-effects';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { DYNAMIC, isStatic } from './shell-word';
import type { ProcessSubstitution, Redirect, SimpleCommand, StandardInput } from './simple-command';
import { staticPipelineOutput } from './static-output';
import type { WordContext } from './word-evaluator';

/** A `>(...)` whose input is only known once the command writing to it is built. */
interface Feed {
  producer?: SimpleCommand;
  text?: string;
  /** Set for a redirection target (it gets the command's output), unset for an argument. */
  redirect: boolean;
}

/** Variables whose value bash runs through prompt expansion (their `$(...)` runs). */
const promptVariables = /^PS[0-4]$/;
/** Builtins whose arguments may hold subscripts that bash evaluates as arithmetic. */
const subscriptBuiltins = new Set([
  'let',
  'test',
  '[',
  'printf',
  'read',
  'unset',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'mapfile',
  'readarray',
  'wait',
  'shift',
  'return',
  'exit',
  'ulimit',
]);

/** Builds {@link SimpleCommand}s from command nodes, with redirections, here-documents and substitutions. */
export class CommandBuilder {
  private substitutions: ProcessSubstitution[] = [];
  private feeds: Feed[] = [];
  private counter = 0;

  constructor(private readonly walker: ScriptWalker) {}

  /** How words are evaluated in a scope: substitutions are walked in a subshell of it. */
  wordContext(scope: ShellScope): WordContext {
    return {
      scope,
      substitutionOutput: (node) => this.substitutionOutput(node, scope),
      processSubstitution: (node) => this.processSubstitution(node, scope),
      arithmetic: (node) => this.arithmetic(node, scope),
      evaluatedAsCode: (text) => this.walker.nested(text, scope),
    };
  }

  /** The output of a command when known without running. */
  output(command: SimpleCommand): string | undefined {
    return outputOf(command);
  }

  /** A simple command: its words, redirections and input; then what it changes in the scope. */
  command(
    node: Node,
    scope: ShellScope,
    input: StandardInput | undefined,
    outer: readonly Redirect[],
    outerFeeds: readonly Feed[],
    outerSubstitutions: readonly ProcessSubstitution[] = [],
  ): SimpleCommand {
    this.walker.visited.add(node.id);
    const savedSubstitutions = this.substitutions;
    const savedFeeds = this.feeds;
    this.substitutions = [...outerSubstitutions];
    this.feeds = [...outerFeeds];
    try {
      const commandScope = scope.clone();
      const assignments = node.namedChildren.filter(
        (child) => child?.type === 'variable_assignment',
      );
      for (const assignment of assignments)
        if (assignment) this.assign(assignment, scope, commandScope);
      const words: string[] = [];
      const name = node.childForFieldName('name');
      if (name) words.push(...this.walker.fields(name, scope));
      for (const argument of node.childrenForFieldName('argument'))
        if (argument) words.push(...this.walker.fields(argument, scope));
      const redirects = [...outer];
      let stdin = input;
      for (const redirect of node.childrenForFieldName('redirect')) {
        if (!redirect) continue;
        if (redirect.type === 'herestring_redirect') {
          const word = redirect.namedChildren.find((child) => child !== null);
          stdin = { text: word ? `${this.walker.value(word, scope)}\n` : '\n' };
        } else redirects.push(...this.redirect(redirect, scope));
      }
      const inputFile = redirects.find((redirect) => redirect.operator === '<');
      if (inputFile && !stdin?.text) stdin = { file: this.absolute(inputFile.target, scope) };
      const background = node.nextSibling?.type === '&' || node.parent?.nextSibling?.type === '&';
      const processCommands = this.substitutions.flatMap((substitution) => substitution.commands);
      const command: SimpleCommand = {
        words,
        redirects,
        cwd: scope.cwd,
        stdin,
        processSubstitutions: processCommands,
        substitutions: this.substitutions,
        files: scope.files,
        background,
        text: node.text,
      };
      this.walker.result.commands.push(command);
      this.connectFeeds(command);
      if (words.length === 0) {
        for (const assignment of assignments) if (assignment) this.assign(assignment, scope, scope);
      } else if (
        isStatic(words[0]!) &&
        this.walker.callFunction(words[0]!, words.slice(1), scope, stdin)
      ) {
        // A function call: its body was walked with these arguments.
      } else {
        applyEffects(command, scope, commandScope);
        this.builtinStrings(words, scope);
      }
      return command;
    } finally {
      this.substitutions = savedSubstitutions;
      this.feeds = savedFeeds;
    }
  }

  /** A statement with redirections or a here-document (and what tree-sitter nests after `<<EOF`). */
  redirected(
    node: Node,
    scope: ShellScope,
    input: StandardInput | undefined,
  ): SimpleCommand | undefined {
    const body = node.childForFieldName('body');
    const redirects: Redirect[] = [];
    let stdin = input;
    let continuation: Node[] = [];
    const savedFeeds = this.feeds;
    const savedSubstitutions = this.substitutions;
    this.feeds = [];
    this.substitutions = [];
    for (const redirect of node.childrenForFieldName('redirect')) {
      if (!redirect) continue;
      if (redirect.type === 'heredoc_redirect') {
        stdin = { text: this.hereDocument(redirect, scope) };
        continuation = redirect.namedChildren.filter(
          (child): child is Node => child !== null && !child.type.startsWith('heredoc'),
        );
      } else if (redirect.type === 'herestring_redirect') {
        const word = redirect.namedChildren.find((child) => child !== null);
        stdin = { text: word ? `${this.walker.value(word, scope)}\n` : '\n' };
      } else redirects.push(...this.redirect(redirect, scope));
    }
    const feeds = this.feeds;
    const substitutions = this.substitutions;
    this.feeds = savedFeeds;
    this.substitutions = savedSubstitutions;
    let command: SimpleCommand | undefined;
    if (body?.type === 'command')
      command = this.command(body, scope, stdin, redirects, feeds, substitutions);
    else {
      const last = body ? this.walker.visit(body, scope, stdin) : undefined;
      command = {
        words: [],
        redirects,
        cwd: scope.cwd,
        stdin,
        processSubstitutions: substitutions.flatMap((item) => item.commands),
        substitutions,
        files: scope.files,
        background: false,
        text: node.text,
      };
      this.walker.result.commands.push(command);
      for (const feed of feeds) feed.producer = last ?? command;
      command = last ?? command;
    }
    if (continuation.length === 0) return command;
    const stages = continuation.flatMap((child) =>
      child.type === 'pipeline'
        ? child.namedChildren.filter((stage): stage is Node => stage !== null)
        : [child],
    );
    return this.walker.pipeline(stages, scope, {
      producer: command,
      text: command ? outputOf(command) : undefined,
    });
  }

  /** An assignment `name=value`, `name+=value`, `name=(...)`, `name[i]=value` into a scope. */
  assign(node: Node, scope: ShellScope, into: ShellScope): void {
    const nameNode = node.childForFieldName('name');
    const valueNode = node.childForFieldName('value');
    if (!nameNode) return;
    let name = nameNode.text;
    let element: number | undefined;
    if (nameNode.type === 'subscript') {
      name = nameNode.childForFieldName('name')?.text ?? name;
      const index = nameNode.childForFieldName('index');
      const indexValue = index ? this.walker.value(index, scope) : '';
      if (/[$`]/.test(indexValue)) this.walker.nested(`: ${indexValue}`, scope);
      element = /^\d+$/.test(indexValue) ? Number(indexValue) : -1;
    }
    const append = node.children.some((child) => child?.type === '+=');
    let values: string[] | undefined;
    if (valueNode?.type === 'array') {
      values = [];
      for (const item of valueNode.namedChildren) {
        if (!item) continue;
        for (const field of this.walker.fields(item, scope))
          values.push(field.replace(/^\[[^\]]*\]=/, ''));
      }
    } else values = [valueNode ? this.walker.value(valueNode, scope) : ''];
    const previous = into.get(name);
    if (element !== undefined) {
      if (element === -1 || !previous) into.set(name, undefined);
      else {
        const next = [...previous];
        next[element] = append ? (next[element] ?? '') + values[0] : values[0]!;
        into.set(name, next);
      }
    } else if (append) {
      if (!previous) into.set(name, undefined);
      else if (valueNode?.type === 'array') into.set(name, [...previous, ...values]);
      else into.set(name, [(previous[0] ?? '') + values[0], ...previous.slice(1)]);
    } else into.set(name, values);
    if (promptVariables.test(name))
      for (const value of values) this.walker.nested(`: ${value}`, scope);
    if (name === 'PROMPT_COMMAND') for (const value of values) this.walker.nested(value, scope);
  }

  /** `declare`, `typeset`, `local`, `export`, `readonly` with their assignments. */
  declaration(node: Node, scope: ShellScope): void {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'variable_assignment') this.assign(child, scope, scope);
      else if (child.type === 'variable_name') {
        if (!scope.variables.has(child.text)) scope.set(child.text, undefined);
      } else {
        const value = this.walker.value(child, scope);
        const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=([\s\S]*)$/.exec(value);
        if (/\[/.test(value) && /[$`]/.test(value)) this.walker.nested(`: ${value}`, scope);
        if (assignment) scope.set(assignment[1]!, assignment[2] ? undefined : [assignment[3]!]);
      }
    }
  }

  /** Strings inside `[[ ]]` that bash evaluates (subscripts of `-v`, arithmetic operands). */
  evaluatedStrings(node: Node, scope: ShellScope): void {
    for (const word of node.descendantsOfType(['string', 'raw_string', 'word', 'concatenation'])) {
      if (!word || word.parent?.type === 'concatenation') continue;
      const value = this.walker.value(word, scope);
      if (/[$`]/.test(value.replaceAll(DYNAMIC, ''))) this.walker.nested(`: ${value}`, scope);
    }
    if (/-(eq|ne|lt|le|gt|ge|v)\b/.test(node.text)) this.arithmetic(node, scope);
  }

  /** `$((...))`, `((...))`: variables whose values hold code run it when evaluated. */
  arithmetic(node: Node, scope: ShellScope): void {
    for (const name of new Set(node.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])) {
      for (const value of scope.variables.get(name) ?? []) {
        if (/[$`]/.test(value)) this.walker.nested(`: ${value}`, scope);
      }
    }
  }

  private builtinStrings(words: readonly string[], scope: ShellScope): void {
    if (!subscriptBuiltins.has(words[0]!)) return;
    for (const word of words.slice(1)) {
      if (/[$`]/.test(word.replaceAll(DYNAMIC, '')) && (words[0] === 'let' || /\[/.test(word)))
        this.walker.nested(`: ${word}`, scope);
    }
    if (words[0] === 'let' || words[0] === 'test' || words[0] === '[')
      for (const name of words
        .slice(1)
        .join(' ')
        .match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])
        for (const value of scope.variables.get(name) ?? [])
          if (/[$`]/.test(value)) this.walker.nested(`: ${value}`, scope);
  }

  private redirect(redirect: Node, scope: ShellScope): Redirect[] {
    const destination =
      redirect.childForFieldName('destination') ??
      redirect.namedChildren.find((child) => child?.type !== 'file_descriptor') ??
      null;
    if (!destination) return [];
    const operator = redirect.children.find((child) => child && !child.isNamed)?.text ?? '>';
    if (destination.type === 'process_substitution' && /[>]/.test(operator)) {
      const feed: Feed = { redirect: true };
      this.feeds.push(feed);
      return [{ operator, target: this.processSubstitution(destination, scope, feed) }];
    }
    return [{ operator, target: this.walker.value(destination, scope) }];
  }

  private hereDocument(redirect: Node, scope: ShellScope): string {
    const body = redirect.namedChildren.find((child) => child?.type === 'heredoc_body');
    if (!body) return '';
    const start =
      redirect.namedChildren.find((child) => child?.type === 'heredoc_start')?.text ?? '';
    if (/['"\\]/.test(start)) return body.text;
    let text = '';
    for (const child of body.children) {
      if (!child) continue;
      if (child.type === 'heredoc_content' || !child.isNamed)
        text += child.text.replace(/\\([$`\\])/g, '$1').replace(/\\\n/g, '');
      else text += this.walker.value(child, scope);
    }
    return text;
  }

  private substitutionOutput(node: Node, scope: ShellScope): string | undefined {
    this.walker.visited.add(node.id);
    if (node.text.startsWith('`') && /\\[`$\\]/.test(node.text))
      this.walker.nested(node.text.slice(1, -1).replace(/\\([`$\\])/g, '$1'), scope);
    const before = this.walker.result.commands.length;
    const children = node.namedChildren.filter((child): child is Node => child !== null);
    this.walker.visitChildren(node, scope.clone(), undefined);
    if (children.length !== 1) return undefined;
    const inner = this.walker.result.commands.slice(before);
    return staticPipelineOutput(
      inner.map((command) => ({
        words: command.words,
        input: command.stdin?.producer ? undefined : command.stdin?.text,
      })),
    );
  }

  private processSubstitution(node: Node, scope: ShellScope, given?: Feed): string {
    this.walker.visited.add(node.id);
    const path = `/dev/fd/${DYNAMIC}${++this.counter}`;
    const writesTo = node.text.startsWith('>(');
    const feed: Feed | undefined = writesTo ? (given ?? { redirect: false }) : undefined;
    if (feed && !given) this.feeds.push(feed);
    const before = this.walker.result.commands.length;
    const children = node.namedChildren.filter((child): child is Node => child !== null);
    const inner = scope.clone();
    for (const child of children) this.walker.visit(child, inner, feed);
    const commands = this.walker.result.commands.slice(before);
    const output =
      writesTo || children.length !== 1
        ? undefined
        : staticPipelineOutput(
            commands.map((command) => ({
              words: command.words,
              input: command.stdin?.producer ? undefined : command.stdin?.text,
            })),
          );
    this.substitutions.push({ path, commands, output });
    return path;
  }

  private connectFeeds(command: SimpleCommand): void {
    for (const feed of this.feeds) {
      feed.producer = command;
      feed.text = feed.redirect
        ? outputOf(command)
        : command.words[0] === 'tee'
          ? command.stdin?.text
          : undefined;
    }
    this.feeds = [];
  }

  private absolute(target: string, scope: ShellScope): string {
    return isAbsolute(target) || scope.cwd === undefined ? target : resolve(scope.cwd, target);
  }
}
