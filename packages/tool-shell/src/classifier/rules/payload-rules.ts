import { resolve } from 'node:path';
import { awkInputFiles, inlineProgramFiles } from '../awk-programs';
import type { Finding } from '../finding';
import { isInertOneLiner } from '../inert-code';
import { inlineShellCommands } from '../inline-shell-calls';
import { isShell } from '../interpreter-table';
import { payloadsOf } from '../program-table';
import { isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { writtenFile } from './code-sources';
import { type Rule, type RuleContext, warn } from './rule';
import { formatted, fromFile, fromInput, type Kind, readKnown } from './script-sources';

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
        const kind: Kind = {
          shell: false,
          language: payload.language,
          escapesOnly: payload.escapesOnly,
        };
        if (payload.source === 'inline') {
          // Environment variables of interpreters (PYTHONWARNINGS, NODE_OPTIONS, PERL5OPT, ...)
          // can load code; node's clustered -pe leaves the code among the arguments.
          const inert =
            (payload.language !== 'JavaScript' || !payload.args?.length) &&
            ![...(command.environment?.keys() ?? [])].some((name) =>
              /^(PYTHON|NODE_|PERL|RUBY|LD_|BASH_ENV|ENV$)/.test(name),
            ) &&
            isInertOneLiner(payload.language, payload.code);
          if (!payload.escapesOnly && !inert)
            findings.push(
              warn(
                'interpreter-one-liner',
                `${program} runs inline ${payload.language} code that the shell classifier cannot inspect.`,
              ),
            );
          findings.push(...runsArguments(payload.code, payload.args, command, context));
          // `perl -ne 'system $_'`, `ruby -ne 'system $_'`: each input line is run as a command.
          if (
            command.stdin?.text !== undefined &&
            /\b(system|exec|qx|popen|IO\.popen)\b\s*\(?\s*(\$_|\$line|\$l)\b|`\$_`/.test(
              payload.code ?? '',
            )
          )
            findings.push(...context.classifyNested(command.stdin.text, command.cwd));
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
