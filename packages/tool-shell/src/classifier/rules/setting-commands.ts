import { codeRunningGitConfigWarning } from '@tinyelf/core';
import type { Finding } from '../finding';
import { isStatic } from '../shell-word';
import { splitShellWords } from '../split-words';
import { quoteForShell } from './deletion-rules';
import type { Rule } from './rule';

/** Environment variables whose words a program reads as options given before its own. */
const optionVariables: Record<string, string> = {
  LESS: 'less',
  TAR_OPTIONS: 'tar',
  MANOPT: 'man',
  GREP_OPTIONS: 'grep',
  ZIPOPT: 'zip',
  UNZIP: 'unzip',
  XZ_OPT: 'xz',
  ZSTD_CLEVEL: 'zstd',
};

/**
 * Settings whose value is a command, judged as the command it is: options given through the
 * environment (`LESS='+!cmd' less`, `TAR_OPTIONS=--to-command=cmd tar`, `MANOPT='-P cmd' man`),
 * `LESSOPEN='|cmd %s'`, and git configuration that names a command (`core.pager`,
 * `credential.helper=!cmd`, `alias.x=!cmd`, ...) set by `-c`, `--config-env`, `git config`,
 * `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` or `GIT_CONFIG_PARAMETERS`, when its value is known.
 */
export const settingCommandsRule: Rule = ({ program, args, command }, context) => {
  const environment = command.environment;
  const value = (name: string) => {
    const found = environment?.get(name)?.[0];
    return found !== undefined && isStatic(found) ? found : undefined;
  };
  const scripts: string[] = [];
  for (const [variable, owner] of Object.entries(optionVariables)) {
    const options = value(variable);
    // less reads a `+command` in $LESS up to its end.
    const words =
      variable === 'LESS' && options?.startsWith('+') ? [options] : splitShellWords(options ?? '');
    if (owner === program && options)
      scripts.push([program, ...words, ...args].map(quoteForShell).join(' '));
  }
  const lessOpen = value('LESSOPEN');
  if (program === 'less' && lessOpen)
    scripts.push(lessOpen.replace(/^\|+-?/, '').replace(/%s/g, 'FILE'));
  if (program === 'git')
    for (const [key, setting] of gitSettings(args, value))
      if (setting !== undefined && codeRunningGitConfigWarning(key, setting))
        scripts.push(setting.replace(/^!/, ''));
  const findings: Finding[] = [];
  for (const script of scripts) findings.push(...context.classifyNested(script, command.cwd));
  return findings;
};

/** The git settings a command makes, with their values when known. */
function gitSettings(
  args: readonly string[],
  value: (name: string) => string | undefined,
): [string, string | undefined][] {
  const settings: [string, string | undefined][] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-c' || arg.startsWith('--config-env')) {
      const spec =
        arg === '-c' || !arg.includes('=')
          ? (args[++index] ?? '')
          : arg.slice(arg.indexOf('=') + 1);
      const at = spec.indexOf('=');
      if (at === -1) continue;
      const [key, rest] = [spec.slice(0, at), spec.slice(at + 1)];
      settings.push([key, arg === '-c' ? rest : value(rest)]);
    } else if (!arg.startsWith('-')) {
      if (arg === 'config' && args[index + 1] && !args[index + 1]!.startsWith('-'))
        settings.push([args[index + 1]!, args[index + 2]]);
      break;
    }
  }
  const count = Number(value('GIT_CONFIG_COUNT') ?? 0);
  for (let index = 0; index < Math.min(count, 16); index++) {
    const key = value(`GIT_CONFIG_KEY_${index}`);
    if (key) settings.push([key, value(`GIT_CONFIG_VALUE_${index}`)]);
  }
  for (const match of (value('GIT_CONFIG_PARAMETERS') ?? '').matchAll(/'([^']*)'='([^']*)'/g))
    settings.push([match[1]!, match[2]!]);
  return settings;
}
