import type { RiskWarning } from '../tool/tool';
import { runsMoreThanEditor } from './code-running-environment';

type ValueTest = (value: string | undefined) => boolean;

const always: ValueTest = () => true;
/** A command rather than a known editor or pager: shell syntax, `!`, another program. */
const isShellCode: ValueTest = runsMoreThanEditor;
const booleanWords = /^\s*(true|false|yes|no|on|off|1|0)?\s*$/i;
/** `core.fsmonitor=true` uses git's own daemon; anything else names a program. */
const notBoolean: ValueTest = (value) => value === undefined || !booleanWords.test(value);
const startsWithBang: ValueTest = (value) => value === undefined || /^\s*!/.test(value);
/** `credential.helper=store` is built in; `!cmd` or a path runs a program of the user's choice. */
const helperProgram: ValueTest = (value) => value === undefined || /^\s*(!|\/|~|\.)/.test(value);

interface GitKeyEntry {
  /** Matched against `section.name` or `section.<subsection>.name`, section and name lower-cased. */
  readonly pattern: RegExp;
  readonly test: ValueTest;
  readonly reason: string;
}

const keys: readonly GitKeyEntry[] = [
  {
    pattern:
      /^(core\.(hookspath|sshcommand|gitproxy|askpass|attributesfile)|diff\.external|uploadpack\.packobjectshook|init\.templatedir|interactive\.difffilter|include\.path|includeif\..*\.path|gpg\.program|gpg\..*\.program|remote\..*\.(receivepack|uploadpack)|web\.browser|core\.alternaterefscommand|core\.worktree|core\.sshcommand|sendemail\.(sendmailcmd|tocmd|cccmd|headercmd|.*\.(sendmailcmd|tocmd|cccmd))|gpg\.ssh\.(defaultkeycommand|program)|trailer\..*\.(cmd|command))$/,
    test: always,
    reason: 'makes git run a program of its choice or load configuration that does',
  },
  {
    pattern:
      /^(filter\..*\.(clean|smudge|process)|diff\..*\.(textconv|command)|merge\..*\.driver|(difftool|mergetool|browser)\..*\.(cmd|path))$/,
    test: always,
    reason: 'names a command git runs on file contents',
  },
  {
    pattern: /^core\.fsmonitor$/,
    test: notBoolean,
    reason: 'runs that program on every git status',
  },
  {
    pattern: /^(core\.(pager|editor)|sequence\.editor|pager\..*)$/,
    test: isShellCode,
    reason: 'makes git run shell code instead of a pager or editor',
  },
  { pattern: /^alias\..*$/, test: startsWithBang, reason: 'defines an alias that runs shell code' },
  {
    pattern: /^submodule\..*\.update$/,
    test: startsWithBang,
    reason: 'makes submodule updates run shell code',
  },
  {
    pattern: /^credential(\..*)?\.helper$/,
    test: helperProgram,
    reason: 'makes git run that program for every credential',
  },
  {
    pattern: /^protocol\.ext\.allow$/,
    test: (value) => value === undefined || !/^\s*never\s*$/i.test(value),
    reason: 'lets remote URLs use the ext:: transport, which runs commands',
  },
  {
    // protocol.file.allow=always undoes git's 2.38.1 fix (CVE-2022-39253): a cloned repository's
    // submodules may then clone local repositories, symbolic links in .git included.
    pattern: /^protocol\.[^.]+\.allow$/,
    test: (value) => value === undefined || /^\s*always\s*$/i.test(value),
    reason:
      'lets remote URLs and submodules use a transport git refuses them by default (file:// reads local repositories)',
  },
  {
    pattern: /^sendemail\.(.*\.)?smtpserver$/,
    test: (value) => value === undefined || /^[/.~$]/.test(value.trim()),
    reason: 'names a program git send-email runs instead of an SMTP server',
  },
  {
    pattern: /^protocol\.allow$/,
    test: (value) => value === undefined || /^\s*always\s*$/i.test(value),
    reason: 'lets remote URLs use every transport, ext:: (which runs commands) included',
  },
  {
    pattern:
      /^(url\..*\.(insteadof|pushinsteadof)|http(\..*)?\.proxy|https\.proxy|remote\..*\.proxy)$/,
    test: always,
    reason: "sends git's traffic to another server than the remote names",
  },
  {
    pattern: /^safe\.directory$/,
    test: (value) => value === undefined || value.trim() === '*',
    reason: "turns off git's check that a repository's configuration belongs to the user",
  },
];

/**
 * The canonical spelling of a git configuration key: section and name lower-cased (git compares
 * them without case), a subsection kept as written: `Core.HooksPath` → `core.hookspath`,
 * `Filter.LFS.Clean` → `filter.LFS.clean`.
 */
export function canonicalGitConfigKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first === -1) return key.toLowerCase();
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

/**
 * The warning for setting a git configuration key that makes git run code (`core.fsmonitor`,
 * `core.hooksPath`, `core.sshCommand`, a `core.pager`/`core.editor` that is shell code, an
 * `alias.*` starting with `!`, a `credential.helper` that is `!cmd` or a path, `diff.external`,
 * `diff.*.textconv`, `filter.*.clean/smudge/process`, `gpg.program`, `uploadpack.packObjectsHook`,
 * `protocol.*.allow`, `include.path`, ...), or undefined for other keys. Keys are matched without
 * case in section and name, in every spelling that sets them: `git config`, `git -c k=v`,
 * `--config-env`, `GIT_CONFIG_KEY_n`, a written `.git/config`.
 */
export function codeRunningGitConfigWarning(key: string, value?: string): RiskWarning | undefined {
  const canonical = canonicalGitConfigKey(key.trim());
  const compared = canonical.replace(
    /^([^.]*)\.(.*)\.([^.]*)$/,
    (_all, section, sub, name) => `${section}.${sub.toLowerCase()}.${name}`,
  );
  const entry = keys.find((candidate) => candidate.pattern.test(compared));
  if (!entry?.test(value)) return undefined;
  return {
    rule: 'code-running-git-config',
    message: `Sets the git configuration ${canonical}, which ${entry.reason}.`,
  };
}
