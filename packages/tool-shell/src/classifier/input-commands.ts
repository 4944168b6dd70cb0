import { decodeAnsiC } from './ansi-c';
import { hasOption, optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';
import { quoteForShell } from './rules/deletion-rules';
import { DYNAMIC } from './shell-word';

/**
 * What `xargs` runs: the command with the items of its input (`-0`, `-d`, one line per item with
 * `-I`, else blank-separated with quotes), `-I` replacing inside every argument, `-n`/`-L` per run.
 */
export function xargs(args: readonly string[], input: string | undefined): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'adEILnPs',
    longWithValue: [
      'arg-file',
      'delimiter',
      'max-lines',
      'max-args',
      'max-procs',
      'max-chars',
      'process-slot-var',
    ],
    // `--replace[=R]` and `--eof[=E]` take a value only when attached.
    longFlags: ['replace', 'eof', 'null', 'interactive', 'verbose', 'no-run-if-empty'],
    stopAtOperand: true,
  });
  const rest = args.slice(parsed.rest);
  const replace =
    optionValues(parsed, 'I', 'replace')[0] ??
    (hasOption(parsed, 'i', 'replace') ? '{}' : undefined);
  if (rest.length === 0) return [];
  const delimiter = optionValues(parsed, 'd', 'delimiter')[0];
  const items =
    input === undefined
      ? undefined
      : hasOption(parsed, '0', 'null')
        ? input.split('\0')
        : delimiter !== undefined
          ? input.split(decodeAnsiC(delimiter).slice(0, 1) || '\n')
          : replace !== undefined
            ? input.split('\n').map((line) => line.replace(/^[ \t]+/, ''))
            : xargsItems(input);
  const values = items?.filter(Boolean).slice(0, 16);
  // Unknown input: with -I each line is put where the replace string is, otherwise appended.
  if (!values?.length)
    return [
      {
        kind: 'command',
        words:
          replace !== undefined
            ? rest.map((word) => word.split(replace).join(DYNAMIC))
            : [...rest, DYNAMIC],
      },
    ];
  if (replace !== undefined)
    return values.map((item) => ({
      kind: 'command' as const,
      words: rest.map((word) => word.split(replace).join(item)),
    }));
  const size = Number(optionValues(parsed, 'n', 'max-args', 'L', 'max-lines')[0] ?? values.length);
  const chunk = Number.isInteger(size) && size > 0 ? size : values.length;
  const payloads: Payload[] = [];
  for (let start = 0; start < values.length; start += chunk)
    payloads.push({ kind: 'command', words: [...rest, ...values.slice(start, start + chunk)] });
  return payloads;
}

/** Items as xargs reads them by default: blanks and newlines separate, quotes and `\` group. */
function xargsItems(input: string): string[] {
  const items: string[] = [];
  let current: string | undefined;
  for (let index = 0; index < input.length; index++) {
    const character = input[index]!;
    if (character === '"' || character === "'") {
      const end = input.indexOf(character, index + 1);
      const stop = end === -1 ? input.length : end;
      current = (current ?? '') + input.slice(index + 1, stop);
      index = stop;
    } else if (character === '\\' && index + 1 < input.length) {
      current = (current ?? '') + input[++index];
    } else if (/\s/.test(character)) {
      if (current !== undefined) items.push(current);
      current = undefined;
    } else current = (current ?? '') + character;
  }
  if (current !== undefined) items.push(current);
  return items;
}

/** What GNU `parallel` runs: its template with `{}` replaced by each input or `:::` argument. */
export function parallel(args: readonly string[], input: string | undefined): Payload[] {
  const separator = args.findIndex((arg) => /^::::?\+?$/.test(arg));
  const head = separator === -1 ? args : args.slice(0, separator);
  const parsed = parseOptions(head, {
    shortWithValue: 'jSadInNX',
    longWithValue: [
      'jobs',
      'arg-file',
      'delimiter',
      'colsep',
      'env',
      'joblog',
      'results',
      'timeout',
      'retries',
      'tmpdir',
      'workdir',
      'sshlogin',
    ],
    stopAtOperand: true,
  });
  const template = head.slice(parsed.rest).join(' ');
  // `--pipe`/`--pipepart`: blocks of the input are fed to the command's standard input, and no
  // argument is added (`parallel --pipe sh` runs its input as shell code).
  if (template && hasOption(parsed, 'pipe', 'pipepart'))
    return [
      {
        kind: 'script' as const,
        text:
          input === undefined
            ? template
            : `${template} <<'PARALLEL_INPUT_END'\n${input.replace(/\n?$/, '\n')}PARALLEL_INPUT_END`,
      },
    ];
  if (!template && separator !== -1)
    return args
      .slice(separator + 1)
      .filter((arg) => !/^::::?\+?$/.test(arg))
      .map((text) => ({ kind: 'script' as const, text }));
  if (!template) return [];
  const inputs =
    separator === -1 || args[separator]!.startsWith('::::')
      ? (input?.split('\n').filter(Boolean).slice(0, 16) ?? [DYNAMIC])
      : args.slice(separator + 1).filter((arg) => !/^::::?\+?$/.test(arg));
  // parallel quotes each argument as one shell word before running the line with a shell.
  return inputs.slice(0, 16).map((item) => {
    const word =
      item.includes(DYNAMIC) || /^\{[^}]*\}$/.test(template) ? item : quoteForShell(item);
    return {
      kind: 'script' as const,
      text: /\{[^}]*\}/.test(template)
        ? template.replace(/\{[^}]*\}/g, word)
        : `${template} ${word}`,
    };
  });
}
