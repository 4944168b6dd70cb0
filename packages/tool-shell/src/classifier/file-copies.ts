import { basename, join } from 'node:path';
import { ownEntry } from './own-entry';
import type { ShellScope, WrittenFile } from './shell-scope';
import type { SimpleCommand } from './simple-command';

/** Options of copy-like programs that take a value (skipped when finding operands). */
const valued: Record<string, RegExp> = {
  tar: /^-[fCT]$|^--(file|directory|files-from)$/,
  unzip: /^-[dx]$/,
  cp: /^-[St]$|^--(suffix|target-directory)$/,
  mv: /^-[St]$|^--(suffix|target-directory)$/,
  install: /^-[mogSt]$|^--(mode|owner|group|suffix|target-directory)$/,
  rsync: /^-[eBfT]$|^--(rsh|filter|exclude|include|temp-dir|chmod|chown)$/,
  sort: /^-[kStT]$|^--(key|field-separator|buffer-size|temporary-directory)$/,
  split: /^-[lbnaC]$|^--(lines|bytes|number|suffix-length|line-bytes)$/,
  uniq: /^-[fsw]$|^--(skip-fields|skip-chars|check-chars)$/,
};

type Transform = (text: string) => string;

interface Copy {
  readonly sources: readonly string[];
  readonly target: string;
  /** The target is a folder receiving the sources by name (`cp a b dir/`, `-t dir`). */
  readonly folder?: boolean;
  /** The target is a prefix of file names (`split t p_` writes `p_aa`, `p_ab`, ...). */
  readonly prefix?: boolean;
  readonly transform?: Transform;
  /** An archive unpacked into the target folder: only whether it was downloaded carries over. */
  readonly unpacked?: boolean;
}

function operands(
  program: string,
  args: readonly string[],
): { list: string[]; values: Map<string, string> } {
  const list: string[] = [];
  const values = new Map<string, string>();
  const takes = ownEntry(valued, program);
  let ended = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (ended || !arg.startsWith('-') || arg === '-') list.push(arg);
    else if (arg === '--') ended = true;
    else if (takes?.test(arg)) values.set(arg, args[++index] ?? '');
    else if (/^--[^=]+=/.test(arg))
      values.set(arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1));
    else if (/^-[a-zA-Z]*o./.test(arg) && program === 'sort')
      values.set('-o', arg.slice(arg.indexOf('o') + 1));
    else if (arg === '-o' && program === 'sort') values.set('-o', args[++index] ?? '');
  }
  return { list, values };
}

/** What a copy-like program copies where: `cp`, `mv`, `install`, `rsync`, `git mv`, `dd`, `sort -o`, `uniq IN OUT`, `split`, `cat FILE > OUT`. */
function copiesOf(command: SimpleCommand): Copy[] {
  const [name = '', ...rest] = command.words;
  let program = basename(name);
  let args = rest;
  if (program === 'git' && args[0] === 'mv') {
    program = 'mv';
    args = args.slice(1);
  }
  if (program === 'dd') {
    const source = args.find((arg) => arg.startsWith('if='))?.slice(3);
    const target = args.find((arg) => arg.startsWith('of='))?.slice(3);
    return source && target ? [{ sources: [source], target }] : [];
  }
  const { list, values } = operands(program, args);
  switch (program) {
    case 'cp':
    case 'mv':
    case 'install':
    case 'rsync':
    case 'ln': {
      if (program === 'ln' && args.some((arg) => /^-[a-zA-Z]*s|^--symbolic$/.test(arg))) return [];
      const folder = values.get('-t') ?? values.get('--target-directory');
      if (folder) return [{ sources: list, target: folder, folder: true }];
      if (list.length < 2) return [];
      return [{ sources: list.slice(0, -1), target: list.at(-1)!, folder: list.length > 2 }];
    }
    case 'sort': {
      const target = values.get('-o') ?? values.get('--output');
      const sortLines: Transform = (text) =>
        `${text.replace(/\n$/, '').split('\n').sort().join('\n')}\n`;
      return target ? [{ sources: list, target, transform: sortLines }] : [];
    }
    case 'uniq': {
      if (list.length !== 2) return [];
      const unique: Transform = (text) =>
        text
          .split('\n')
          .filter((line, index, lines) => index === 0 || line !== lines[index - 1])
          .join('\n');
      return [{ sources: [list[0]!], target: list[1]!, transform: unique }];
    }
    case 'split':
    case 'csplit':
      return list.length ? [{ sources: [list[0]!], target: list[1] ?? 'x', prefix: true }] : [];
    case 'tac': {
      const out = command.redirects.find((redirect) => /^(>|>\||&>)$/.test(redirect.operator));
      const reverse: Transform = (text) =>
        `${text.replace(/\n$/, '').split('\n').reverse().join('\n')}\n`;
      return out && list.length ? [{ sources: list, target: out.target, transform: reverse }] : [];
    }
    case 'tar':
    case 'bsdtar':
    case 'unzip':
    case '7z':
    case 'cpio': {
      // An archive unpacked: what comes out is as trusted as the archive (`-C DIR`, `-d DIR`).
      const archive =
        values.get('-f') ??
        list.find((arg) => /\.(t?gz|tar|tbz2?|txz|zip|7z|xz|bz2|zst|cpio)$/.test(arg)) ??
        (/^-?[a-zA-Z]*f$/.test(args[0] ?? '') ? args[1] : undefined);
      const folder = values.get('-C') ?? values.get('--directory') ?? values.get('-d') ?? '.';
      return archive ? [{ sources: [archive], target: folder, prefix: true, unpacked: true }] : [];
    }
    case 'cat': {
      const out = command.redirects.find((redirect) => /^(>|>\||&>)$/.test(redirect.operator));
      return out && list.length ? [{ sources: list, target: out.target }] : [];
    }
    default:
      return [];
  }
}

/**
 * Records the files that copy-like programs write from files written earlier in the same
 * command (`echo ... > x; dd if=x of=y; sh y`), with their content when it is known.
 */
export function recordCopies(
  command: SimpleCommand,
  scope: ShellScope,
  where: (path: string) => string | undefined,
): void {
  for (const copy of copiesOf(command)) {
    const known = copy.sources.map((source) => {
      const path = where(source);
      return path === undefined ? undefined : scope.files.get(path);
    });
    if (!known.some((file) => file !== undefined)) continue;
    const target = where(copy.target);
    if (!target) continue;
    const joined: WrittenFile = {
      downloaded: known.some((file) => file?.downloaded),
      ...(known.every((file) => file?.text !== undefined)
        ? {
            text: (copy.transform ?? ((text: string) => text))(
              known.map((file) => file!.text).join(''),
            ),
          }
        : {}),
    };
    if (copy.unpacked) {
      if (joined.downloaded) scope.files.set(join(target, '*'), { downloaded: true });
    } else if (copy.prefix) scope.files.set(`${target}*`, joined);
    else if (copy.folder)
      copy.sources.forEach((source, index) => {
        const file = known[index];
        if (file) scope.files.set(join(target, basename(source)), file);
      });
    else {
      scope.files.set(target, joined);
      // `cp x dir` copies into the folder when it exists.
      if (copy.sources.length === 1)
        scope.files.set(join(target, basename(copy.sources[0]!)), joined);
    }
  }
}
