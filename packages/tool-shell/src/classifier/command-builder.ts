import type { Node } from 'web-tree-sitter';
import { arithmetic, assign, builtinStrings, declaration, evaluatedStrings } from './assignments';
import { recordCompoundWrites } from './group-writes';
import { hashedProgram } from './hashed-programs';
import { type Feed, ProcessSubstitutions } from './process-substitutions';
import { applyEffects } from './scope-effects';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { isStatic } from './shell-word';
import type { ProcessSubstitution, Redirect, SimpleCommand, StandardInput } from './simple-command';
import { coprocessInput, inputFromRedirects } from './standard-input';
import { outputOf } from './static-output';
import { hereDocumentText, substitutionOutput } from './substitution-output';
import type { WordContext } from './word-evaluator';

/** Builds {@link SimpleCommand}s from command nodes, with redirections, here-documents and substitutions. */
export class CommandBuilder {
  private readonly substitutions: ProcessSubstitutions;

  constructor(private readonly walker: ScriptWalker) {
    this.substitutions = new ProcessSubstitutions(walker);
  }

  /** How words are evaluated in a scope: substitutions are walked in a subshell of it. */
  wordContext(scope: ShellScope): WordContext {
    return {
      scope,
      substitutionOutput: (node) => substitutionOutput(this.walker, node, scope),
      processSubstitution: (node) => this.substitutions.substitute(node, scope),
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
    const saved = this.substitutions.swap([...outerSubstitutions], [...outerFeeds]);
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
      const argumentNodes = node.childrenForFieldName('argument');
      let prefix = '';
      for (const [index, argument] of argumentNodes.entries()) {
        // `$"config"` as an argument parses as a `$` token then the string (`-$"rf"`: a `-$`
        // token): bash reads one word with a locale string, which without a message catalogue
        // is the string as written.
        const next = argumentNodes[index + 1];
        if (
          argument?.type === '$' &&
          next?.type === 'string' &&
          next.startIndex === argument.endIndex
        ) {
          prefix = argument.text.slice(0, -1);
          continue;
        }
        if (!argument) continue;
        if (prefix) words.push(prefix + this.walker.value(argument, scope));
        else words.push(...this.walker.fields(argument, scope));
        prefix = '';
      }
      if (words[0] !== undefined) words[0] = hashedProgram(words[0], scope, commandScope);
      const redirects = [...outer];
      let stdin = input;
      for (const redirect of node.childrenForFieldName('redirect')) {
        if (!redirect) continue;
        if (redirect.type === 'herestring_redirect') {
          const word = redirect.namedChildren.find((child) => child !== null);
          stdin = { text: word ? `${this.walker.hereString(word, scope)}\n` : '\n' };
        } else redirects.push(...this.substitutions.redirect(redirect, scope));
      }
      stdin = inputFromRedirects(words, redirects, stdin, scope);
      const background = node.nextSibling?.type === '&' || node.parent?.nextSibling?.type === '&';
      const processCommands = this.substitutions.list.flatMap(
        (substitution) => substitution.commands,
      );
      const prefixed = assignments.map(
        (assignment) => assignment?.childForFieldName('name')?.text ?? '',
      );
      const command: SimpleCommand = {
        environment: commandScope.environment(prefixed),
        words,
        redirects,
        cwd: scope.cwd,
        stdin,
        processSubstitutions: processCommands,
        substitutions: this.substitutions.list,
        files: scope.files,
        background,
        text: node.text,
      };
      this.walker.result.commands.push(command);
      this.substitutions.connect(command);
      coprocessInput(this.walker, command, scope);
      if (words.length === 0) {
        for (const assignment of assignments) if (assignment) this.assign(assignment, scope, scope);
      } else if (
        isStatic(words[0]!) &&
        this.walker.callFunction(words[0]!, words.slice(1), scope, stdin)
      ) {
        // A function call: its body was walked with these arguments.
      } else {
        applyEffects(command, scope, commandScope);
        builtinStrings(this.walker, words, scope);
        // A name bash does not find runs `command_not_found_handle NAME ARGS...` when defined:
        // any name might be missing, so the handler is judged with these arguments.
        if (
          isStatic(words[0]!) &&
          !words[0]!.includes('/') &&
          words[0] !== 'command_not_found_handle'
        )
          this.walker.callFunction('command_not_found_handle', words, scope, stdin);
      }
      return command;
    } finally {
      this.substitutions.swap(...saved);
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
    const saved = this.substitutions.swap([], []);
    // tree-sitter does not put a here-string of a compound statement in the `redirect` field.
    const redirectNodes = node.namedChildren.filter(
      (child): child is Node =>
        child !== null && child.id !== body?.id && /redirect$/.test(child.type),
    );
    for (const redirect of redirectNodes) {
      const descriptor = redirect.namedChildren.find((child) => child?.type === 'file_descriptor');
      if (redirect.type === 'heredoc_redirect' && descriptor && descriptor.text !== '0') {
        // `3<<EOF`: the text is read on descriptor 3 (`bash /dev/fd/3`), not standard input.
        const text = hereDocumentText(this.walker, redirect, scope);
        scope.files.set(`/dev/fd/${descriptor.text}`, { text, downloaded: false });
        continuation = redirect.namedChildren.filter(
          (child): child is Node =>
            child !== null &&
            !child.type.startsWith('heredoc') &&
            child.type !== 'word' &&
            child.type !== 'file_descriptor',
        );
      } else if (redirect.type === 'heredoc_redirect') {
        stdin = { text: hereDocumentText(this.walker, redirect, scope) };
        continuation = redirect.namedChildren.filter(
          (child): child is Node =>
            child !== null && !child.type.startsWith('heredoc') && child.type !== 'word',
        );
      } else if (redirect.type === 'herestring_redirect') {
        const word = redirect.namedChildren.find((child) => child !== null);
        stdin = { text: word ? `${this.walker.hereString(word, scope)}\n` : '\n' };
      } else redirects.push(...this.substitutions.redirect(redirect, scope));
    }
    const [substitutions, feeds] = this.substitutions.swap(...saved);
    let command: SimpleCommand | undefined;
    if (body?.type === 'command')
      command = this.command(body, scope, stdin, redirects, feeds, substitutions);
    else {
      // `while read l; do ...; done < <(cmd)` or `< file`: the loop reads cmd's output or the file.
      const from = redirects.find(
        (redirect) => redirect.operator === '<' && (redirect.descriptor ?? '0') === '0',
      );
      const fed = from && substitutions.find((item) => item.path === from.target);
      if (from && fed?.output !== undefined) stdin = { text: fed.output };
      else if (from) stdin = inputFromRedirects([], [from], stdin, scope);
      const start = this.walker.result.commands.length;
      const last = body ? this.walker.visit(body, scope, stdin) : undefined;
      if (body)
        recordCompoundWrites(
          redirects,
          body,
          last,
          this.walker.result.commands.slice(start),
          scope,
        );
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

  /** An assignment into a scope (see {@link assign}). */
  assign(node: Node, scope: ShellScope, into: ShellScope): void {
    assign(this.walker, node, scope, into);
  }

  /** A declaration (see {@link declaration}). */
  declaration(node: Node, scope: ShellScope): void {
    declaration(this.walker, node, scope);
  }

  /** Strings inside `[[ ]]` that bash evaluates. */
  evaluatedStrings(node: Node, scope: ShellScope): void {
    evaluatedStrings(this.walker, node, scope);
  }

  /** Variables in an arithmetic context whose values hold code. */
  arithmetic(node: Node, scope: ShellScope): void {
    arithmetic(this.walker, node, scope);
  }
}
