import { hasOption, optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';

const standardInput = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** What `pwsh`/`powershell` runs: `-Command` (any prefix, any case), `-EncodedCommand`, `-File`, or its input. */
export function powershell(args: readonly string[]): Payload[] {
  const language = 'PowerShell';
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!.toLowerCase();
    if (
      /^[-/](c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand|encodedcommandargument)$/.test(
        arg,
      )
    )
      return [
        {
          kind: 'code',
          language,
          source: 'inline',
          ...(/^[-/]c/.test(arg) ? { code: args.slice(index + 1).join(' ') } : {}),
        },
      ];
    if (/^[-/](f|file)$/.test(arg)) {
      const path = args[index + 1];
      return [
        path === undefined || path === '-'
          ? { kind: 'code', language, source: 'stdin' }
          : { kind: 'code', language, source: 'file', path },
      ];
    }
    if (!arg.startsWith('-') && !arg.startsWith('/'))
      return [{ kind: 'code', language, source: 'file', path: args[index]! }];
  }
  return [{ kind: 'code', language, source: 'stdin' }];
}

/** What `deno` and `bun` run: `eval`/`-e`/`--eval`/`-p`, a script file, or their input. */
export function jsRuntime(program: string, args: readonly string[]): Payload[] {
  const language = 'JavaScript';
  const parsed = parseOptions(args, {
    shortWithValue: 'ep',
    longWithValue: ['eval', 'print', 'config', 'import-map', 'cwd'],
    stopAtOperand: true,
  });
  if (hasOption(parsed, 'e', 'eval', 'p', 'print'))
    return [
      {
        kind: 'code',
        language,
        source: 'inline',
        code: optionValues(parsed, 'e', 'eval', 'p', 'print').join('\n'),
      },
    ];
  const [first, ...rest] = args.slice(parsed.rest);
  if (program === 'deno' && first === 'eval')
    return [
      {
        kind: 'code',
        language,
        source: 'inline',
        code: rest.filter((arg) => !arg.startsWith('-')).join('\n'),
      },
    ];
  if (program === 'deno' && first !== 'run') return [];
  if (program === 'bun' && first !== undefined && !/\.[cm]?[jt]sx?$/.test(first) && first !== 'run')
    return [];
  const runArgs =
    first === 'run' ? rest : [first, ...rest].filter((word): word is string => word !== undefined);
  const script =
    runArgs[
      parseOptions(runArgs, {
        stopAtOperand: true,
        shortWithValue: 'c',
        longWithValue: [
          'config',
          'allow-read',
          'allow-write',
          'allow-net',
          'allow-env',
          'allow-run',
        ],
      }).rest
    ];
  if (script === undefined)
    return program === 'deno' && first === 'run'
      ? [{ kind: 'code', language, source: 'stdin' }]
      : [];
  if (standardInput.has(script)) return [{ kind: 'code', language, source: 'stdin' }];
  return program === 'bun' && first === 'run' && !/\.[cm]?[jt]sx?$/.test(script)
    ? []
    : [{ kind: 'code', language, source: 'file', path: script }];
}

/**
 * `python -m timeit STMT... [-s SETUP]` runs its operands and setup as Python code (as inline
 * code); `node --import data:...` / `--require data:...` runs the URL's JavaScript.
 */
export function codeInModuleOptions(program: string, args: readonly string[]): Payload[] {
  if (/^(python|pypy)[0-9.]*$/.test(program)) {
    const at = args.findIndex(
      (arg, index) => (arg === '-m' && args[index + 1] === 'timeit') || arg === '-mtimeit',
    );
    if (at === -1) return [];
    const rest = args.slice(at + (args[at] === '-m' ? 2 : 1));
    const code: string[] = [];
    for (let index = 0; index < rest.length; index++) {
      const arg = rest[index]!;
      if (arg === '-s' || arg === '--setup') code.push(rest[++index] ?? '');
      else if (/^--setup=/.test(arg)) code.push(arg.slice(8));
      else if (/^-[nru]$/.test(arg)) index++;
      else if (!arg.startsWith('-')) code.push(arg);
    }
    return code.length
      ? [{ kind: 'code', language: 'Python', source: 'inline', code: code.join('\n') }]
      : [];
  }
  if (!/^(node|nodejs|tsx|bun|deno)$/.test(program)) return [];
  const urls: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const value = /^(--import|--require|-r|--loader|--experimental-loader)$/.test(arg)
      ? args[++index]
      : /^--(import|require|loader|experimental-loader)=/.exec(arg)
        ? arg.replace(/^[^=]*=/, '')
        : undefined;
    if (value?.startsWith('data:')) urls.push(value);
  }
  return urls.map((url) => {
    const body = url.replace(/^data:[^,]*,/, '');
    let code = body;
    try {
      code = /;base64,/.test(url)
        ? Buffer.from(body, 'base64').toString('utf8')
        : decodeURIComponent(body);
    } catch {}
    return { kind: 'code' as const, language: 'JavaScript', source: 'inline' as const, code };
  });
}
