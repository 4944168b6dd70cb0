import { resolve } from 'node:path';
import { awkInputFiles, inlineProgramFiles } from '../awk-programs';
import type { Finding } from '../finding';
import { globToRegExp } from '../glob-patterns';
import { isInertOneLiner } from '../inert-code';
import { inertRubyLibraries } from '../inert-languages';
import { inlineShellCommands } from '../inline-shell-calls';
import { isShell } from '../interpreter-table';
import { payloadsOf } from '../program-table';
import { DYNAMIC, isStatic } from '../shell-word';
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
          // deno eval and bun -e run with every permission and their own APIs (Deno.Command).
          const inert =
            (payload.language !== 'JavaScript' || !payload.args?.length) &&
            (payload.language !== 'Ruby' || inertRubyLibraries(args)) &&
            (payload.language !== 'PHP' || !args.some((arg) => /^-[dcz]/.test(arg))) &&
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
          // `exec(input())`, `eval(sys.stdin.read())`, `eval(STDIN.read)`, `eval <STDIN>`: the
          // input is code of the same language.
          if (command.stdin?.text !== undefined && evaluatesInput.test(payload.code ?? ''))
            for (const shell of inlineShellCommands(command.stdin.text, payload.language))
              findings.push(...context.classifyNested(shell, command.cwd));
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
    // A glob as the program (`./?`, `./[x]`) runs the file it expands to.
    const path =
      writtenGlobMatch(resolve(command.cwd, name), command) ?? resolve(command.cwd, name);
    const written = writtenFile(command.files, path);
    if (written) findings.push(...fromFile(path, program, command, context, shell));
  } else if (name !== undefined && command.cwd !== undefined && input.wrappers.length === 0) {
    // A bare name is looked up in $PATH: a folder of it where the command wrote that name
    // earlier (`PATH=.:$PATH x`) runs the written file.
    for (const folder of command.environment?.get('PATH')?.[0]?.split(':') ?? []) {
      if (folder.includes(DYNAMIC)) continue;
      const path = resolve(command.cwd, folder || '.', name);
      if (writtenFile(command.files, path)) {
        findings.push(...fromFile(path, program, command, context, shell));
        break;
      }
    }
  }
  findings.push(...writtenHooks(program, args, command, context));
  return findings;
};

const evaluatesInput =
  /\b(exec|eval|instance_eval|Function)\s*\(?\s*(input\s*\(|sys\.stdin|STDIN|\$stdin|<STDIN>|<>|gets\b|readline|fs\.readFileSync\(\s*(0|["']\/dev\/stdin["']))/;

const hookRunners =
  /^(commit|merge|rebase|push|pull|checkout|switch|am|cherry-pick|revert|worktree|clone|gc|apply)$/;

/** A git hook written earlier in the command runs when git runs it (`... > .git/hooks/pre-commit; git commit`). */
function writtenHooks(
  program: string,
  args: readonly string[],
  command: SimpleCommand,
  context: RuleContext,
): Finding[] {
  if (program !== 'git' || command.cwd === undefined || !command.files) return [];
  const subcommand = args.find(
    (arg, index) => !arg.startsWith('-') && !/^(-C|-c)$/.test(args[index - 1] ?? ''),
  );
  if (!hookRunners.test(subcommand ?? '')) return [];
  const hooks = `${resolve(command.cwd, '.git/hooks')}/`;
  return [...command.files.keys()]
    .filter((path) => path.startsWith(hooks) && !path.endsWith('.sample'))
    .flatMap((path) => fromFile(path, 'git', command, context, { shell: true }));
}

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

/** The file written earlier in the command that a glob program name expands to, if any. */
function writtenGlobMatch(path: string, command: SimpleCommand): string | undefined {
  if (!/[*?[]/.test(path) || !command.files) return undefined;
  const pattern = new RegExp(`^(?:${globToRegExp(path).source})$`);
  for (const file of command.files.keys()) if (pattern.test(file)) return file;
  return undefined;
}
