import { basename, dirname, resolve } from 'node:path';
import { formatPrintf } from './printf-format';
import { DYNAMIC, isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { awkBeginOutput, lineFilterOutput, sedOutput } from './text-filters';

/**
 * The output of a short pipeline of pure text commands (`echo`, `printf`, `base64 -d`,
 * `xxd -r -p`, `cat`, `rev`) when it is known without running anything, so that
 * `echo cm0gLXJmIC8= | base64 -d | sh` can be read as the `rm -rf /` it runs.
 */
export function staticPipelineOutput(
  stages: readonly { words: readonly string[]; input?: string }[],
): string | undefined {
  let current: string | undefined;
  for (const [index, stage] of stages.entries()) {
    const input = stage.input ?? (index === 0 ? undefined : current);
    current = simulate(stage.words, input);
    if (current === undefined) return undefined;
  }
  return current;
}

/** The output of one command when it is known without running anything. */
export function outputOf(command: SimpleCommand): string | undefined {
  if (command.output !== undefined) return command.output;
  const read = readFiles(command);
  return staticPipelineOutput([read ?? { words: command.words, input: command.stdin?.text }]);
}

/** Filters that read files named as operands instead of their input. */
const fileReaders = /^(cat|tac|sort|uniq|rev|base64|base32|xxd|tr)$/;

/**
 * A filter reading files written earlier in the command (`cat x`, `sort t`, `base64 -d f`), as
 * the same filter reading their text on its input; undefined otherwise.
 */
export function readFiles(
  command: SimpleCommand,
): { words: readonly string[]; input: string } | undefined {
  const [name, ...args] = command.words;
  if (name === undefined || !fileReaders.test(basename(name)) || command.cwd === undefined)
    return undefined;
  const files = args.filter((arg) => !arg.startsWith('-') || arg === '-');
  if (files.length === 0 || basename(name) === 'tr') return undefined;
  const texts = files.map((file) =>
    file === '-' ? command.stdin?.text : command.files?.get(resolve(command.cwd!, file))?.text,
  );
  if (texts.some((text) => text === undefined || !isStatic(text))) return undefined;
  return { words: [name, ...args.filter((arg) => !files.includes(arg))], input: texts.join('') };
}

function simulate(words: readonly string[], input: string | undefined): string | undefined {
  if (words.length === 0 || !isStatic(words[0]!)) return undefined;
  // echo and printf print what they are given: an unknown part stays an unknown part of the
  // output (`printf '%s\n' wipefs -${v}a /dev/sda` is three lines, one partly unknown).
  const name = basename(words[0]!);
  if (!words.every((word) => isStatic(word)) && name !== 'echo' && name !== 'printf')
    return undefined;
  if (input !== undefined && !isStatic(input) && !/^(cat|tr|echo|printf)$/.test(name))
    return undefined;
  if (name === 'find') return findOutput(words.slice(1));
  if (/^(locate|plocate|mlocate|slocate)$/.test(name)) return locateOutput(words.slice(1));
  const args = words.slice(1);
  switch (name) {
    case 'echo': {
      let index = 0;
      while (args[index] === '-n' || args[index] === '-e' || args[index] === '-E') index++;
      return `${args.slice(index).join(' ')}${args.includes('-n') ? '' : '\n'}`;
    }
    case 'printf': {
      // After `--` the format may start with `-` (`printf -- '-/'` prints `-/`).
      const ended = args[0] === '--';
      const [format, ...rest] = ended ? args.slice(1) : args;
      if (format === undefined || (!ended && format.startsWith('-'))) return undefined;
      return formatPrintf(format, rest);
    }
    case 'which':
      return args
        .filter((arg) => !arg.startsWith('-'))
        .map((name) => `/usr/bin/${name}\n`)
        .join('');
    case 'command':
    case 'type':
      return args.length === 2 && /^-[vP]$/.test(args[0]!) ? `/usr/bin/${args[1]}\n` : undefined;
    case 'dirname':
      return args.length
        ? `${args
            .filter((arg) => !arg.startsWith('-'))
            .map((arg) => dirname(arg))
            .join('\n')}\n`
        : undefined;
    case 'basename':
      return args[0] && !args[0].startsWith('-') ? `${basename(args[0], args[1])}\n` : undefined;
    case 'mktemp':
      return args.includes('-u') ? undefined : `/tmp/tmp.${DYNAMIC}\n`;
    case 'head':
    case 'tail':
    case 'gzip':
    case 'gunzip':
    case 'zcat':
    case 'bzip2':
    case 'bunzip2':
    case 'xz':
    case 'unxz':
    case 'zstd':
    case 'unzstd':
    case 'openssl':
      return passThrough(name, args, input);
    case 'tr': {
      if (input !== undefined && args.length === 2 && args[0] === '-d') {
        const removed = characterSet(args[1]!);
        return [...input].filter((character) => !removed.includes(character)).join('');
      }
      if (input === undefined || args.length !== 2 || args.some((arg) => arg.startsWith('-')))
        return undefined;
      const from = characterSet(args[0]!);
      const to = characterSet(args[1]!);
      return [...input]
        .map((character) => {
          const at = from.indexOf(character);
          return at === -1 ? character : (to[Math.min(at, to.length - 1)] ?? '');
        })
        .join('');
    }
    case 'cat':
      return args.length === 0 || (args.length === 1 && args[0] === '-') ? input : undefined;
    case 'tac':
    case 'sort':
    case 'uniq': {
      if (input === undefined || args.length > 0) return undefined;
      const lines = input.replace(/\n$/, '').split('\n');
      const result =
        name === 'tac'
          ? lines.reverse()
          : name === 'sort'
            ? [...lines].sort()
            : lines.filter((line, index) => index === 0 || lines[index - 1] !== line);
      return `${result.join('\n')}\n`;
    }
    case 'base64':
      if (
        input === undefined ||
        !args.some((arg) => arg === '-d' || arg === '--decode' || arg === '-D')
      )
        return undefined;
      return Buffer.from(input.trim(), 'base64').toString('utf8');
    case 'basenc': {
      // `basenc --base64|--base64url|--base32|--base16 -d`.
      if (input === undefined || !args.some((arg) => arg === '-d' || arg === '--decode'))
        return undefined;
      const encoding = args.find((arg) => /^--base(64|64url|16)$/.test(arg));
      if (encoding === '--base16') return Buffer.from(input.trim(), 'hex').toString('utf8');
      return encoding
        ? Buffer.from(input.trim(), encoding === '--base64' ? 'base64' : 'base64url').toString(
            'utf8',
          )
        : undefined;
    }
    case 'base32':
      if (input === undefined || !args.some((arg) => arg === '-d' || arg === '--decode'))
        return undefined;
      return decodeBase32(input);
    case 'xxd':
      if (
        input === undefined ||
        !args.some((arg) => /^-[a-z]*r/.test(arg)) ||
        !args.some((arg) => /^-[a-z]*p/.test(arg))
      )
        return undefined;
      return Buffer.from(input.replace(/\s+/g, ''), 'hex').toString('utf8');
    case 'sed':
      return sedOutput(args, input);
    case 'awk':
    case 'gawk':
    case 'mawk':
      return awkBeginOutput(args);
    case 'rev':
      return input
        ?.split('\n')
        .map((line) => [...line].reverse().join(''))
        .join('\n');
    default:
      return lineFilterOutput(name, args, input);
  }
}

/**
 * What `find ROOTS EXPRESSION` prints, as far as known: paths under each root (unknown names),
 * and the root itself when no test filters it out.
 */
function findOutput(args: readonly string[]): string {
  let start = 0;
  while (start < args.length && /^-([HLP]+|D|O\d*)$/.test(args[start]!))
    start += args[start] === '-D' ? 2 : 1;
  const end = args.findIndex(
    (arg, index) => index >= start && (arg.startsWith('-') || arg === '(' || arg === '!'),
  );
  const roots = args.slice(start, end === -1 ? undefined : end);
  const filtered =
    end !== -1 &&
    args
      .slice(end)
      .some((arg) =>
        /^-(name|iname|path|ipath|regex|iregex|type|newer|mtime|mmin|size|empty|perm|user|group)$/.test(
          arg,
        ),
      );
  const listed = roots.length ? roots : ['.'];
  // `-printf TEXT` without directives prints TEXT for each file found (once at least).
  const printf = args.indexOf('-printf');
  const format = printf === -1 ? undefined : args[printf + 1];
  if (format !== undefined && !format.includes('%'))
    return formatPrintf(format.replace(/%/g, '%%'), []) ?? format;
  const separator = args.includes('-print0') ? '\0' : '\n';
  return `${listed.flatMap((root) => [...(filtered ? [] : [root]), `${root.replace(/\/?$/, '/')}${DYNAMIC}`]).join(separator)}${separator}`;
}

/**
 * Filters that pass their input through or cut it to whole lines: `head`/`tail -n N`, a
 * compressor and its decompressor in one pipeline (the text comes out as it went in), and
 * `openssl base64 -d`.
 */
function passThrough(name: string, args: readonly string[], input: string | undefined) {
  if (input === undefined) return undefined;
  if (name === 'openssl') {
    const decoding =
      args.includes('-d') &&
      (args[0] === 'base64' ||
        (args[0] === 'enc' && args.some((arg) => /^-(a|base64)$/.test(arg))));
    return decoding ? Buffer.from(input.trim(), 'base64').toString('utf8') : undefined;
  }
  if (name === 'head' || name === 'tail') {
    const joined = args.join(' ');
    const count =
      /^(?:-n\s*|--lines=|-)(\d+)$/.exec(joined)?.[1] ?? (args.length ? undefined : '10');
    if (count === undefined) return undefined;
    const lines = input.replace(/\n$/, '').split('\n');
    const kept = name === 'head' ? lines.slice(0, Number(count)) : lines.slice(-Number(count));
    return `${kept.join('\n')}\n`;
  }
  // Compressors and decompressors read standard input when given no file.
  return args.every((arg) => arg.startsWith('-')) ? input : undefined;
}

/** A `tr` set with its ranges spelled out (`A-Za-z`). */
function characterSet(set: string): string {
  return set.replace(/(.)-(.)/gs, (_match, from: string, to: string) => {
    let out = '';
    for (let code = from.charCodeAt(0); code <= to.charCodeAt(0) && out.length < 256; code++)
      out += String.fromCharCode(code);
    return out;
  });
}

function decodeBase32(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of text.replace(/[=\s]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(character);
    if (value === -1) return '';
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8)
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes).toString('utf8');
}

/**
 * What `locate PATTERN` prints: absolute paths anywhere on the machine whose name matches (a
 * plain name is the last component of some), one a line (`-0`: NUL-separated).
 */
function locateOutput(args: readonly string[]): string | undefined {
  if (args.some((arg) => /^(-[a-zA-Z]*[cSV]|--count|--statistics|--version|--help)$/.test(arg)))
    return undefined;
  const patterns = args.filter(
    (arg, index) =>
      !arg.startsWith('-') && !/^(-d|--database|-l|-n|--limit)$/.test(args[index - 1] ?? ''),
  );
  const separator = args.some((arg) => /^(-[a-zA-Z]*0|--null)$/.test(arg)) ? '\0' : '\n';
  const paths = (patterns.length ? patterns : ['']).map((pattern) =>
    /^[\w.@+-]+$/.test(pattern) ? `/${DYNAMIC}/${pattern}` : `/${DYNAMIC}`,
  );
  return `${paths.join(separator)}${separator}`;
}
