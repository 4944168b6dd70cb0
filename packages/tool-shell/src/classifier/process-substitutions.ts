import { basename } from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';
import type { ProcessSubstitution, Redirect, SimpleCommand } from './simple-command';
import { outputOf, staticPipelineOutput } from './static-output';

/** A `>(...)` whose input is only known once the command writing to it is built. */
export interface Feed {
  producer?: SimpleCommand;
  text?: string;
  /** Set for a redirection target (it gets the command's output), unset for an argument. */
  redirect: boolean;
}

let substitutionCounter = 0;

/**
 * The process substitutions and redirections of the command being built: `<(...)` is walked in
 * a subshell and becomes a `/dev/fd/...` file with its output when known; `>(...)` is fed what
 * the command writes to it (its output, for a redirection; `tee`'s input, for an argument).
 */
export class ProcessSubstitutions {
  /** The substitutions of the command being built. */
  list: ProcessSubstitution[] = [];
  /** The `>(...)` of the command being built, waiting for the command that writes to them. */
  feeds: Feed[] = [];

  constructor(private readonly walker: ScriptWalker) {}

  /** Starts collecting into the given lists; returns the ones collected so far, to restore. */
  swap(list: ProcessSubstitution[], feeds: Feed[]): [ProcessSubstitution[], Feed[]] {
    const saved: [ProcessSubstitution[], Feed[]] = [this.list, this.feeds];
    this.list = list;
    this.feeds = feeds;
    return saved;
  }

  /** A redirection: its operator, descriptor and target (a `>(...)` target is walked as a feed). */
  redirect(redirect: Node, scope: ShellScope): Redirect[] {
    const destination =
      redirect.childForFieldName('destination') ??
      redirect.namedChildren.find((child) => child?.type !== 'file_descriptor') ??
      null;
    if (!destination) return [];
    const operator =
      redirect.children
        .filter(
          (child) => child && child !== destination && (!child.isNamed || child.type === 'ERROR'),
        )
        .map((child) => child!.text)
        .join('') || '>';
    const descriptor = redirect.childForFieldName('descriptor')?.text;
    if (destination.type === 'process_substitution' && /[>]/.test(operator)) {
      const feed: Feed = { redirect: true };
      this.feeds.push(feed);
      return [{ operator, descriptor, target: this.substitute(destination, scope, feed) }];
    }
    return [{ operator, descriptor, target: this.walker.value(destination, scope) }];
  }

  /** Walks a `<(...)` or `>(...)`; the `/dev/fd/...` name the program sees. */
  substitute(node: Node, scope: ShellScope, given?: Feed): string {
    this.walker.visited.add(node.id);
    const path = `/dev/fd/${DYNAMIC}${++substitutionCounter}`;
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
    this.list.push({ path, commands, output });
    const downloaded = commands.some((inner) =>
      /^(curl|wget|aria2c|fetch|http|https|xh)$/.test(basename(inner.words[0] ?? '')),
    );
    if (!writesTo) scope.files.set(path, { text: output, downloaded });
    return path;
  }

  /** Gives every `>(...)` collected so far the command that writes to it. */
  connect(command: SimpleCommand): void {
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
}
