import { resolve } from 'node:path';
import { awkInputFiles, inlineProgramFiles } from '../awk-programs';
import type { Finding } from '../finding';
import { inlineShellCommands } from '../inline-shell-calls';
import { isShell } from '../interpreter-table';
import type { ScriptFormat } from '../payload';
import { payloadsOf } from '../program-table';
import { DYNAMIC, isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { downloads, registered, writtenFile } from './code-sources';

const standardInput = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

import { type Rule, type RuleContext, warn } from './rule';

type Kind =
  | { readonly shell: true; readonly format?: ScriptFormat }
  | { readonly shell: false; readonly language: string };

function formatted(format: ScriptFormat | undefined): Kind {
  return { shell: true, format };
}

/** The shell code inside a crontab (each line after its schedule) or a Makefile (its recipes). */
function shellCode(text: string, kind: Kind): string {
  if (!kind.shell || !kind.format) return text;
  const lines = text.split('\n');
  if (kind.format === 'makefile')
    return lines
      .filter((line) => line.startsWith('\t'))
      .map((line) => line.replace(/^\t[@+-]*/, ''))
      .join('\n');
  return lines
    .filter(
      (line) => line.trim() && !line.trim().startsWith('#') && !/^\s*[A-Za-z_]\w*\s*=/.test(line),
    )
    .map((line) => line.trim().replace(/^(@\w+|(\S+\s+){5})/, ''))
    .join('\n');
}

/**
 * Code that a program runs, found through {@link payloadsOf}: shell code is parsed and judged
 * (`bash -c`, `eval`, `ssh host CODE`, a literal script piped into `sh`, a script written
 * earlier in the same command); code that cannot be judged warns (interpreter one-liners, code
 * piped into an interpreter, a script downloaded or generated, `source <(...)`).
 */
export const codePayloadRule: Rule = (input, context) => {
  const { program, args, command } = input;
  const findings: Finding[] = [];
  const shell: Kind = { shell: true };
  const awk = /^(awk|gawk|mawk|nawk)$/.test(program);
  const fed = awk ? awkRecords(args, command) : command.stdin?.text;
  const runArgs = awk ? inlineProgramFiles(args, (path) => readKnown(path, command)) : args;
  for (const payload of payloadsOf(program, runArgs, fed, command.environment)) {
    switch (payload.kind) {
      case 'script':
        if (!isStatic(payload.text))
          findings.push(
            warn(
              'dynamic-shell-code',
              `${program} runs shell code that is only known when it runs.`,
            ),
          );
        findings.push(
          ...context.classifyNested(payload.text, command.cwd, payload.args, command.environment),
        );
        break;
      case 'stdin-script':
        if (input.wrappers.includes('coproc'))
          findings.push(
            warn(
              'pipe-to-shell',
              `${program} runs as a coprocess whatever the command writes to it.`,
            ),
          );
        findings.push(...fromInput(program, command, context, formatted(payload.format)));
        break;
      case 'script-file':
        findings.push(
          ...fromFile(payload.path, program, command, context, formatted(payload.format)),
        );
        break;
      case 'remote-code':
        findings.push(
          warn('download-and-run', `${program} runs code fetched from ${payload.source}.`),
        );
        break;
      case 'code': {
        const kind: Kind = { shell: false, language: payload.language };
        if (payload.source === 'inline') {
          findings.push(
            warn(
              'interpreter-one-liner',
              `${program} runs inline ${payload.language} code that the shell classifier cannot inspect.`,
            ),
          );
          findings.push(...runsArguments(payload.code, payload.args, command, context));
          for (const shell of inlineShellCommands(payload.code ?? '', payload.language))
            findings.push(...context.classifyNested(shell, command.cwd));
        } else if (payload.source === 'stdin')
          findings.push(...fromInput(program, command, context, kind));
        else findings.push(...fromFile(payload.path ?? '', program, command, context, kind));
        break;
      }
      default:
        break;
    }
  }
  // A shell runs the file named by BASH_ENV (or ENV) before its code.
  if (isShell(program)) {
    for (const variable of ['BASH_ENV', 'ENV']) {
      const file = command.environment?.get(variable)?.[0];
      if (file) findings.push(...fromFile(file, program, command, context, shell));
    }
  }
  const name = input.name;
  if (name?.includes('/') && command.cwd !== undefined) {
    const written = writtenFile(command.files, resolve(command.cwd, name));
    if (written) findings.push(...fromFile(name, program, command, context, shell));
  }
  return findings;
};

/** What awk reads: its input files when written earlier in the command, else its input. */
function awkRecords(args: readonly string[], command: SimpleCommand): string | undefined {
  const files = awkInputFiles(args);
  if (files.length === 0)
    return (
      command.stdin?.text ??
      (command.stdin?.file ? readKnown(command.stdin.file, command) : undefined)
    );
  const texts = files.map((file) =>
    file === '-' ? command.stdin?.text : readKnown(file, command),
  );
  return texts.every((text) => text !== undefined) ? texts.join('') : undefined;
}

/** The text of a process substitution or of a file written earlier in the command, when known. */
function readKnown(path: string, command: SimpleCommand): string | undefined {
  const substitution = command.substitutions?.find((item) => item.path === path);
  if (substitution) return substitution.output;
  if (command.cwd === undefined && !path.startsWith('/')) return undefined;
  const text = writtenFile(command.files, resolve(command.cwd ?? '/', path))?.text;
  return text !== undefined && isStatic(text) ? text : undefined;
}

function fromInput(
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

function fromFile(
  path: string,
  program: string,
  command: SimpleCommand,
  context: RuleContext,
  kind: Kind,
  redirected = false,
): Finding[] {
  if (!redirected && standardInput.has(path)) return fromInput(program, command, context, kind);
  const substitution =
    command.substitutions?.find((item) => item.path === path) ?? registered(command, path);
  if (substitution) {
    if (substitution.commands.some((inner) => downloads(inner)))
      return [warn('download-and-run', `${program} runs a script downloaded from the network.`)];
    if (substitution.output !== undefined && kind.shell)
      return [...context.classifyNested(substitution.output, command.cwd)];
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
    if (kind.shell) return [...context.classifyNested(shellCode(written.text, kind), command.cwd)];
    return [
      warn(
        'interpreter-stdin',
        `${program} runs ${kind.language} code written by the same command.`,
      ),
    ];
  }
  return [warn('generated-script', `${program} runs ${path}, which the same command generated.`)];
}

const runsCommands =
  /\b(system|exec[a-zA-Z]*|popen|spawn[a-zA-Z]*|subprocess|child_process|shell_exec|passthru|proc_open|Open3|IO\.popen)\b|`/;

/** Arguments that inline code hands to a shell (`perl -e 'system($ARGV[0])' CMD`) are judged as shell code. */
export function runsArguments(
  code: string | undefined,
  args: readonly string[] | undefined,
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  if (!code || !args?.length || !runsCommands.test(code)) return [];
  return args.flatMap((arg) => [...context.classifyNested(arg, command.cwd)]);
}
