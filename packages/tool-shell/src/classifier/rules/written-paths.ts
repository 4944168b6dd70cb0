import { basename } from 'node:path';
import { downloadTargets } from '../download-targets';
import { scriptOutputs, tableOutputs } from './output-options';
import { operands, operandsSkipping } from './rule';

/** A path a command writes, and whether a whole folder may land there. */
export interface WrittenPath {
  /** The path as the command names it. */
  readonly path: string;
  /** A folder is written (a recursive copy, a move, an extraction): folders holding sensitive files count. */
  readonly folder: boolean;
  /** Files of names the command does not show are written inside it (an extraction, `rsync src/ dst`). */
  readonly contents?: boolean;
}

/** The value of `-t dir`, `-tdir`, `--target-directory dir` or `--target-directory=dir`. */
function targetDirectory(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') return undefined;
    if (arg === '-t' || arg === '--target-directory') return args[index + 1];
    if (arg.startsWith('--target-directory=')) return arg.slice('--target-directory='.length);
    if (/^-[A-Za-z]*t$/.test(arg)) return args[index + 1];
    if (/^-[A-Za-z]*t.+$/.test(arg) && !arg.startsWith('--'))
      return arg.slice(arg.indexOf('t') + 1);
  }
  return undefined;
}

/** Copies, moves and links: the destination, and inside it the name of each source. */
function copyDestinations(
  args: readonly string[],
  valued: RegExp,
  options: {
    readonly link?: boolean;
    readonly targetOption?: boolean;
    readonly contents?: boolean;
  } = {},
): WrittenPath[] {
  const files = operandsSkipping(args, valued);
  const directory = options.targetOption === false ? undefined : targetDirectory(args);
  const sources = directory !== undefined ? files : files.slice(0, -1);
  const destination =
    directory ?? (files.length > 1 ? files.at(-1) : options.link ? '.' : undefined);
  if (destination === undefined) return [];
  // rsync copies the contents of a source written with a trailing slash into the destination.
  const contents = options.contents === true && sources.some((source) => source.endsWith('/'));
  return [
    { path: destination, folder: true, ...(contents ? { contents } : {}) },
    ...sources.map((source) => ({ path: `${destination}/${basename(source)}`, folder: true })),
    // A link to a sensitive folder lets later writes through the link land in it.
    ...(options.link ? sources.map((source) => ({ path: source, folder: true })) : []),
  ];
}

/** The last answer for each argument list: several rules ask for the same command's writes. */
const answered = new WeakMap<readonly string[], { program: string; paths: WrittenPath[] }>();

/**
 * The files a command writes, read from its arguments the way the program reads them: `tee`,
 * `cp`/`mv`/`install`/`ln`/`rsync` destinations (with `-t`, and the source names inside a
 * destination folder), `sed -i` and `perl -i` files, `dd of=`, `truncate`, `chmod`/`chown`
 * targets, `curl -o`, `wget -O`, `tar -x -C`, `unzip -d`, `touch`. Redirections are read by the
 * caller.
 */
export function writtenPaths(program: string, args: readonly string[]): WrittenPath[] {
  // The rules of one command get the same (read-only) argument list: worked out once for them,
  // and the list returned is shared (callers only read it).
  const known = answered.get(args);
  if (known?.program === program) return known.paths;
  const paths = pathsWritten(program, args);
  answered.set(args, { program, paths });
  return paths;
}

function pathsWritten(program: string, args: readonly string[]): WrittenPath[] {
  switch (program) {
    case 'tee':
    case 'sponge':
      return operands(args).map((path) => ({ path, folder: false }));
    case 'cp':
    case 'mv':
      return copyDestinations(args, /^(-S|--suffix)$/);
    case 'install':
      return copyDestinations(args, /^(-S|--suffix|-m|--mode|-o|--owner|-g|--group)$/);
    case 'rsync':
      return copyDestinations(
        args,
        /^(-e|--rsh|--exclude|--include|--filter|-f|--exclude-from|--include-from|--files-from|--rsync-path|--log-file|-T|--temp-dir|--backup-dir|--suffix|--chmod|--chown)$/,
        { targetOption: false, contents: true },
      );
    case 'ln':
      return copyDestinations(args, /^(-S|--suffix)$/, { link: true });
    case 'sed': {
      const scripted = scriptOutputs(program, args) ?? [];
      if (!args.some((arg) => /^-[^-]*i/.test(arg) || arg.startsWith('--in-place')))
        return scripted;
      const expression = args.some(
        (arg) => arg === '-e' || arg === '-f' || /^--(expression|file)/.test(arg),
      );
      const files = operandsSkipping(args, /^(-e|-f|--expression|--file|-l|--line-length)$/);
      return [
        ...scripted,
        ...(expression ? files : files.slice(1)).map((path) => ({ path, folder: false })),
      ];
    }
    case 'perl':
      if (!args.some((arg) => /^-[^-]*i/.test(arg))) return [];
      return operandsSkipping(args, /^(-e|-E|-M|-I)$/).map((path) => ({ path, folder: false }));
    case 'dd':
      return args
        .filter((arg) => arg.startsWith('of='))
        .map((arg) => ({ path: arg.slice(3), folder: false }));
    case 'truncate':
    case 'touch':
      return operandsSkipping(args, /^(-s|--size|-r|--reference|-d|--date|-t)$/).map((path) => ({
        path,
        folder: false,
      }));
    case 'chmod':
    case 'chown':
    case 'chgrp':
      return operands(args)
        .slice(args.some((arg) => arg.startsWith('--reference')) ? 0 : 1)
        .map((path) => ({
          path,
          folder: args.some((arg) => /^-[^-]*R/.test(arg) || arg === '--recursive'),
        }));
    case 'curl':
    case 'wget':
      // The named file, or the remote name in the --output-dir / -P folder.
      return downloadTargets(program, args).map((path) => ({ path, folder: false }));
    case 'cpio':
      // GNU cpio's copy-in mode keeps absolute and `..` member names unless told otherwise: the
      // archive writes wherever its names point.
      return args.some((arg) => /^(-[A-Za-z]*i[A-Za-z]*|--extract)$/.test(arg)) &&
        !args.includes('--no-absolute-filenames')
        ? [{ path: '/', folder: true }]
        : [];
    case 'tar':
    case 'bsdtar':
    case 'unzip':
    case '7z': {
      const extracting =
        program === 'unzip' ||
        (program === '7z'
          ? /^[ex]$/.test(args[0] ?? '')
          : args.some(
              (arg, index) =>
                arg === '--extract' ||
                arg === '--get' ||
                (/^[^-]*x/.test(arg) && index === 0) ||
                /^-[A-Za-z]*x/.test(arg),
            ));
      if (!extracting) return [];
      // `-P` keeps absolute member names: the archive writes wherever its names point.
      if (
        program !== 'unzip' &&
        args.some(
          (arg, index) =>
            arg === '--absolute-names' ||
            /^-[A-Za-z]*P[A-Za-z]*$/.test(arg) ||
            (index === 0 && /^[A-Za-z]*x[A-Za-z]*$/.test(arg) && arg.includes('P')),
        )
      )
        return [{ path: '/', folder: true }];
      const flag = program === 'unzip' ? /^-d$/ : /^(-C|--directory)$/;
      return args.flatMap((arg, index) =>
        flag.test(arg) && args[index + 1]
          ? [{ path: args[index + 1]!, folder: true, contents: true }]
          : arg.startsWith('--directory=')
            ? [{ path: arg.slice('--directory='.length), folder: true, contents: true }]
            : program === '7z' && arg.startsWith('-o') && arg.length > 2
              ? [{ path: arg.slice(2), folder: true, contents: true }]
              : /^-[A-Za-z]*C.+$/.test(arg) && program !== 'unzip'
                ? [{ path: arg.slice(arg.indexOf('C') + 1), folder: true, contents: true }]
                : // unzip takes the folder attached too (`-d/`, `-qd/tmp`).
                  program === 'unzip' && /^-[A-Za-z]*d.+$/.test(arg)
                  ? [{ path: arg.slice(arg.indexOf('d') + 1), folder: true, contents: true }]
                  : [],
      );
    }
    case 'find':
      // `-fprint FILE`, `-fprint0 FILE`, `-fprintf FILE FORMAT`, `-fls FILE` write FILE.
      return args.flatMap((arg, index) =>
        /^-(fprint0?|fprintf|fls)$/.test(arg) && args[index + 1] !== undefined
          ? [{ path: args[index + 1]!, folder: false }]
          : [],
      );
    case 'git':
      // `git archive -o FILE`.
      if (args.includes('archive')) {
        const at = args.findIndex((arg) => arg === '-o' || arg === '--output');
        if (at !== -1 && args[at + 1]) return [{ path: args[at + 1]!, folder: false }];
      }
      // `git log|diff|show|format-patch --output=FILE` (`-o DIR` for format-patch).
      return args.flatMap((arg, index): WrittenPath[] =>
        arg.startsWith('--output=')
          ? [{ path: arg.slice(9), folder: false }]
          : arg === '--output' && args[index + 1] !== undefined
            ? [{ path: args[index + 1]!, folder: false }]
            : (arg === '-o' || arg === '--output-directory') && args.includes('format-patch')
              ? [{ path: args[index + 1] ?? '.', folder: true }]
              : [],
      );
    default:
      return tableOutputs(program, args) ?? [];
  }
}
