import { isAbsolute, resolve } from 'node:path';
import type { Finding } from '../finding';
import { DYNAMIC, isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { type Rule, type RuleContext, warn } from './rule';

function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

interface GitGlobals {
  /** Folders given to `-C`, in order (each relative to the one before). */
  readonly folders: string[];
  readonly gitDir?: string;
  readonly workTree?: string;
  /** `-c key=value` settings. */
  readonly settings: string[];
  /** Where the subcommand starts. */
  readonly at: number;
}

function globals(args: readonly string[], command: SimpleCommand): GitGlobals {
  const folders: string[] = [];
  const settings: string[] = [];
  let gitDir = command.environment?.get('GIT_DIR')?.[0];
  let workTree = command.environment?.get('GIT_WORK_TREE')?.[0];
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index]!;
    const long = /^--(git-dir|work-tree)(?:=(.*))?$/s.exec(arg);
    if (arg === '-C') folders.push(args[++index] ?? DYNAMIC);
    else if (arg === '-c') settings.push(args[++index] ?? '');
    else if (long) {
      const value = long[2] ?? args[++index] ?? DYNAMIC;
      if (long[1] === 'git-dir') gitDir = value;
      else workTree = value;
    } else if (/^--(namespace|exec-path|config-env|super-prefix|list-cmds|attr-source)$/.test(arg))
      index++;
    else if (!arg.startsWith('-')) break;
  }
  return { folders, gitDir, workTree, settings, at: index };
}

/** Config keys naming a program git starts (`instaweb.browser`, `help.browser`, `browser.X.cmd`). */
const browserKeys =
  /^(instaweb|help|web)\.browser$|^browser\.[^.]+\.(cmd|path)$|^man\.[^.]+\.(cmd|path)$/i;
/** Config keys and variables naming a file git writes (its traces). */
const traceKeys = /^trace2\.(eventtarget|normaltarget|perftarget)$/i;
const traceVariables = [
  'GIT_TRACE',
  'GIT_TRACE2',
  'GIT_TRACE2_EVENT',
  'GIT_TRACE2_PERF',
  'GIT_TRACE_PACKET',
  'GIT_TRACE_PERFORMANCE',
  'GIT_TRACE_SETUP',
  'GIT_TRACE_CURL',
];

function writes(
  path: string,
  command: SimpleCommand,
  context: RuleContext,
  operator = '>',
): readonly Finding[] {
  return isStatic(path) ? context.classifyNested(`: ${operator} ${quote(path)}`, command.cwd) : [];
}

/**
 * Git told to work somewhere else: `git -C DIR ...` is judged as `cd DIR && git ...`; a
 * `--git-dir` or `--work-tree` outside the workspace (whose config and hooks run code, or whose
 * files a checkout overwrites) as the `cd` to it; files git writes by option (`archive -o`,
 * trace targets) and the folder `clone` fills as writes; browsers set with `-c` as commands it
 * runs; `git daemon` serving `/` or accepting pushes; `HOME` or the global config moved.
 */
export const gitPlacesRule: Rule = ({ program, args, command }, context) => {
  if (program !== 'git' || command.cwd === undefined) return [];
  const findings: Finding[] = [];
  const { folders, gitDir, workTree, settings, at } = globals(args, command);
  const rest = args.slice(at);
  const [sub = '', ...subArgs] = rest;
  let cwd = command.cwd;
  for (const folder of folders) cwd = resolve(cwd, folder);
  if (folders.length && isStatic(cwd) && cwd !== command.cwd)
    findings.push(
      ...context.classifyNested(
        `cd -- ${quote(cwd)} && git ${rest.map(quote).join(' ')}`,
        command.cwd,
      ),
    );
  for (const place of [gitDir, workTree])
    if (place !== undefined && isStatic(place))
      findings.push(
        ...context.classifyNested(`cd -- ${quote(resolve(cwd, place))} && git`, command.cwd),
      );
  // A checkout into another work tree writes the paths it names there.
  if (
    workTree !== undefined &&
    isStatic(workTree) &&
    /^(checkout|restore|reset|switch|stash|read-tree|checkout-index)$/.test(sub)
  ) {
    const dash = subArgs.indexOf('--');
    for (const path of dash === -1 ? [] : subArgs.slice(dash + 1))
      findings.push(...writes(resolve(cwd, workTree, path), command, context));
  }
  if (sub === 'archive')
    for (let index = 0; index < subArgs.length; index++) {
      const arg = subArgs[index]!;
      const output =
        arg === '-o' || arg === '--output'
          ? subArgs[++index]
          : /^(?:--output=|-o)(.+)$/s.exec(arg)?.[1];
      if (output)
        findings.push(
          ...writes(isAbsolute(output) ? output : resolve(cwd, output), command, context),
        );
    }
  if (sub === 'clone') {
    const operands = subArgs.filter(
      (arg, index) =>
        !arg.startsWith('-') &&
        !/^(-c|--config|-o|--origin|-b|--branch|-u|--upload-pack|--reference|--separate-git-dir|--depth|--template|-j|--jobs|--filter)$/.test(
          subArgs[index - 1] ?? '',
        ),
    );
    const folder = operands[1];
    if (folder && isStatic(folder))
      findings.push(...writes(resolve(cwd, folder, 'cloned-file'), command, context));
    for (let index = 0; index < subArgs.length; index++)
      if (/^(-c|--config)$/.test(subArgs[index]!)) settings.push(subArgs[index + 1] ?? '');
      else if (subArgs[index]!.startsWith('--config=')) settings.push(subArgs[index]!.slice(9));
  }
  for (const setting of settings) {
    const [key = '', ...value] = setting.split('=');
    const text = value.join('=');
    if (browserKeys.test(key)) {
      findings.push(...context.classifyNested(text, command.cwd));
      findings.push(warn('option-command', `git -c ${key} makes git run ${text}.`));
    }
    // A secret put into every request's headers, sent to a host that is not a known forge.
    if (
      /^http\..*extraheader$/i.test(key) &&
      /\$\{?\w*(TOKEN|SECRET|PASSW|_KEY)/i.test(command.text) &&
      rest.some(
        (arg) =>
          /^https?:\/\//.test(arg) &&
          !/^https?:\/\/([\w-]+\.)*(github\.com|gitlab\.com|bitbucket\.org)(\/|:|$)/.test(arg),
      )
    )
      findings.push(
        warn('secret-output', `git -c ${key} sends a secret from the environment to another host.`),
      );
    if (traceKeys.test(key) && text.startsWith('/'))
      findings.push(...writes(text, command, context));
    if (
      /^(core\.fsmonitor|core\.hookspath|core\.sshcommand|core\.pager|core\.editor|sequence\.editor|diff\.external|credential\.helper|gpg\.program|core\.askpass)$/i.test(
        key,
      ) &&
      sub === 'clone'
    )
      findings.push(
        warn(
          'code-running-git-config',
          `git clone --config ${key} sets a command the new repository runs.`,
        ),
      );
  }
  for (const name of traceVariables) {
    const value = command.environment?.get(name)?.[0];
    if (value?.startsWith('/')) findings.push(...writes(value, command, context, '>>'));
  }
  // git reads its global configuration, which can run programs, from $HOME or these.
  for (const name of ['HOME', 'XDG_CONFIG_HOME', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM']) {
    const value =
      name === 'HOME'
        ? command.environment?.has('HOME')
          ? command.environment.get('HOME')?.[0]
          : undefined
        : command.environment?.get(name)?.[0];
    if (
      value &&
      isStatic(value) &&
      value !== context.paths.homeDir &&
      !value.startsWith(context.paths.workspaceRoot)
    )
      findings.push(
        warn(
          'code-running-git-config',
          `git reads its configuration, which can run programs, from ${value}.`,
        ),
      );
  }
  if (
    sub === 'daemon' &&
    subArgs.some((arg) => /^--(base-path=\/?$|enable=receive-pack|export-all)/.test(arg))
  )
    findings.push(
      warn(
        'git-daemon',
        'git daemon serves repositories to the network (and with receive-pack accepts pushes).',
      ),
    );
  if (sub === 'send-email')
    for (const arg of subArgs) {
      const server = /^--smtp-server=(\/.*)$/.exec(arg)?.[1];
      if (server)
        findings.push(warn('option-command', `git send-email runs ${server} to send mail.`));
    }
  return findings;
};
