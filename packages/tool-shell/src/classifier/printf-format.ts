import { decodeAnsiC } from './ansi-c';

const escapeSequence =
  /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)?/y;
const conversion = /%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?([a-zA-Z%])?/y;

/**
 * What `printf FORMAT ARGS...` prints (bash's builtin; awk's `printf` too): the format is read
 * once, left to right, so a character that an escape produces is printed as it is (`\x25s` prints
 * `%s`, it is not a conversion); the format is used again while arguments remain. Undefined for
 * a conversion it does not know.
 */
export function formatPrintf(format: string, args: readonly string[]): string | undefined {
  let output = '';
  let position = 0;
  for (let round = 0; round < 1024 && output.length < 65_536; round++) {
    const before = position;
    let index = 0;
    while (index < format.length) {
      const character = format[index]!;
      if (character === '\\') {
        escapeSequence.lastIndex = index;
        const match = escapeSequence.exec(format)!;
        output += match[1] === undefined ? '\\' : decodeAnsiC(match[0]);
        index = escapeSequence.lastIndex;
        continue;
      }
      if (character !== '%') {
        output += character;
        index++;
        continue;
      }
      conversion.lastIndex = index;
      const match = conversion.exec(format)!;
      index = conversion.lastIndex;
      const [, flags = '', widthText, precisionText, kind] = match;
      if (kind === undefined) return undefined;
      if (kind === '%') {
        output += '%';
        continue;
      }
      const width = widthText === '*' ? Number(args[position++] ?? 0) : Number(widthText ?? 0);
      const precision =
        precisionText === '*'
          ? Number(args[position++] ?? 0)
          : precisionText === undefined
            ? undefined
            : Number(precisionText || 0);
      const value = args[position++] ?? '';
      const converted = convert(kind, value, precision);
      if (converted === undefined) return undefined;
      if (converted.stop) return output + converted.text;
      output += pad(converted.text, width, flags, /[diuxXo]/.test(kind));
    }
    if (position === before || position >= args.length) break;
  }
  return output;
}

function convert(
  kind: string,
  value: string,
  precision: number | undefined,
): { text: string; stop?: boolean } | undefined {
  switch (kind) {
    case 's':
      return { text: precision === undefined ? value : value.slice(0, precision) };
    case 'b': {
      // Escapes in the argument, as `echo -e` reads them (`\0NNN` octal; `\c` ends all output).
      const stop = value.search(/\\c/);
      const text = decodeAnsiC(
        (stop === -1 ? value : value.slice(0, stop)).replace(/\\0([0-7]{1,3})/g, '\\$1'),
      );
      return { text: precision === undefined ? text : text.slice(0, precision), stop: stop !== -1 };
    }
    case 'q':
      return {
        text: /^[\w/.,:=+@%-]*$/.test(value) ? value : value.replace(/[^\w/.,:=+@%-]/g, '\\$&'),
      };
    case 'c':
      return { text: value.slice(0, 1) };
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      const number = integer(value);
      if (number === undefined) return undefined;
      const base = kind === 'o' ? 8 : /x/i.test(kind) ? 16 : 10;
      const text = number.toString(base);
      return { text: kind === 'X' ? text.toUpperCase() : text };
    }
    default:
      return undefined;
  }
}

/** An integer argument: decimal, `0x` hex, `0` octal, or `'c` / `"c` for a character's code. */
function integer(value: string): number | undefined {
  if (/^['"]/.test(value)) return value.codePointAt(1) ?? 0;
  const text = value.trim();
  if (text === '') return 0;
  if (/^[-+]?0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text, 16);
  if (/^[-+]?0[0-7]+$/.test(text)) return Number.parseInt(text, 8);
  return /^[-+]?\d+$/.test(text) ? Number.parseInt(text, 10) : undefined;
}

function pad(text: string, width: number, flags: string, numeric: boolean): string {
  if (!(width > text.length)) return text;
  if (flags.includes('-')) return text.padEnd(width);
  return text.padStart(width, numeric && flags.includes('0') ? '0' : ' ');
}
