import type { RiskWarning } from '../tool/tool';

/** When a variable's value makes a program run code. */
type ValueTest = (value: string | undefined) => boolean;

const always: ValueTest = () => true;
/** A value that is shell code or names a program to run, not a plain program name with flags. */
const runsShell: ValueTest = (value) =>
  value === undefined ||
  /[;&|`$()<>\n]|^\s*!/.test(value) ||
  /^\s*(\S*\/)?(sh|bash|dash|zsh|ksh|fish|env|python[0-9.]*|node|perl|ruby|php|curl|wget|nc|ncat|socat)(\s|$)/.test(
    value,
  );
/** A value expanded as a prompt: code runs only through substitutions. */
const substitutes: ValueTest = (value) => value === undefined || /\$\(|`|\$\{[^}]*@P/.test(value);
/** A value that names a file. */
const namesFile: ValueTest = (value) => value === undefined || /[/~$]|\.(sh|bash|rc)$/.test(value);

interface VariableEntry {
  readonly pattern: RegExp;
  readonly test: ValueTest;
  readonly reason: string;
}

const variables: readonly VariableEntry[] = [
  {
    pattern: /^(LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH)$/,
    test: always,
    reason: 'loads its libraries into every program started',
  },
  {
    pattern: /^(BASH_ENV|PROMPT_COMMAND|PROMPT_COMMAND\[.*\]|SHELLOPTS|BASHOPTS|ZDOTDIR)$/,
    test: always,
    reason: 'makes bash or zsh run code when a shell starts or prompts',
  },
  { pattern: /^ENV$/, test: namesFile, reason: 'makes sh run that file when it starts' },
  {
    pattern: /^(PS0|PS1|PS2|PS4)$/,
    test: substitutes,
    reason: 'runs its command substitutions whenever the shell prints the prompt or traces',
  },
  {
    pattern:
      /^(PYTHONSTARTUP|PYTHONHOME|PERL5OPT|PERL5DB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|PHPRC|PHP_INI_SCAN_DIR|LUA_INIT|LUA_INIT_5_[0-9]|R_PROFILE|R_PROFILE_USER|GCONV_PATH)$/,
    test: always,
    reason: 'makes an interpreter load or run code of its choice',
  },
  {
    pattern: /^(NODE_OPTIONS|RUBYOPT)$/,
    test: (value) =>
      value === undefined ||
      /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--inspect|-I)/.test(value),
    reason: 'makes every node or ruby process load a module of its choice',
  },
  {
    pattern:
      /^(GIT_SSH_COMMAND|GIT_SSH|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|GIT_PROXY_COMMAND|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_CONFIG_PARAMETERS|GIT_CONFIG_COUNT|GIT_CONFIG_KEY_\d+|GIT_CONFIG_VALUE_\d+|GIT_CONFIG|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_DIR|GIT_WORK_TREE)$/,
    test: always,
    reason: 'makes git run programs or read configuration of its choice',
  },
  {
    pattern:
      /^(LESSOPEN|LESSCLOSE|LESSKEYIN|LESSKEY|MANOPT|BROWSER|SUDO_ASKPASS|RSYNC_RSH|CVS_RSH)$/,
    test: always,
    reason: 'names a program that is run on the side',
  },
  {
    pattern:
      /^(EDITOR|VISUAL|PAGER|GIT_PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|MANPAGER|SYSTEMD_PAGER|TERMINAL|DIFF_VIEWER)$/,
    test: runsShell,
    reason: 'names a program run by other tools, here shell code rather than an editor or pager',
  },
];

/**
 * The warning for setting an environment variable that makes programs run code (`LD_PRELOAD`,
 * `BASH_ENV`, `PROMPT_COMMAND`, `NODE_OPTIONS`, `PYTHONSTARTUP`, `GIT_SSH_COMMAND`,
 * `GIT_CONFIG_*`, `LESSOPEN`, a `PAGER` or `EDITOR` that is shell code, a `PS4` with a command
 * substitution, ...), or undefined for an ordinary variable. `value` is the value being set, when
 * known (some variables are only a risk with some values: `GIT_PAGER=cat` is fine).
 */
export function codeRunningVariableWarning(name: string, value?: string): RiskWarning | undefined {
  const entry = variables.find((candidate) => candidate.pattern.test(name));
  if (!entry?.test(value)) return undefined;
  return {
    rule: 'code-running-environment',
    message: `Sets ${name}, which ${entry.reason}.`,
  };
}
