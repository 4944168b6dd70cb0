import type { Payload } from './payload';
import { shellCode } from './rules/script-sources';

type Environment = ReadonlyMap<string, readonly string[] | undefined>;

/** The values the command's environment gives to variables whose name matches. */
function valuesOf(environment: Environment | undefined, name: RegExp): string[] {
  const found: string[] = [];
  for (const [key, values] of environment ?? [])
    if (name.test(key)) for (const value of values ?? []) if (value?.trim()) found.push(value);
  return found;
}

/** Values of `--name=V`, `--name V`, `-xV` and `-x V` in a flags variable, split at blanks. */
function flagValues(text: string, long: RegExp, short?: string): string[] {
  const words = text.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  const found: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!.replace(/^'([\s\S]*)'$|^"([\s\S]*)"$/, '$1$2');
    const match = /^--?([\w-]+)(?:=([\s\S]*))?$/.exec(word);
    if (match && long.test(match[1]!)) found.push(match[2] ?? words[++index] ?? '');
    else if (short && word.startsWith(`-${short}`) && !word.startsWith('--'))
      found.push(word.length > 2 ? word.slice(2) : (words[++index] ?? ''));
  }
  return found;
}

/**
 * Commands a program takes from its environment rather than its arguments: make's
 * `MAKEFLAGS`/`GNUMAKEFLAGS` `--eval=` text and `MAKEFILES`, cargo's
 * `CARGO_TARGET_<triple>_RUNNER` and `RUSTC_WRAPPER`, go's `GOFLAGS=-toolexec=`/`-exec=`, and
 * bash's `BASH_ENV`, whose value bash expands (running its command substitutions) before it
 * reads the file.
 */
export function environmentPayloads(
  program: string,
  environment: Environment | undefined,
): Payload[] {
  if (!environment?.size) return [];
  switch (program) {
    case 'make':
    case 'gmake': {
      const flags = valuesOf(environment, /^(MAKEFLAGS|GNUMAKEFLAGS|MFLAGS)$/);
      return [
        ...flags
          // make keeps a `$(...)` reference whole when it splits the flags (checked with GNU
          // make 4.3): the rest of the text after `--eval=` is the makefile text.
          .flatMap((text) => [...text.matchAll(/(?:^|\s)(?:--eval=|-E\s*)([\s\S]*)$/g)])
          .map((match) => match[1]!)
          .map((text) => ({
            kind: 'script' as const,
            text: shellCode(text, { shell: true, format: 'makefile' }),
          })),
        ...valuesOf(environment, /^MAKEFILES$/)
          .flatMap((text) => text.split(/\s+/))
          .filter(Boolean)
          .map((path) => ({ kind: 'script-file' as const, path, format: 'makefile' as const })),
      ];
    }
    case 'cargo':
      return valuesOf(
        environment,
        /^(CARGO_TARGET_[A-Z0-9_]+_RUNNER|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTC_WRAPPER|CARGO_BUILD_RUSTC)$/,
      ).map((text) => ({ kind: 'script' as const, text }));
    case 'go':
      return valuesOf(environment, /^GOFLAGS$/)
        .flatMap((text) => flagValues(text, /^(toolexec|exec)$/))
        .map((text) => ({ kind: 'script' as const, text }));
    case 'bash':
    case 'rbash':
      return valuesOf(environment, /^BASH_ENV$/)
        .filter((value) => /\$\(|`|\$\{/.test(value))
        .map((value) => ({ kind: 'script' as const, text: `: ${value}` }));
    default:
      return [];
  }
}
