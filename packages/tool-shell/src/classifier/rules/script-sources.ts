import { resolve } from 'node:path';
import type { Finding } from '../finding';
import { inlineShellCommands } from '../inline-shell-calls';
import { makeShellCalls } from '../language-escapes';
import type { ScriptFormat } from '../payload';
import { DYNAMIC, isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { downloads, registered, writtenFile } from './code-sources';
import { block, type RuleContext, warn } from './rule';

const standardInput = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** What a script is: shell code (maybe inside a crontab or Makefile), or another language's code. */
export type Kind =
  | { readonly shell: true; readonly format?: ScriptFormat }
  | { readonly shell: false; readonly language: string; readonly escapesOnly?: boolean };

export function formatted(format: ScriptFormat | undefined): Kind {
  return { shell: true, format };
}

/** The shell code inside a crontab (each line after its schedule) or a Makefile (its recipes). */
export function shellCode(text: string, kind: Kind): string {
  if (!kind.shell || !kind.format) return text;
  const lines = text.split('\n');
  if (kind.format === 'makefile' || kind.format === 'justfile')
    return [
      ...makeShellCalls(kind.format === 'makefile' ? text : ''),
      lines
        .flatMap((line) => {
          if (line.startsWith('\t') || (kind.format === 'justfile' && /^ +\S/.test(line)))
            return [line.replace(/^\s+[@+-]*/, '')];
          const inline = /^[^\t#=:]+:[^=;]*;(.*)$/.exec(line);
          return inline ? [inline[1]!.trim()] : [];
        })
        .join('\n'),
    ].join('\n');
  if (kind.format === 'package-json') {
    try {
      const scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts ?? {};
      return Object.values(scripts)
        .filter((value) => typeof value === 'string')
        .join('\n');
    } catch {
      return '';
    }
  }
  return lines
    .filter(
      (line) => line.trim() && !line.trim().startsWith('#') && !/^\s*[A-Za-z_]\w*\s*=/.test(line),
    )
    .map((line) => line.trim().replace(/^(@\w+|(\S+\s+){5})/, ''))
    .join('\n');
}

/** The text of a process substitution or of a file written earlier in the command, when known. */
export function readKnown(path: string, command: SimpleCommand): string | undefined {
  const substitution = command.substitutions?.find((item) => item.path === path);
  if (substitution) return substitution.output;
  if (command.cwd === undefined && !path.startsWith('/')) return undefined;
  const text = writtenFile(command.files, resolve(command.cwd ?? '/', path))?.text;
  return text !== undefined && isStatic(text) ? text : undefined;
}

export function fromInput(
  program: string,
  command: SimpleCommand,
  context: RuleContext,
  kind: Kind,
): Finding[] {
  const stdin = command.stdin;
  if (stdin?.file !== undefined) return fromFile(stdin.file, program, command, context, kind, true);
  if (downloads(stdin?.producer))
    return [warn('download-and-run', `A script downloaded from the network is run by ${program}.`)];
  if (stdin?.text !== undefined && kind.shell) {
    const findings = [
      ...context.classifyNested(
        shellCode(stdin.text, kind),
        command.cwd,
        undefined,
        command.environment,
      ),
    ];
    if (!isStatic(stdin.text))
      findings.push(
        warn('pipe-to-shell', `The output of another command is run as a script by ${program}.`),
      );
    return findings;
  }
  if (!kind.shell && stdin?.text !== undefined && isStatic(stdin.text)) {
    const found = escapedCommands(stdin.text, kind, command, context);
    return kind.escapesOnly
      ? found
      : [
          ...found,
          warn(
            'interpreter-stdin',
            `${program} runs ${kind.language} code from its input, which the shell classifier cannot inspect.`,
          ),
        ];
  }
  if (!kind.shell && kind.escapesOnly) return [];
  if (stdin?.text !== undefined || stdin?.producer) {
    return kind.shell
      ? [warn('pipe-to-shell', `The output of another command is run as a script by ${program}.`)]
      : [
          warn(
            'interpreter-stdin',
            `${program} runs ${kind.language} code from its input, which the shell classifier cannot inspect.`,
          ),
        ];
  }
  return [];
}

export function fromFile(
  path: string,
  program: string,
  command: SimpleCommand,
  context: RuleContext,
  kind: Kind,
  redirected = false,
): Finding[] {
  if (!redirected && standardInput.has(path)) return fromInput(program, command, context, kind);
  // A process's descriptors are the same files under /proc: `/proc/self/fd/3` is `/dev/fd/3`.
  if (/^\/proc\/(self|thread-self|\d+)\/fd\/\d+$/.test(path))
    return fromFile(
      path.replace(/^\/proc\/[^/]+\/fd\//, '/dev/fd/'),
      program,
      command,
      context,
      kind,
      redirected,
    );
  const substitution =
    command.substitutions?.find((item) => item.path === path) ?? registered(command, path);
  if (substitution) {
    if (substitution.commands.some((inner) => downloads(inner)))
      return [warn('download-and-run', `${program} runs a script downloaded from the network.`)];
    if (substitution.output !== undefined && kind.shell)
      return [...context.classifyNested(substitution.output, command.cwd)];
    if (substitution.output !== undefined && isStatic(substitution.output) && !kind.shell) {
      const found = escapedCommands(substitution.output, kind, command, context);
      if (kind.escapesOnly) return found;
    }
    return [warn('generated-script', `${program} runs a script generated by another command.`)];
  }
  if (path.startsWith('/dev/fd/') && path.includes(DYNAMIC))
    return [warn('generated-script', `${program} runs a script generated by another command.`)];
  if (!isStatic(path))
    return [
      warn('dynamic-script', `${program} runs a script whose name is only known when it runs.`),
    ];
  const written =
    command.cwd === undefined && !path.startsWith('/')
      ? undefined
      : writtenFile(command.files, resolve(command.cwd ?? '/', path));
  if (!written) return [];
  if (written.downloaded)
    return [
      warn(
        'download-and-run',
        `${program} runs ${path}, downloaded from the network by the same command.`,
      ),
    ];
  if (written.text !== undefined && isStatic(written.text)) {
    if (kind.shell)
      return runScript(
        resolve(command.cwd ?? '/', path),
        path,
        written.text,
        kind,
        command,
        context,
      );
    const found = escapedCommands(written.text, kind, command, context);
    if (kind.escapesOnly) return found;
    return [
      ...found,
      warn(
        'interpreter-stdin',
        `${program} runs ${kind.language} code written by the same command.`,
      ),
    ];
  }
  if (!kind.shell && kind.escapesOnly) return [];
  // Appended to a file whose earlier content is unknown: what was appended runs too.
  const appended =
    kind.shell && written.appended !== undefined && isStatic(written.appended)
      ? context.classifyNested(written.appended, command.cwd)
      : [];
  return [
    ...appended,
    warn('generated-script', `${program} runs ${path}, which the same command generated.`),
  ];
}

/** Scripts being judged, so that a script that runs itself (through `$0` or its name) is seen. */
const running = new Set<string>();

/**
 * A shell script written earlier, judged as the shell runs it (`$0` is its name). A script that
 * runs itself again (`echo 'bash $0 & bash $0' > f.sh; bash f.sh`) never stops spawning: a fork bomb.
 */
function runScript(
  absolute: string,
  path: string,
  text: string,
  kind: Kind,
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  if (running.has(absolute))
    return [block('fork-bomb', `${path} runs itself again: it spawns processes without end.`)];
  running.add(absolute);
  try {
    return [...context.classifyNested(shellCode(text, kind), command.cwd, [path])];
  } finally {
    running.delete(absolute);
  }
}

/** The shell commands that known code of another language hands to a shell, judged. */
function escapedCommands(
  code: string,
  kind: Kind,
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  if (kind.shell) return [];
  return inlineShellCommands(code, kind.language).flatMap((shell) => [
    ...context.classifyNested(shell, command.cwd),
  ]);
}
