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
      literalValue(arg.replace(/\)\s*$/, '')),
    );
    if (values.some((value) => value === undefined)) return undefined;
    const [format = '', ...rest] = values as string[];
    const printed = print[1] ? formatPrintf(format, rest) : `${values.join(' ')}\n`;
    if (printed === undefined) return undefined;
    output += printed;
  }
  return output;
}
