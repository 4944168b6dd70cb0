/** How a program reads its options (getopt_long style). */
export interface OptionSpec {
  /** Short options that take a value (`-u root`, `-uroot`), as letters. */
  readonly shortWithValue?: string;
  /** Long options that take a value (`--user root`, `--user=root`), without dashes. */
  readonly longWithValue?: readonly string[];
  /** Long options without a value, for unambiguous-prefix matching (`--rec` is `--recursive`). */
  readonly longFlags?: readonly string[];
  /** Whether options end at the first operand (POSIX, wrappers); GNU tools permute. */
  readonly stopAtOperand?: boolean;
}

/** One option as the program sees it. */
export interface ParsedOption {
  /** The short letter or the full long name (after prefix matching), without dashes. */
  readonly name: string;
  /** Its value, for options that take one. */
  readonly value?: string;
}

/** Options and operands as the program sees them. */
export interface ParsedArguments {
  readonly options: readonly ParsedOption[];
  readonly operands: readonly string[];
  /** Index in the arguments where operands started (for wrappers: where the command starts). */
  readonly rest: number;
}

/**
 * Parses arguments as getopt_long does: clustered short options (`-rf`), values attached or
 * separate (`-e'code'`, `-e code`, `--eval=code`), unambiguous prefixes of long options
 * (`--rec` for `--recursive`), `--` ending the options.
 */
export function parseOptions(args: readonly string[], spec: OptionSpec): ParsedArguments {
  const options: ParsedOption[] = [];
  const operands: string[] = [];
  const longNames = [...(spec.longWithValue ?? []), ...(spec.longFlags ?? [])];
  let rest = -1;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') {
      if (rest === -1) rest = index + 1;
      operands.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--') && arg.length > 2) {
      const [written, attached] = splitOnce(arg.slice(2), '=');
      const name = resolveLong(written, longNames);
      const takesValue = spec.longWithValue?.includes(name) ?? false;
      if (attached !== undefined) options.push({ name, value: attached });
      else if (takesValue) options.push({ name, value: args[++index] });
      else options.push({ name });
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      for (let position = 1; position < arg.length; position++) {
        const letter = arg[position]!;
        if (spec.shortWithValue?.includes(letter)) {
          const value = position + 1 < arg.length ? arg.slice(position + 1) : args[++index];
          options.push({ name: letter, value });
          break;
        }
        options.push({ name: letter });
      }
      continue;
    }
    if (rest === -1) rest = index;
    if (spec.stopAtOperand) {
      operands.push(...args.slice(index));
      break;
    }
    operands.push(arg);
  }
  return { options, operands, rest: rest === -1 ? args.length : rest };
}

/** The full long option name an abbreviation stands for (itself when ambiguous or unknown). */
export function resolveLong(written: string, names: readonly string[]): string {
  if (names.includes(written)) return written;
  const candidates = names.filter((name) => name.startsWith(written));
  return candidates.length === 1 ? candidates[0]! : written;
}

/** Whether one of the names is among the options. */
export function hasOption(parsed: ParsedArguments, ...names: string[]): boolean {
  return parsed.options.some((option) => names.includes(option.name));
}

/** The values given to the named options. */
export function optionValues(parsed: ParsedArguments, ...names: string[]): string[] {
  return parsed.options
    .filter((option) => names.includes(option.name) && option.value !== undefined)
    .map((option) => option.value!);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
