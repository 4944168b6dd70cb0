import { callArgumentsAt, literalValue } from './interpreter-effects';
import { formatPrintf } from './printf-format';

/**
 * What `sed` prints for its input when its script only substitutes (`s/X/m/`, `s|a|b|g`,
 * several `-e` or `;`-separated commands, `y/abc/xyz/`), basic or extended (`-E`, `-r`)
 * regular expressions; undefined for anything else.
 */
export function sedOutput(args: readonly string[], input: string | undefined): string | undefined {
  if (input === undefined) return undefined;
  const scripts: string[] = [];
  let extended = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-e' || arg === '--expression') scripts.push(args[++index] ?? '');
    else if (arg.startsWith('--expression=')) scripts.push(arg.slice(13));
    else if (arg === '-E' || arg === '-r' || arg === '--regexp-extended') extended = true;
    else if (arg.startsWith('-')) return undefined;
    else if (scripts.length === 0) scripts.push(arg);
    else return undefined;
  }
  let lines = input.split('\n');
  const trailing = input.endsWith('\n');
  if (trailing) lines.pop();
  for (const script of scripts) {
    const commands = parseSubstitutions(script, extended);
    if (commands === undefined) return undefined;
    lines = lines.map((line) => commands.reduce((text, apply) => apply(text), line));
  }
  return `${lines.join('\n')}${trailing ? '\n' : ''}`;
}

type Substitution = (line: string) => string;

function parseSubstitutions(script: string, extended: boolean): Substitution[] | undefined {
  const commands: Substitution[] = [];
  let index = 0;
  while (index < script.length) {
    const character = script[index]!;
    if (/[\s;]/.test(character)) {
      index++;
      continue;
    }
    if (character !== 's' && character !== 'y') return undefined;
    const delimiter = script[index + 1];
    if (delimiter === undefined || /[\s\\\n]/.test(delimiter)) return undefined;
    const parts: string[] = [];
    let part = '';
    index += 2;
    while (index < script.length && parts.length < 2) {
      const next = script[index]!;
      if (next === '\\' && script[index + 1] === delimiter) {
        part += delimiter;
        index += 2;
      } else if (next === '\\') {
        part += next + (script[index + 1] ?? '');
        index += 2;
      } else if (next === delimiter) {
        parts.push(part);
        part = '';
        index++;
      } else {
        part += next;
        index++;
      }
    }
    if (parts.length < 2) return undefined;
    const flags = /^[gpiI0-9]*/.exec(script.slice(index))![0];
    index += flags.length;
    const [from, to] = parts as [string, string];
    if (character === 'y') {
      if (from.length !== to.length) return undefined;
      commands.push((line) => [...line].map((c) => to[from.indexOf(c)] ?? c).join(''));
      continue;
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(
        extended ? from : basicToExtended(from),
        `${flags.includes('g') ? 'g' : ''}${/[iI]/.test(flags) ? 'i' : ''}`,
      );
    } catch {
      return undefined;
    }
    const replacement = to
      .replace(/\$/g, '$$$$')
      .replace(/\\([1-9])/g, '$$$1')
      .replace(/(^|[^\\])&/g, '$1$$&')
      .replace(/\\(.)/g, '$1');
    commands.push((line) => line.replace(pattern, replacement));
  }
  return commands;
}

/** A POSIX basic regular expression as a JavaScript one (`\(` groups, `(` literal). */
function basicToExtended(basic: string): string {
  let out = '';
  for (let index = 0; index < basic.length; index++) {
    const character = basic[index]!;
    if (character === '\\' && index + 1 < basic.length) {
      const next = basic[++index]!;
      out += /[(){}+?|]/.test(next) ? next : `\\${next}`;
    } else out += /[(){}+?|]/.test(character) ? `\\${character}` : character;
  }
  return out;
}

/**
 * What an awk program made only of `BEGIN { print ...; printf ... }` with literal arguments
 * prints (`awk 'BEGIN{print "rm -rf ~"}'`); undefined for anything else.
 */
export function awkBeginOutput(args: readonly string[]): string | undefined {
  if (args.length !== 1) return undefined;
  const body = /^\s*BEGIN\s*\{([\s\S]*)\}\s*$/.exec(args[0]!)?.[1];
  if (body === undefined) return undefined;
  let output = '';
  for (const statement of body.split(/[;\n]/)) {
    const text = statement.trim().replace(/\\n/g, '\n').replace(/\\t/g, '\t');
    if (text === '') continue;
    const print = /^print(f)?\b\s*(\(?)/.exec(text);
    if (!print) return undefined;
    const values = callArgumentsAt(text, print[0].length, print[2] === '(').map((arg) =>
      /^\s*\d+\s*\)?\s*$/.test(arg)
        ? arg.replace(/[\s)]/g, '')
        : literalValue(arg.replace(/\)\s*$/, '')),
    );
    if (values.some((value) => value === undefined)) return undefined;
    const [format = '', ...given] = values as string[];
    // awk's %c of a number is the character with that code.
    const conversions = [...format.matchAll(/%[-+ #0]*\d*(?:\.\d*)?([a-zA-Z%])/g)]
      .map((match) => match[1])
      .filter((conversion) => conversion !== '%');
    const rest = given.map((arg, index) =>
      conversions[index] === 'c' && /^\d+$/.test(arg) ? String.fromCharCode(Number(arg)) : arg,
    );
    const printed = print[1] ? formatPrintf(format, rest) : `${values.join(' ')}\n`;
    if (printed === undefined) return undefined;
    output += printed;
  }
  return output;
}

/** Marks text compressed by a known compressor (its bytes are not computed, only undone). */
const compressed = '\u{E021}';

/**
 * What `head`/`tail -n N`, `cut -cA-B`, compressors and their decompressors (a round trip gives
 * the input back), `openssl base64 -d` and `jq -r '"literal"'` print for a known input.
 */
export function lineFilterOutput(
  name: string,
  args: readonly string[],
  input: string | undefined,
): string | undefined {
  switch (name) {
    case 'head':
    case 'tail': {
      // `head -1`, `head -n 2`, `tail -n1`: the first or last lines.
      const count = /^-(?:n\s*)?(\d+)$/.exec(args.join(' ').replace(/^-n /, '-n'))?.[1];
      if (input === undefined || (args.length > 0 && count === undefined)) return undefined;
      const lines = input.replace(/\n$/, '').split('\n');
      const n = Number(count ?? 10);
      const kept = name === 'head' ? lines.slice(0, n) : lines.slice(-n);
      return `${kept.join('\n')}\n`;
    }
    case 'cut': {
      const range = /^-c\s*(\d*)-(\d*)$/.exec(args.join(' ').replace(/^-c /, '-c'));
      if (input === undefined || !range) return undefined;
      const from = Number(range[1] || 1) - 1;
      const to = range[2] ? Number(range[2]) : undefined;
      return input
        .split('\n')
        .map((line) => line.slice(from, to))
        .join('\n');
    }
    case 'gzip':
    case 'gunzip':
    case 'zcat':
    case 'xz':
    case 'unxz':
    case 'bzip2':
    case 'bunzip2': {
      // Compressing then decompressing gives the input back (`echo ... | gzip | gunzip`).
      if (input === undefined) return undefined;
      const decompress =
        /^(gunzip|zcat|unxz|bunzip2)$/.test(name) ||
        args.some((arg) => /^-[a-z]*d|^--decompress$/.test(arg));
      if (!decompress) return `${compressed}${input}`;
      return input.startsWith(compressed) ? input.slice(compressed.length) : undefined;
    }
    case 'openssl': {
      // `openssl base64 -d`, `openssl enc -d -base64`.
      const base64 =
        args[0] === 'base64' ||
        (args[0] === 'enc' && args.some((arg) => /^-(base64|a)$/.test(arg)));
      if (input === undefined || !base64 || !args.includes('-d')) return undefined;
      return Buffer.from(input.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    case 'jq': {
      // `jq -r '"text"'`: a string literal program prints the string.
      const program = args.filter((arg) => !arg.startsWith('-'));
      const literal = program.length === 1 ? /^"((?:\\.|[^"\\])*)"$/.exec(program[0]!) : null;
      if (!literal || !args.some((arg) => /^-[a-zA-Z]*r|^--raw-output$/.test(arg)))
        return undefined;
      return `${literal[1]!.replace(/\\(.)/g, '$1')}\n`;
    }
    default:
      return undefined;
  }
}
