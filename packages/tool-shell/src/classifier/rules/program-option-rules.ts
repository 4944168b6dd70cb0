import { codeRunningVariableWarning } from '@tinyelf/core';
import type { Finding } from '../finding';
import { DYNAMIC, isStatic } from '../shell-word';
import { type Rule, warn } from './rule';

/**
 * Options whose value is a library, a configuration file or a program that the tool loads or
 * runs, as `[program, option test]`: `ssh -o PKCS11Provider=`, `ssh -I`, `ssh -F` (a config can
 * hold `ProxyCommand`), `ssh-keygen -D`, `enable -f`, `logrotate` configurations (their
 * `postrotate` scripts), `sort --compress-program`, `scp -S`, `git --template` (its hooks).
 */
const loaders: readonly [RegExp, (arg: string, next: string | undefined) => boolean][] = [
  [
    /^(ssh|scp|sftp|autossh)$/,
    (arg, next) =>
      /^-[FI]./.test(arg) ||
      ((arg === '-F' || arg === '-I') && next !== undefined && next !== '/dev/null') ||
      /^\s*(PKCS11Provider|SecurityKeyProvider|Include|ProxyJump=.*\/)/i.test(
        arg === '-o' ? (next ?? '') : arg.startsWith('-o') ? arg.slice(2) : '',
      ),
  ],
  [/^(ssh-keygen|ssh-add|ssh-keyscan)$/, (arg) => /^-[DSs]$/.test(arg) || /^-[DS]./.test(arg)],
  [/^enable$/, (arg) => /^-[a-z]*f/.test(arg)],
  [/^logrotate$/, (arg) => !arg.startsWith('-')],
  [
    /^(scp|sftp|rsync)$/,
    (arg, next) => /^-[Se].*\//.test(arg) || (/^-[Se]$/.test(arg) && next?.includes('/') === true),
  ],
  [/^(sort|gsort)$/, (arg) => /^--compress-p/.test(arg)],
  [/^git$/, (arg) => /^--template(=|$)/.test(arg)],
  [/^(insmod|kexec)$/, (arg) => !arg.startsWith('-')],
];

/**
 * A library, configuration or program named in an option that the tool then loads or runs
 * (see {@link loaders}); and programs named by a path in an option that runs a command
 * (`scp -S ./x.sh`, `sort --compress-program=./x.sh`), which hide what really runs.
 */
export const loadedCodeRule: Rule = ({ program, args }) => {
  for (const [pattern, test] of loaders) {
    if (!pattern.test(program)) continue;
    const index = args.findIndex((arg, position) => test(arg, args[position + 1]));
    if (index !== -1)
      return [
        warn(
          'option-loads-code',
          `${program} ${args[index]} loads or runs code named in its options (a library, configuration or program).`,
        ),
      ];
  }
  return [];
};

/**
 * Variables set by `export`, `declare -x`, `typeset`, `local` and `readonly` judged by their
 * evaluated words, so names put together at run time count too (`v=LD_PRELOAD; export
 * "$v=./x.so"`, `declare -x "LD_PRE""LOAD=..."`); a name that stays unknown warns.
 */
export const declaredVariableRule: Rule = ({ program, args }) => {
  if (!/^(export|declare|typeset|local|readonly)$/.test(program)) return [];
  const findings: Finding[] = [];
  for (const arg of args) {
    const assigned = /^([^=]+)=([\s\S]*)$/.exec(arg);
    if (!assigned) continue;
    const name = assigned[1]!;
    if (!isStatic(name)) {
      if (program === 'export' || args.some((flag) => /^-[a-zA-Z]*x/.test(flag)))
        findings.push(
          warn(
            'dynamic-environment',
            `${program} sets an environment variable whose name is only known when it runs.`,
          ),
        );
      continue;
    }
    const warning = codeRunningVariableWarning(
      name,
      isStatic(assigned[2]!) ? assigned[2] : undefined,
    );
    if (warning) findings.push({ ...warning, severity: 'warn' });
  }
  return findings;
};

/** Variables whose value other programs run as a shell command (`KUBE_EDITOR`, `GIT_SSH_COMMAND`). */
const commandVariables =
  /^([A-Z][A-Z0-9]*_)?(EDITOR|VISUAL|PAGER|SEQUENCE_EDITOR|SSH_COMMAND|ASKPASS)$|^(GIT_SSH|GIT_PROXY_COMMAND|GIT_EXTERNAL_DIFF|MANPAGER|BROWSER|RSYNC_RSH)$/;

/**
 * The shell code that an editor, pager or ssh variable in the program's environment holds, judged
 * as a script (`KUBE_EDITOR='rm -rf ~ #' kubectl edit` runs `rm -rf ~`).
 */
export const commandVariableRule: Rule = ({ command }, context) => {
  const findings: Finding[] = [];
  // `BASH_FUNC_name%%=() { ...; }` (through `env` or the environment): bash imports it as a
  // function that the child shell may call; its body is judged as code.
  const imported = [
    ...command.words.map((word) => /^BASH_FUNC_[^=]+(?:%%|\(\))=([\s\S]*)$/.exec(word)?.[1]),
    ...[...(command.environment ?? [])]
      .filter(([name]) => /^BASH_FUNC_.+(%%|\(\))$/.test(name))
      .map(([, values]) => values?.[0]),
  ];
  for (const body of imported)
    if (body !== undefined && !body.includes(DYNAMIC))
      findings.push(...context.classifyNested(body.replace(/^\s*\(\)\s*/, ''), command.cwd));
  for (const [name, values] of command.environment ?? []) {
    if (!commandVariables.test(name)) continue;
    for (const value of values ?? [])
      if (value && !value.includes(DYNAMIC) && /\s/.test(value))
        findings.push(
          ...context
            .classifyNested(value, command.cwd)
            .filter((finding) => finding.rule !== 'unparsed'),
        );
  }
  return findings;
};
