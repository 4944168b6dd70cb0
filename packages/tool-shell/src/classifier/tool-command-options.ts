import { inlineShellCommands } from './inline-shell-calls';
import { ownEntry } from './own-entry';
import type { Payload } from './payload';

/** Options of ordinary tools whose value is a shell command the tool runs. */
const commandOptions: Record<string, { short?: string; long: string[]; prefix?: RegExp }> = {
  tar: {
    short: 'IF',
    long: [
      'to-command',
      'checkpoint-action',
      'use-compress-program',
      'info-script',
      'new-volume-script',
      'rsh-command',
    ],
    prefix: /^exec=/,
  },
  zip: { long: ['unzip-command'], short: '' },
  rsync: { short: 'e', long: ['rsh', 'rsync-path'] },
  man: { short: 'PH', long: ['pager', 'html'] },
  gdb: { long: ['ex', 'eval-command', 'iex', 'init-eval-command'] },
  scp: { short: 'S', long: [] },
  sort: { long: ['compress-program'] },
  apt: { long: [] },
  'apt-get': { long: [] },
  aptitude: { long: [] },
  split: { long: ['filter'] },
  dpkg: { long: ['pre-invoke', 'post-invoke'] },
  rpm: { long: ['pipe'] },
  'git-send-email': { long: ['sendmail-cmd', 'smtp-server'] },
  sftp: { short: 'S', long: [] },
  git: {
    long: ['upload-pack', 'receive-pack', 'exec', 'open-files-in-pager', 'sendmail-cmd'],
  },
  ssh: { long: [] },
  mutt: { long: [] },
};

/**
 * Commands given to ordinary tools in their options: `tar --to-command`, `tar
 * --checkpoint-action=exec=`, `zip -TT`, `rsync -e`, `man -P`, `gdb -ex '!...'`, `vim -c
 * '!...'`, `less +!...`, `sed`'s `e` command and `s///e` flag.
 */
export function commandOptionPayloads(program: string, args: readonly string[]): Payload[] {
  const scripts: string[] = [];
  const spec = ownEntry(commandOptions, program);
  if (spec) {
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      const long = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
      // GNU tools take any unambiguous prefix of a long option (`--compress-prog=`).
      const longName =
        long &&
        spec.long.find(
          (name) => name === long[1] || (long[1]!.length >= 4 && name.startsWith(long[1]!)),
        );
      if (long && longName) scripts.push(long[2] ?? args[++index] ?? '');
      else if (
        program === 'git' &&
        ((arg === '-u' && args.includes('clone')) || (/^-O/.test(arg) && args.includes('grep')))
      )
        scripts.push(arg.length > 2 ? arg.slice(2) : (args[++index] ?? ''));
      else if (
        /^(apt|apt-get|aptitude|apt-cache)$/.test(program) &&
        /^(-o|--option)$/.test(arg) &&
        /(Pre|Post)-Invoke|Pre-Install-Pkgs/i.test(args[index + 1] ?? '')
      )
        scripts.push((args[++index] ?? '').replace(/^[^=]*=/, ''));
      else if (program === 'gdb' && /^-(ex|iex)$/.test(arg)) scripts.push(args[++index] ?? '');
      else if (program === 'zip' && arg === '-TT') scripts.push(args[++index] ?? '');
      else if (
        spec.short &&
        /^-[A-Za-z]/.test(arg) &&
        !arg.startsWith('--') &&
        spec.short.includes(arg[1]!)
      )
        scripts.push(arg.length > 2 ? arg.slice(2) : (args[++index] ?? ''));
    }
  }
  if (/^(vim?|nvim|ex|view|vimdiff|gvim|less|more|most)$/.test(program)) {
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      const value =
        arg === '-c' || arg === '--cmd'
          ? (args[++index] ?? '')
          : arg.startsWith('+')
            ? arg.slice(1)
            : undefined;
      // `:!cmd`, and Vim script handing a command to a shell (`call system("...")`).
      if (value !== undefined)
        scripts.push(...editorShell(value), ...inlineShellCommands(value, 'Vim script'));
    }
  }
  const inputRuns: Payload[] = program === 'sed' || program === 'gsed' ? sedInputRuns(args) : [];
  if (program === 'sed' || program === 'gsed') scripts.push(...sedCommands(args));
  return [
    ...inputRuns,
    ...scripts
      .filter((text) => program !== 'gdb' || /^\s*(shell\b|!)/.test(text))
      .map((text) => ({
        kind: 'script' as const,
        text:
          program === 'gdb' ? text.replace(/^\s*(shell\b|!)\s*/, '') : text.replace(/^exec=/, ''),
      })),
  ];
}

/**
 * sed's `e` command without a command runs each line it reads as a shell command: its input
 * (standard input, or the files named after the script) is then a script.
 */
function sedInputRuns(args: readonly string[]): Payload[] {
  const { programs, files } = sedArguments(args);
  const bare = programs.some((program) =>
    program.split(/\n|;/).some((line) => /^\s*(?:\d+|\$|\/[^/]*\/)?\s*e\s*$/.test(line)),
  );
  if (!bare) return [];
  const named = files.filter((file) => file !== '-');
  return named.length
    ? named.map((path) => ({ kind: 'script-file' as const, path }))
    : [{ kind: 'stdin-script' as const }];
}

/** sed's scripts (`-e`, `--expression`, or the first operand) and the files it reads. */
function sedArguments(args: readonly string[]): { programs: string[]; files: string[] } {
  const programs: string[] = [];
  const files: string[] = [];
  let sawScript = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-e' || arg === '--expression') {
      programs.push(args[++index] ?? '');
      sawScript = true;
    } else if (arg.startsWith('--expression=')) {
      programs.push(arg.slice(13));
      sawScript = true;
    } else if (arg === '-f' || arg === '--file' || arg === '-l' || arg === '--line-length') index++;
    else if (!arg.startsWith('-') || arg === '-') {
      if (sawScript) files.push(arg);
      else programs.push(arg);
      sawScript = true;
    }
  }
  return { programs, files };
}

function editorShell(command: string): string[] {
  const match = /(?:^|\|)\s*:?\s*(?:[%.$\d,]*\s*(?:r(?:ead)?|w(?:rite)?)?\s*)?!(.*)$/s.exec(
    command,
  );
  return match ? [match[1]!] : [];
}

const sedAddress = String.raw`(?:(?:\d+|\$|\/[^/]*\/)(?:\s*,\s*(?:\d+|\$|\/[^/]*\/))?)?!?\s*`;
const sedExecute = new RegExp(`^\\s*${sedAddress}e\\s+(.+)$`);
const sedWrite = new RegExp(`^\\s*${sedAddress}[wW]\\s*(\\S.*)$`);
const sedSubstitute = new RegExp(
  `^\\s*${sedAddress}s(.)((?:\\\\.|(?!\\1).)*)\\1((?:\\\\.|(?!\\1).)*)\\1([gpIiMme0-9]*)(?:w\\s*(\\S.*))?$`,
);

/**
 * What sed runs and writes: the `e COMMAND` command and the `s///e` flag run shell code; `w FILE`
 * and the `s///w FILE` flag write FILE, judged as a shell redirection to it.
 */
function sedCommands(args: readonly string[]): string[] {
  const { programs } = sedArguments(args);
  const commands: string[] = [];
  for (const program of programs) {
    for (const line of program.split(/\n|;/)) {
      const execute = sedExecute.exec(line);
      if (execute) commands.push(execute[1]!);
      const write = sedWrite.exec(line);
      if (write) commands.push(`: >> '${write[1]!.replaceAll("'", `'\\''`)}'`);
      const substitute = sedSubstitute.exec(line);
      if (substitute?.[4]?.includes('e')) commands.push(substitute[3]!);
      if (substitute?.[5]) commands.push(`: >> '${substitute[5].replaceAll("'", `'\\''`)}'`);
    }
  }
  return commands;
}
