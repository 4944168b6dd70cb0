import { resolve } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { deviceListingOutput } from './device-listing';
import { quoteForShell } from './rules/deletion-rules';
import type { ScriptWalker } from './script-walker';
import type { ShellScope } from './shell-scope';
import { DYNAMIC, isStatic } from './shell-word';
import { staticPipelineOutput } from './static-output';
import { normalizePath } from './target-paths';

/**
 * The text a here-document feeds: as written when its delimiter is quoted, otherwise with its
 * expansions and substitutions evaluated (and walked) like a double-quoted string.
 */
export function hereDocumentText(walker: ScriptWalker, redirect: Node, scope: ShellScope): string {
  const body = redirect.namedChildren.find((child) => child?.type === 'heredoc_body');
  if (!body) return '';

  const startNode = redirect.namedChildren.find((child) => child?.type === 'heredoc_start');
  const start = startNode?.text ?? '';
  // tree-sitter sometimes reads the first body line as words of the redirection (a body that
  // starts with a backslash): then the body is taken from the source lines, as bash does.
  const misread = redirect.namedChildren.some((child) => child?.type === 'word');
  if (misread && startNode) {
    const raw = bodyFromSource(redirect, startNode, start);
    if (!/['"\\]/.test(start)) for (const code of embeddedCode(raw)) walker.nested(code, scope);
    return raw;
  }
  if (/['"\\]/.test(start)) return body.text;
  let text = '';
  for (const child of body.children) {
    if (!child) continue;
    if (child.type === 'heredoc_content' || !child.isNamed) {
      // tree-sitter leaves some substitutions as plain content (backticks, `<<-` bodies).
      for (const code of embeddedCode(child.text)) walker.nested(code, scope);
      text += child.text.replace(/\\([$`\\])/g, '$1').replace(/\\\n/g, '');
    } else text += walker.value(child, scope);
  }
  if (body.childCount === 0) {
    for (const code of embeddedCode(body.text)) walker.nested(code, scope);
    return body.text.replace(/\\([$`\\])/g, '$1').replace(/\\\n/g, '');
  }
  return text;
}

/** The bodies of unescaped backtick and `$(...)` substitutions in text bash expands. */
export function embeddedCode(text: string): string[] {
  const found: string[] = [];
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (character === '`') {
      const end = text.indexOf('`', index + 1);
      if (end === -1) break;
      found.push(text.slice(index + 1, end).replace(/\\([`$\\])/g, '$1'));
      index = end;
    } else if (character === '$' && text[index + 1] === '(' && text[index + 2] !== '(') {
      let depth = 0;
      let end = index + 1;
      for (; end < text.length; end++) {
        if (text[end] === '(') depth++;
        else if (text[end] === ')' && --depth === 0) break;
      }
      found.push(text.slice(index + 2, end));
      index = end;
    }
  }
  return found;
}

/**
 * Walks a `$(...)` or backtick substitution in a subshell; its output when it is a literal
 * pipeline (`$(echo rm)`). A backtick body with escaped backticks is also judged as the script
 * bash makes of it after removing one level of backslashes (nested backticks).
 */
export function substitutionOutput(
  walker: ScriptWalker,
  node: Node,
  scope: ShellScope,
): string | undefined {
  walker.visited.add(node.id);
  if (node.text.startsWith('`') && /\\[`$\\]/.test(node.text))
    walker.nested(node.text.slice(1, -1).replace(/\\([`$\\])/g, '$1'), scope);
  const before = walker.result.commands.length;
  const children = node.namedChildren.filter((child): child is Node => child !== null);
  walker.visitChildren(node, scope.clone(), undefined);
  const inner = walker.result.commands.slice(before);
  const last = inner.at(-1);
  if (last?.words[0] === 'pwd' && last.cwd !== undefined && last.words.length <= 2)
    return `${last.cwd}\n`;
  // `realpath PATH`, `readlink -f|-e|-m PATH`: the path made absolute (without touching the disk).
  const [tool, ...toolArgs] = last?.words ?? [];
  const operand = toolArgs.filter((arg) => !arg.startsWith('-'));
  if (
    last &&
    inner.length === 1 &&
    (tool === 'realpath' ||
      (tool === 'readlink' && toolArgs.some((arg) => /^-[a-z]*[fem]/.test(arg)))) &&
    operand.length === 1 &&
    isStatic(operand[0]!) &&
    (operand[0]!.startsWith('/') || last.cwd !== undefined)
  )
    return `${normalizePath(operand[0]!, last.cwd)}\n`;
  if (children.length === 1 && children[0]!.type === 'file_redirect' && /^\$\(\s*</.test(node.text))
    return fileContents(walker, children[0]!, scope);
  if (children.length !== 1) return undefined;
  return (
    staticPipelineOutput(
      inner.map((command) => ({
        words: command.words,
        input: command.stdin?.producer ? undefined : command.stdin?.text,
      })),
    ) ?? deviceListingOutput(inner)
  );
}

/**
 * `$(<FILE)` reads FILE, as `cat FILE` would (judged as that read: secrets outside the
 * workspace warn); its text is the output when the same command wrote it earlier.
 */
function fileContents(walker: ScriptWalker, redirect: Node, scope: ShellScope): string | undefined {
  const destination = redirect.childForFieldName('destination') ?? redirect.lastNamedChild;
  const target = destination ? walker.value(destination, scope) : DYNAMIC;
  walker.nested(`cat -- ${quoteForShell(target)}`, scope);
  if (!isStatic(target) || (!target.startsWith('/') && scope.cwd === undefined)) return undefined;
  const text = scope.files.get(resolve(scope.cwd ?? '/', target))?.text;
  return text !== undefined && isStatic(text) ? text : undefined;
}

/** The lines after the here-document operator, up to its delimiter line (tabs stripped for `<<-`). */
function bodyFromSource(redirect: Node, startNode: Node, start: string): string {
  let root = redirect;
  while (root.parent) root = root.parent;
  const delimiter = start.replace(/^-/, '').replace(/['"\\]/g, '');
  const strip = redirect.text.includes('<<-');
  const lines = root.text.split('\n').slice(startNode.startPosition.row + 1);
  const body: string[] = [];
  for (const line of lines) {
    if ((strip ? line.replace(/^\t+/, '') : line) === delimiter) break;
    body.push(strip ? line.replace(/^\t+/, '') : line);
  }
  return body.length ? `${body.join('\n')}\n` : '';
}
