import type { Finding } from '../finding';
import { ownEntry } from '../own-entry';
import { isStatic } from '../shell-word';
import { commandOptionPayloads } from '../tool-command-options';
import { type Rule, warn } from './rule';

/**
 * Programs that options usually name (a remote shell, a pager, a compressor, an editor): an
 * option naming anything else is a command smuggled into an ordinary tool (`rsync -e 'sh x'`,
 * `git grep -O'sh'`, `zip -TT 'sh x'`) and warns even when the command itself looks harmless.
 */
const usual =
  /^(ssh|rsh|autossh|mosh|sshpass|rsync|less|more|most|cat|bat|head|nl|pg|col|gzip|gunzip|pigz|bzip2|pbzip2|lbzip2|xz|pixz|zstd|pzstd|lz4|lzip|lzop|brotli|compress|unzip|true|false|vi|vim|nvim|nano|emacs|code|git-upload-pack|git-receive-pack|git-upload-archive|sendmail|msmtp|w3m|lynx|firefox|xdg-open|open)$/;

/**
 * Environment variables a program reads as more of its own options (`TAR_OPTIONS`, `LESS`,
 * `MANOPT`, ...), and variables that hold a command it runs (`RSYNC_RSH`,
 * `RSYNC_CONNECT_PROG`, `SYSTEMD_PAGER`).
 */
const optionVariables: Record<string, string> = {
  tar: 'TAR_OPTIONS',
  less: 'LESS',
  man: 'MANOPT',
  zip: 'ZIPOPT',
  unzip: 'UNZIP',
  grep: 'GREP_OPTIONS',
  rsync: 'RSYNC_OPTIONS',
};
const commandVariables: Record<string, string[]> = {
  rsync: ['RSYNC_RSH', 'RSYNC_CONNECT_PROG'],
  systemctl: ['SYSTEMD_PAGER', 'SYSTEMD_LESS'],
  journalctl: ['SYSTEMD_PAGER', 'SYSTEMD_LESS'],
  loginctl: ['SYSTEMD_PAGER', 'SYSTEMD_LESS'],
  man: ['MANPAGER', 'PAGER'],
};

function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function firstWord(script: string): string {
  return (/^\s*(?:[A-Za-z_]\w*=\S*\s+)*(\S+)/.exec(script)?.[1] ?? '').replace(/^.*\//, '');
}

/**
 * Commands that ordinary tools run from their options or from the environment: an option naming
 * an unusual program warns; a tool's options taken from an environment variable are judged as
 * if written on its command line (`TAR_OPTIONS='--to-command=...' tar x`, `LESS='+!cmd' less`).
 */
export const optionCommandRule: Rule = ({ program, args, command }, context) => {
  const findings: Finding[] = [];
  // `git rebase --exec` exists to run any command (a test suite); judged by what it runs.
  // Editors' and sed's own commands are judged as the shell code they run.
  const runsAnything =
    (program === 'git' && args.some((arg) => /^(rebase|bisect)$/.test(arg))) ||
    /^(g?sed|vim?|nvim|ex|view|vimdiff|gvim|less|more|most)$/.test(program);
  for (const payload of runsAnything ? [] : commandOptionPayloads(program, args)) {
    if (payload.kind !== 'script') continue;
    const name = firstWord(payload.text);
    if (name && !usual.test(name))
      findings.push(
        warn(
          'option-command',
          `${program} is told by an option to run ${name}, which it does not usually run.`,
        ),
      );
  }
  const environment = command.environment;
  const variable = ownEntry(optionVariables, program);
  const options = variable ? environment?.get(variable)?.[0] : undefined;
  if (options !== undefined) {
    if (!isStatic(options))
      findings.push(
        warn(
          'option-command',
          `${program} takes options from ${variable}, which is only known when it runs.`,
        ),
      );
    else {
      // Read as if typed first, split at blanks (a `+command` in LESS runs to its end).
      const extra =
        program === 'less' && options.trim().startsWith('+')
          ? [options.trim()]
          : (options.match(/(?:\\.|[^\s\\])+/g)?.map((word) => word.replace(/\\(.)/g, '$1')) ?? []);
      findings.push(
        ...context.classifyNested([program, ...extra, ...args].map(quote).join(' '), command.cwd),
      );
    }
  }
  for (const name of ownEntry(commandVariables, program) ?? []) {
    const value = environment?.get(name)?.[0];
    if (value === undefined) continue;
    if (name === 'SYSTEMD_LESS') {
      // Read as less reads LESS: a `+command` runs to its end (`+!cmd` runs a shell command).
      const words = value.trim().startsWith('+') ? [value.trim()] : value.split(/\s+/);
      findings.push(...context.classifyNested(`less ${words.map(quote).join(' ')}`, command.cwd));
      if (/\+!|(^|\s)!/.test(value))
        findings.push(
          warn('option-command', `${program} runs its pager with a shell command from ${name}.`),
        );
      continue;
    }
    findings.push(...context.classifyNested(value, command.cwd));
    if (!usual.test(firstWord(value)))
      findings.push(warn('option-command', `${program} runs the command in ${name}.`));
  }
  return findings;
};
