import { optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';

const script = (text: string | undefined): Payload[] =>
  text?.trim() ? [{ kind: 'script', text }] : [];

/** socat's address types that run a program: `EXEC:cmd` (argv) and `SYSTEM:cmd`/`SHELL:cmd` (sh -c). */
function socatAddresses(args: readonly string[]): Payload[] {
  return args.flatMap((arg) => {
    const match = /^(EXEC|SYSTEM|SHELL):([\s\S]*)$/i.exec(arg);
    if (!match) return [];
    // Options of the address follow the command after an unquoted comma (`EXEC:cmd,pty`).
    let depth = '';
    let end = match[2]!.length;
    for (let index = 0; index < match[2]!.length; index++) {
      const char = match[2]![index]!;
      if ((char === '"' || char === "'") && (depth === '' || depth === char))
        depth = depth ? '' : char;
      else if (char === ',' && !depth) {
        end = index;
        break;
      }
    }
    return script(match[2]!.slice(0, end));
  });
}

/** `key=value` pairs of an ansible module's `-a` text (`path=/ state=absent`). */
function moduleArguments(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const match of text.matchAll(/(\w+)=("[^"]*"|'[^']*'|\S+)/g))
    pairs.set(match[1]!, match[2]!.replace(/^["']|["']$/g, ''));
  return pairs;
}

/** What an ansible module given on the command line does on the hosts (`-m shell -a CODE`). */
function ansibleModule(args: readonly string[]): Payload[] {
  const parsed = parseOptions(args, {
    shortWithValue: 'maiuecfkMtBPlTbK',
    longWithValue: [
      'module-name',
      'args',
      'inventory',
      'user',
      'extra-vars',
      'connection',
      'forks',
      'limit',
      'become-user',
      'become-method',
      'timeout',
      'module-path',
      'private-key',
      'vault-password-file',
    ],
  });
  const module = (optionValues(parsed, 'm', 'module-name').at(-1) ?? 'command').replace(
    /^ansible\.(builtin|legacy)\./,
    '',
  );
  const text = optionValues(parsed, 'a', 'args').join(' ');
  if (/^(shell|command|raw|win_shell|win_command)$/.test(module))
    return script(text.replace(/\b(chdir|creates|removes|executable)=\S+/g, ''));
  if (module === 'script') return [{ kind: 'script-file', path: text.split(/\s+/)[0] ?? '' }];
  if (module === 'file') {
    const pairs = moduleArguments(text);
    const path = pairs.get('path') ?? pairs.get('dest') ?? pairs.get('name');
    if (path && pairs.get('state') === 'absent')
      return [{ kind: 'command', words: ['rm', '-rf', '--', path] }];
  }
  return [];
}

/** Strings of a Puppet manifest or Chef recipe that name a command (`command => "..."`, `execute "..."`). */
function resourceCommands(code: string): Payload[] {
  const found: Payload[] = [];
  for (const match of code.matchAll(
    /\b(?:command|onlyif|unless)\s*(?:=>)?\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')|\b(?:execute|bash|script)\s*\(?\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')/g,
  ))
    found.push(...script((match[1] ?? match[2])!.slice(1, -1)));
  // An exec resource whose title is its command (`exec { "rm -rf /": }`).
  for (const match of code.matchAll(/\bexec\s*\{\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')\s*:/g))
    if (!/\bcommand\s*=>/.test(code)) found.push(...script(match[1]!.slice(1, -1)));
  return found;
}

/** Mercurial `--config` settings that run shell commands: hooks and `!` aliases. */
function hgConfig(args: readonly string[]): Payload[] {
  const found: Payload[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const setting =
      arg === '--config' ? args[++index] : arg.startsWith('--config=') ? arg.slice(9) : undefined;
    const match = /^([\w.-]+)=([\s\S]*)$/.exec(setting ?? '');
    if (!match) continue;
    const [, key, value] = match;
    if (/^hooks\./.test(key!) && !/^python:/.test(value!)) found.push(...script(value));
    else if (/^alias\./.test(key!) && value!.startsWith('!'))
      found.push(...script(value!.slice(1)));
    else if (/^(ui\.(editor|merge|ssh)|merge-tools\..*\.executable|pager\.pager)$/.test(key!))
      found.push(...script(value));
  }
  return found;
}

/** Maven's exec plugin: `exec:exec` with `-Dexec.executable` and `-Dexec.args`. */
function mavenExec(args: readonly string[]): Payload[] {
  if (!args.some((arg) => /^(org\.codehaus\.mojo:)?exec(-maven-plugin)?(:[\d.]+)?:exec$/.test(arg)))
    return [];
  const property = (name: string) => {
    const found = args.findLast((arg) => arg.startsWith(`-D${name}=`));
    return found?.slice(name.length + 3);
  };
  const executable = property('exec.executable');
  if (!executable) return [];
  return script(`${executable} ${property('exec.args') ?? ''}`);
}

/** Cargo's `--config` settings that name a program: a target's `runner`, `build.rustc-wrapper`. */
function cargoConfig(args: readonly string[]): Payload[] {
  const found: Payload[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const setting =
      arg === '--config' ? args[++index] : arg.startsWith('--config=') ? arg.slice(9) : undefined;
    const match =
      /^\s*(target\.[^=]+\.runner|build\.rustc(-workspace)?-wrapper|build\.rustc)\s*=\s*([\s\S]*)$/.exec(
        setting ?? '',
      );
    if (!match) continue;
    const value = match[3]!.trim().replace(/^"([\s\S]*)"$|^'([\s\S]*)'$/, '$1$2');
    found.push(...script(value));
  }
  return found;
}

/** ssh's `-o ProxyCommand=CMD` and `-o LocalCommand=CMD` (with `PermitLocalCommand`): run by a local shell. */
function sshCommandOptions(args: readonly string[]): Payload[] {
  const found: Payload[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const option = arg === '-o' ? args[++index] : arg.startsWith('-o') ? arg.slice(2) : undefined;
    const match = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand)\s*(?:=|\s)\s*([\s\S]*)$/i.exec(
      option ?? '',
    );
    // `none` turns the command off; %h, %p, ... are the host and port.
    if (match && match[2]!.trim() !== 'none')
      found.push(...script(match[2]!.replace(/%[a-zA-Z%]/g, 'x')));
  }
  return found;
}

/**
 * Programs whose operands (not options) are commands they run: `socat EXEC:`/`SYSTEM:`,
 * `pee CMD...` (each through `sh -c`), `pdsh`/`clush -w HOSTS CMD` (a shell there),
 * `salt-call cmd.run CMD`, `ansible -m shell|command|raw -a CMD` (and `-m file state=absent`,
 * a recursive delete), `puppet apply -e`, `chef-apply -e`, `podman|buildah unshare CMD`,
 * `npm explore PKG -- CMD`, `mvn exec:exec -Dexec.executable`, `cargo --config
 * target.X.runner=`, `hg --config hooks.*=`/`alias.*=!`. Undefined for every other program.
 */
export function execOperandPayloads(program: string, args: readonly string[]): Payload[] {
  switch (program) {
    case 'socat':
      return socatAddresses(args);
    case 'pee':
      return args
        .filter((arg) => !/^--?(ignore-sigpipe|ignore-write-errors|no-)/.test(arg))
        .flatMap(script);
    case 'pdsh':
    case 'clush':
    case 'pdcp': {
      const parsed = parseOptions(args, {
        shortWithValue: 'wxgXlRtuFfNBoO',
        longWithValue: ['nodes', 'exclude', 'group', 'user', 'options', 'fanout', 'copy', 'dest'],
        stopAtOperand: true,
      });
      return script(args.slice(parsed.rest).join(' '));
    }
    case 'salt-call':
    case 'salt':
    case 'salt-ssh': {
      const at = args.findIndex((arg) =>
        /^cmd\.(run|run_all|run_stdout|run_stderr|shell|exec_code|script)$/.test(arg),
      );
      if (at === -1) return [];
      const rest = args.slice(at + 1).filter((arg) => !/^[\w]+=/.test(arg));
      return /script$/.test(args[at]!) ? [] : script(rest.join(' '));
    }
    case 'ansible':
      return ansibleModule(args);
    case 'puppet':
    case 'chef-apply':
    case 'chef-client': {
      const parsed = parseOptions(args, { shortWithValue: 'e', longWithValue: ['execute'] });
      return optionValues(parsed, 'e', 'execute').flatMap(resourceCommands);
    }
    case 'podman':
    case 'buildah': {
      const at = args.indexOf('unshare');
      if (at === -1 || args.slice(0, at).some((arg) => !arg.startsWith('-'))) return [];
      const rest = args
        .slice(at + 1)
        .filter(
          (arg, index, list) =>
            !(arg.startsWith('-') && list.slice(0, index).every((item) => item.startsWith('-'))),
        );
      return rest.length ? [{ kind: 'command', words: rest }] : [];
    }
    case 'npm': {
      if (args[0] !== 'explore') return [];
      const at = args.indexOf('--');
      return at === -1 ? [] : script(args.slice(at + 1).join(' '));
    }
    case 'mvn':
    case 'mvnw':
    case './mvnw':
      return mavenExec(args);
    case 'cargo':
      return cargoConfig(args);
    case 'hg':
    case 'chg':
      return hgConfig(args);
    case 'ssh':
    case 'scp':
    case 'sftp':
    case 'autossh':
      return sshCommandOptions(args);
    default:
      return [];
  }
}
