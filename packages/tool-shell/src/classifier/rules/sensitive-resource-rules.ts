import { isAbsolute, relative, resolve } from 'node:path';
import {
  CODE_RUNNING_FILES,
  classifyHost,
  codeRunningFileWarning,
  codeRunningGitConfigWarning,
  codeRunningVariableWarning,
  isWithin,
  nonPublicHostWarning,
  type RiskWarning,
  realLocation,
  secretFileWarning,
} from '@tinyelf/core';
import type { Node } from 'web-tree-sitter';
import type { Finding } from '../finding';
import { DYNAMIC } from '../shell-word';
import type { PathContext } from '../target-paths';
import { addressTargets, engineSocketRule, environmentTargets } from './network-addresses';
import { moreNetworkTargets, remoteShellRule } from './network-clients';
import { configuredNetworkTargets } from './network-config';
import { deviceSocketTarget, networkTargets } from './network-targets';
import { operands, type Rule, warn } from './rule';
import { secretOutputRule } from './secret-commands';
import { writtenPaths } from './written-paths';

const fromWarning = (warning: RiskWarning | undefined): Finding[] =>
  warning ? [warn(warning.rule, warning.message)] : [];

const realRoots = new Map<string, string>();
/** A path for messages: parts only known when the command runs shown as `…`. */
const readable = (path: string) => path.replaceAll(DYNAMIC, '…');
const unknownPart = new RegExp(`[${DYNAMIC}*?[]`, 'u');

/**
 * Where a path argument leads: the forms to match (workspace-relative inside, absolute outside,
 * symbolic links followed), whether its real location is outside the workspace, and whether only
 * a folder of it is known (`.git/hooks/$NAME`, `~/.ssh/*`: the folder is judged with the files it
 * holds).
 */
function locate(raw: string, cwd: string | undefined, paths: PathContext, wholeWord = false) {
  // A `~` inside an option's value (`-d @~/x`, `--file=~/x`) may be expanded by the program;
  // bash has already expanded every `~` that starts a word, so one left there is a literal
  // folder name (`cat $'\x7e/.ssh/id_rsa'` reads ./~/.ssh/id_rsa).
  let path =
    !wholeWord && (raw === '~' || raw.startsWith('~/')) ? `${paths.homeDir}${raw.slice(1)}` : raw;
  const cut = path.search(unknownPart);
  if (cut === 0) {
    // An unknown start (`$DIR/.git/hooks/x`, `~user/.bashrc`): the known end is judged at any depth.
    const tail = path.slice(path.lastIndexOf(DYNAMIC) + 1);
    return tail.startsWith('/') && !unknownPart.test(tail)
      ? { forms: [tail.slice(1)], outside: true, partial: false }
      : undefined;
  }
  const partial = cut > 0;
  if (partial) path = path.slice(0, path.lastIndexOf('/', cut) + 1) || '.';
  if (!isAbsolute(path) && cwd === undefined) return { forms: [path], outside: false, partial };
  const absolute = resolve(cwd ?? '/', path);
  let root = realRoots.get(paths.workspaceRoot);
  if (!root) {
    root = realLocation(paths.workspaceRoot);
    realRoots.set(paths.workspaceRoot, root);
  }
  const shown = (location: string) =>
    isWithin(root, location) ? relative(root, location) || '.' : location;
  let real = absolute;
  try {
    real = realLocation(absolute);
  } catch {
    // A loop of links: judge the path as written.
  }
  return { forms: [shown(absolute), shown(real)], outside: !isWithin(root, real), partial };
}

/** The path inside an argument: `@file` (curl), `name=@file` (curl -F), `--opt=file`, the word. */
function pathsIn(argument: string): string[] {
  const found = [argument];
  const assigned = /^[^=]*=@?(.+)$/.exec(argument);
  if (assigned) found.push(assigned[1]!);
  if (argument.startsWith('@')) found.push(argument.slice(1));
  const fileUrl = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(argument);
  if (fileUrl) found.push(decodeURIComponent(fileUrl[1]!));
  // `name@FILE` (curl --data-urlencode, httpie fields), socat's `FILE:path,options`.
  const field = /^[\w.-]*@([~/$.].*)$/.exec(argument);
  if (field) found.push(field[1]!);
  const address = /^(?:FILE|OPEN|GOPEN|READLINE|CREATE):([^,]+)/i.exec(argument);
  if (address) found.push(address[1]!);
  const attached = /^-[A-Za-z]@?([~/.].*)$/.exec(argument);
  if (attached) found.push(attached[1]!);
  return found.filter((path) => /^(~|\/|\.{1,2}\/)|\//.test(path) || /^\.[\w-]/.test(path));
}

const isWrite = (operator: string, target: string) =>
  /^(&>|&>>|<>|\d*>|\d*>>|\d*>\||\d*<>)$/.test(operator) ||
  (/^\d*>&$/.test(operator) && !/^(\d+|-)$/.test(target));
const sends = /^(curl|wget|scp|sftp|rsync|nc|ncat|netcat|socat|http|https|xh|ssh|ftp|lftp)$/;
const dataPrograms = /^(echo|printf|true|false|:|test|\[|\[\[|which|type|command)$/;

/**
 * Writes, by redirection or by argument (`tee`, `cp`, `mv`, `install`, `ln`, `sed -i`, `dd of=`,
 * `truncate`, `chmod`, `curl -o`, `tar -x -C`, ...), to files that run code or grant permissions:
 * the same warning Write would give for that file. A folder written whole (`cp -r x .github`,
 * `mv x .git`) counts when it holds such files.
 */
export const codeRunningWriteRule: Rule = ({ program, args, command }, { paths }) => {
  const findings: Finding[] = [];
  const check = (raw: string, folder: boolean) => {
    const place = locate(raw, command.cwd, paths);
    for (const form of place?.forms ?? []) {
      const ancestors = folder || place?.partial === true;
      const warning = codeRunningFileWarning(form, { ancestors, shown: readable(raw) });
      if (warning && !findings.some((finding) => finding.rule === warning.rule))
        return void findings.push(warn(warning.rule, warning.message));
    }
  };
  for (const redirect of command.redirects)
    if (isWrite(redirect.operator, redirect.target) && !/^\d+$/.test(redirect.target))
      check(redirect.target, false);
  for (const { path, folder } of writtenPaths(program, args)) check(path, folder);
  if (program === 'crontab' && !args.some((arg) => /^-[^-]*[lr]/.test(arg))) {
    const entry = CODE_RUNNING_FILES.find((candidate) => candidate.rule === 'scheduled-jobs')!;
    findings.push(warn('scheduled-jobs', `Writes the user's crontab, ${entry.reason}.`));
  }
  return findings;
};

/**
 * Reads of files that hold secrets from outside the workspace (`cat ~/.ssh/id_rsa`, `base64`,
 * `tar`, `cp`, `git diff --no-index`, `curl -d @~/.aws/credentials`, `< ~/.netrc`, ...): the same
 * warning a Read of that file gives. A network program sending it is worded `Sends`.
 */
export const secretReadRule: Rule = ({ program, args, command }, { paths }) => {
  if (dataPrograms.test(program)) return [];
  const findings: Finding[] = [];
  const verb = sends.test(program) ? 'Sends' : 'Reads';
  const check = (raw: string, wholeWord = false) => {
    const place = locate(raw, command.cwd, paths, wholeWord);
    if (!place?.outside) return;
    for (const form of place.forms) {
      const warning = secretFileWarning(form, { verb, shown: readable(raw) });
      if (warning) return void findings.push(warn(warning.rule, warning.message));
    }
  };
  for (const arg of containers.test(program) ? hostPaths(args) : args)
    for (const path of pathsIn(arg)) check(path, path === arg);
  for (const redirect of command.redirects)
    if (/</.test(redirect.operator) && !/^\d+$/.test(redirect.target)) check(redirect.target, true);
  return findings;
};

/** Options of container clients whose value is a host file or folder they read. */
const hostFileOptions =
  /^(-v|--volume|--mount|--secret|--env-file|-f|--file|--kubeconfig|--config|--tlscacert|--tlscert|--tlskey|--certificate-authority|--client-certificate|--client-key|--token-file|--build-context|--label-file)$/;

/** Container clients: their command's paths are the container's, not the host's. */
const containers = /^(docker|podman|nerdctl|kubectl|oc)$/;

/**
 * The host paths a container client reads: the sources of `-v`/`--volume`/`--mount`, files
 * given to options (`--env-file`, `--kubeconfig`, TLS keys, a build file), and the local side of `cp` (the command run inside the
 * container names its own files: `docker run alpine ls /etc` lists the image's /etc).
 */
function hostPaths(args: readonly string[]): string[] {
  const found: string[] = [];
  const copying = args.includes('cp');
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [name, attached] = arg.startsWith('--') ? arg.split(/=(.*)/s) : [arg, undefined];
    if (hostFileOptions.test(name!)) {
      const value = attached ?? args[++index] ?? '';
      if (name === '--mount' || name === '--secret')
        found.push(/(?:^|,)(?:source|src)=([^,]+)/.exec(value)?.[1] ?? '');
      else if (name === '-v' || name === '--volume') found.push(value.split(':')[0] ?? '');
      else found.push(value);
    } else if (copying && !arg.startsWith('-') && arg !== 'cp' && !/^[^/]+:/.test(arg))
      found.push(arg);
  }
  return found.filter(Boolean);
}

/**
 * Network clients (curl, wget, httpie, nc, telnet, socat, ssh, scp, sftp, rsync, database
 * clients, git remotes, openssl, nmap) and `/dev/tcp` redirections that reach loopback, private,
 * link-local, CGNAT, unique-local or cloud metadata addresses, in every spelling (`2130706433`,
 * `0x7f.1`, `0177.0.0.1`, `127.1`, `[::ffff:127.0.0.1]`, `localhost.`, `*.localhost`): the
 * reason WebFetch gives when it refuses the same host.
 */
export const privateNetworkRule: Rule = ({ program, args, command }) => {
  const findings: Finding[] = [];
  const targets = [
    ...networkTargets(program, args),
    ...moreNetworkTargets(program, args, command),
    ...configuredNetworkTargets(program, args, command),
    ...command.redirects.flatMap((redirect) => deviceSocketTarget(redirect.target) ?? []),
    ...args.flatMap((arg) => deviceSocketTarget(arg) ?? []),
  ];
  const known = targets.length;
  // The general address reading (any program's URL and host options, address operands, image
  // registries, the environment) adds the hosts the client table above did not name.
  targets.push(...addressTargets(program, args), ...environmentTargets(command, args));
  const seen = new Set<string>();
  for (const [index, target] of targets.entries()) {
    if (target.host.includes(DYNAMIC)) continue;
    // A network range (`10.0.0.0/24`) is judged by its first address.
    const found = classifyHost(target.host.replace(/\/\d{1,3}$/, ''));
    if (found && index >= known && seen.has(found.canonical)) continue;
    if (found) seen.add(found.canonical);
    if (found) findings.push(warn('private-network', nonPublicHostWarning(target.shown, found)));
  }
  return findings;
};

/** `NAME=value` words given to `env`, `sudo` or `doas`, which set them for the program they run. */
function wrapperAssignments(words: readonly string[]): [string, string][] {
  const found: [string, string][] = [];
  let inWrapper = false;
  for (const word of words) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(word);
    if (/(^|\/)(env|sudo|doas)$/.test(word)) inWrapper = true;
    else if (inWrapper && assignment) found.push([assignment[1]!, assignment[2]!]);
    else if (!word.startsWith('-')) inWrapper = false;
  }
  return found;
}

/** The keys and values a git command sets: `-c k=v`, `--config-env=k=VAR`, `git config [set] k v`. */
function gitConfigSettings(args: readonly string[]): [string, string | undefined][] {
  const settings: [string, string | undefined][] = [];
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-c') {
      const [key, ...value] = (args[++index] ?? '').split('=');
      settings.push([key!, value.length ? value.join('=') : 'true']);
    } else if (arg.startsWith('--config-env')) {
      const spec = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[++index] ?? '');
      settings.push([spec.slice(0, spec.indexOf('=')), undefined]);
    } else if (/^(-C|--git-dir|--work-tree|--namespace|--exec-path)$/.test(arg)) index++;
    else if (!arg.startsWith('-')) break;
  }
  if (args[index] !== 'config') return settings;
  const rest = args.slice(index + 1);
  const plain = operands(
    rest.filter(
      (_arg, position) =>
        !/^(-f|--file|--blob|--type|--default|--comment|--value)$/.test(rest[position - 1] ?? ''),
    ),
  );
  if (rest.some((arg) => arg === '-e' || arg === '--edit') || plain[0] === 'edit')
    settings.push(['core.hooksPath', undefined]);
  const [first, second, third] = plain;
  if (first === 'set' && second) settings.push([second, third]);
  else if (
    first &&
    second !== undefined &&
    !/^(get|list|unset|get-regexp|get-urlmatch|remove-section|rename-section)$/.test(first) &&
    !rest.some((arg) => /^(--get|--get-all|--get-regexp|--unset|--unset-all|-l|--list)$/.test(arg))
  )
    settings.push([first, second]);
  return settings;
}

/**
 * Environment and configuration that make programs run code: `env`/`sudo` assignments
 * (`env NODE_OPTIONS=--require... node`, `LD_PRELOAD=` through `env`), git configuration set by
 * `-c`, `--config-env` or `git config` (`core.fsmonitor`, `core.hooksPath`, `alias.x='!...'`,
 * ...), and ssh options that run commands (`-o ProxyCommand`, `LocalCommand`). Prefix and
 * `export` assignments are judged by {@link sensitiveScriptFindings}, and by this rule too when
 * the walker passes the program's `environment`.
 */
export const codeRunningSettingsRule: Rule = ({ program, args, command, wrappers }) => {
  const findings: Finding[] = [];
  const environment = (
    command as { environment?: ReadonlyMap<string, readonly string[] | undefined> }
  ).environment;
  for (const [name, values] of environment ?? [])
    for (const value of values ?? [undefined])
      findings.push(...fromWarning(codeRunningVariableWarning(name, value)));
  if (wrappers.length > 0)
    for (const [name, value] of wrapperAssignments(command.words))
      findings.push(...fromWarning(codeRunningVariableWarning(name, value)));
  if (program === 'git')
    for (const [key, value] of gitConfigSettings(args))
      findings.push(...fromWarning(codeRunningGitConfigWarning(key, value)));
  const [sub, verb, key] = args;
  if (
    /^(npm|pnpm|yarn)$/.test(program) &&
    sub === 'config' &&
    verb === 'set' &&
    key &&
    /^(script-shell|shell|node-options|git|editor|browser|viewer|init-module|onload-script|yarnPath|yarn-path|npmPath|pnpmfile|global-pnpmfile)$/i.test(
      key.replace(/=.*$/, ''),
    )
  )
    findings.push(
      warn(
        'code-running-tool-config',
        `Sets the ${program} configuration ${key.replace(/=.*$/, '')}, which names a program or script ${program} runs.`,
      ),
    );
  if (program === 'git') {
    const execPath = args.find((arg) => arg.startsWith('--exec-path='));
    if (execPath)
      findings.push(
        warn('code-running-git-config', `git ${execPath} runs git's commands from another folder.`),
      );
  }
  if (
    program === 'systemctl' &&
    args.some((arg) => /^(link|enable|edit|import-environment|set-environment)$/.test(arg)) &&
    (args.some((arg) => arg.includes('/')) || args.includes('edit') || args.includes('link'))
  ) {
    const entry = CODE_RUNNING_FILES.find((candidate) => candidate.rule === 'scheduled-jobs')!;
    findings.push(warn('scheduled-jobs', `systemctl installs a unit, ${entry.reason}.`));
  }
  if (/^(ssh|scp|sftp)$/.test(program)) {
    for (const [index, arg] of args.entries()) {
      const option =
        arg === '-o' ? (args[index + 1] ?? '') : arg.startsWith('-o') ? arg.slice(2) : '';
      if (/^\s*(ProxyCommand|LocalCommand|KnownHostsCommand|PermitLocalCommand)\b/i.test(option))
        findings.push(
          warn(
            'code-running-ssh-option',
            `${program} -o ${option.split(/[=\s]/)[0]} runs a local command.`,
          ),
        );
    }
  }
  return findings;
};

/**
 * What a script sets up outside its commands, judged on the parsed script: every variable
 * assignment (prefix `X=v cmd`, `export`, `declare -x`, `local`, bare, quoted `export "X=v"`,
 * `export X`) that makes programs run code (`LD_PRELOAD`, `BASH_ENV`, `PROMPT_COMMAND`,
 * `NODE_OPTIONS=--require ...`, `GIT_CONFIG_*`, `GIT_SSH_COMMAND`, a `PAGER` that is shell
 * code, ...), and files written by a redirection that tree-sitter places inside a here-document
 * (`cat <<'EOF' > .git/hooks/pre-commit`).
 */
export function sensitiveScriptFindings(root: Node): Finding[] {
  const findings: Finding[] = [];
  const unquote = (text: string) => (/^'.*'$|^".*"$/s.test(text) ? text.slice(1, -1) : text);
  const judge = (name: string, value: string | undefined) =>
    findings.push(...fromWarning(codeRunningVariableWarning(name.replace(/\[.*$/, ''), value)));
  // One walk of the tree for the three kinds (each walk costs a pass through the WebAssembly
  // tree), none when the text cannot hold them: an assignment needs `=`, a here-document `<<`,
  // a declaration its keyword.
  const nodes = /=|<<|declare|typeset|export|readonly|local/.test(root.text)
    ? root.descendantsOfType(['variable_assignment', 'declaration_command', 'heredoc_redirect'])
    : [];
  const types = nodes.map((node) => node?.type);
  const ofType = (type: string) => nodes.filter((_, index) => types[index] === type);
  for (const assignment of ofType('variable_assignment')) {
    const name = assignment?.childForFieldName('name')?.text;
    if (name) judge(name, unquote(assignment.childForFieldName('value')?.text ?? ''));
  }
  // `export NAME`, `declare -x "NAME=value"`: names and quoted assignments are not assignment nodes.
  for (const declaration of ofType('declaration_command')) {
    for (const child of declaration?.namedChildren ?? []) {
      if (!child || child.type === 'variable_assignment') continue;
      const text = unquote(child.text);
      const assigned = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(text);
      if (assigned) judge(assigned[1]!, assigned[2]);
      else if (child.type === 'variable_name') judge(text, undefined);
    }
  }
  for (const hereDocument of ofType('heredoc_redirect')) {
    for (const child of hereDocument?.namedChildren ?? []) {
      if (child?.type !== 'file_redirect' || !/>/.test(child.text)) continue;
      const target = child.childForFieldName('destination')?.text;
      if (!target || /[$`\\]/.test(target)) continue;
      findings.push(...fromWarning(codeRunningFileWarning(unquote(target))));
    }
  }
  return findings;
}

/**
 * {@link sensitiveScriptFindings} under its first name, which classifiers merged earlier call
 * (assignments were its first job).
 */
export const sensitiveAssignmentFindings = sensitiveScriptFindings;

/** The rules of this file, in the order they run. */
export const sensitiveResourceRules: readonly Rule[] = [
  codeRunningWriteRule,
  secretReadRule,
  privateNetworkRule,
  engineSocketRule,
  remoteShellRule,
  codeRunningSettingsRule,
  secretOutputRule,
];
