import type { Finding } from '../finding';
import { DYNAMIC, isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { block, type Rule, warn } from './rule';

const sampleNames = ['systemd', 'init', 'sshd', 'bash', 'node', 'containerd', 'Xorg', 'a'];

function killsEverything(message: string): Finding {
  return block('kill-everything', message);
}

/**
 * Killing every process: `kill -9 -1` (every process the user may signal), `kill 1` (init),
 * `kill -KILL -- -1`, `pkill`/`killall -r` with a pattern that matches every name (`.`, `''`,
 * `.*`), `pkill -u USER`, `killall5`, `fuser -k /`, `systemctl kill '*'`. Killing by name warns.
 */
export const killRule: Rule = ({ program, args }) => {
  if (program === 'killall5')
    return [killsEverything('killall5 signals every process on the machine.')];
  if (program === 'kill') {
    const fatal = killTargets(args).find((pid) => /^-?0*1$/.test(pid.replaceAll(DYNAMIC, '')));
    if (!fatal) return [];
    const what = /^0*1$/.test(fatal)
      ? 'init, which stops the machine'
      : 'every process it may signal';
    return [killsEverything(`kill ${args.join(' ')} signals ${what}.`)];
  }
  if (program === 'pkill' || program === 'killall') return byName(program, args);
  // procps `skill`/`snice`: `-u USER` (or `-t`, `-p`) selects every process of that user.
  if (
    program === 'skill' &&
    args.some((arg) => /^-[utp]$/.test(arg) || /^--(user|tty|pid)/.test(arg))
  )
    return [
      killsEverything(`skill ${args.join(' ')} signals every process of a user or terminal.`),
    ];
  if (program === 'fuser' && args.some((arg) => /^-[a-zA-Z]*k/.test(arg) || arg === '--kill')) {
    const targets = args.filter((arg) => !arg.startsWith('-'));
    if (targets.some((target) => /^\/((proc|sys|dev|usr|etc|var|home|root)\/?)?$/.test(target)))
      return [
        killsEverything(
          `fuser -k ${targets.join(' ')} kills every process using the system's files.`,
        ),
      ];
    return [warn('kill-by-name', 'fuser -k kills the processes using a file.')];
  }
  if (program === 'systemctl' && args.includes('kill')) {
    const units = args.filter((arg) => !arg.startsWith('-') && arg !== 'kill');
    if (
      units.some((unit) => /^[*?]+$|^(init\.scope|-\.slice|system\.slice|user\.slice)$/.test(unit))
    )
      return [killsEverything(`systemctl kill ${units.join(' ')} signals every service.`)];
  }
  return [];
};

/** Programs of the system itself, whose command lines a full-line pattern must not name. */
const systemDaemons =
  /^(\S*\/)?(sshd|systemd|init|dbus|login|agetty|getty|cron|crond|atd|dockerd|containerd|Xorg|Xwayland|gnome|kde|plasma|sddm|gdm|lightdm|NetworkManager|wpa_supplicant|udevd|rsyslogd|polkitd|bash|sh|zsh|node\s+\S*tinyelf)\b/;

/**
 * Killing by the names, users or patterns of processes (`pkill`, `killall`); also used for
 * `kill $(pgrep ARGS)`, which selects what `pkill ARGS` would.
 */
export function byName(program: string, args: readonly string[]): Finding[] {
  const patterns: string[] = [];
  let regex = program === 'pkill';
  let everyUser = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-r' || arg === '--regexp') regex = true;
    else if (/^-[a-zA-Z]*v$|^--inverse$/.test(arg) && program === 'pkill')
      return [
        killsEverything(`${program} ${args.join(' ')} signals every process but the ones named.`),
      ];
    else if (/^-(u|U|-user|-uid|-euid)$/.test(arg) || /^--(user|uid|euid)=/.test(arg)) {
      everyUser = true;
      if (!arg.includes('=')) index++;
    } else if (
      /^-([sgGPtnoxFL]|-signal|-group|-parent|-terminal|-session|-ns|-older-than|-younger-than|-context|-pidfile)$/.test(
        arg,
      )
    )
      index++;
    else if (!arg.startsWith('-') || arg === '-') patterns.push(arg);
  }
  if (everyUser && patterns.length === 0)
    return [killsEverything(`${program} signals every process of a user.`)];
  if (patterns.some((pattern) => isStatic(pattern) && matchesEverything(pattern, regex)))
    return [killsEverything(`${program} ${args.join(' ')} matches every process name.`)];
  // `pkill -f 'vite --port 5173'`: a whole command line with its arguments names the process
  // the agent started, not every process of a program.
  const fullLine = args.some((arg) => /^-[a-zA-Z]*f$|^--full$/.test(arg));
  if (
    fullLine &&
    patterns.length === 1 &&
    isStatic(patterns[0]!) &&
    /^[\w./@:=-]*\w{3}[\w./@:=-]*( +[\w./@:=-]+)+$/.test(patterns[0]!) &&
    !systemDaemons.test(patterns[0]!) &&
    !matchesEverything(patterns[0]!, regex)
  )
    return [];
  if (patterns.length && !args.some((arg) => arg === '-l' || arg === '--list'))
    return [
      warn(
        'kill-by-name',
        `${program} ${args.join(' ')} stops every process of that name, also ones the agent did not start.`,
      ),
    ];
  return [];
}

/** `kill` of process ids listed by `ps -e`, `ps aux` or `pgrep .`: every process. */
export const killListedRule: Rule = ({ program, args, command }) => {
  if (program !== 'kill' && program !== 'xargs') return [];
  if (program === 'xargs' && !args.some((arg) => /(^|\/)kill$/.test(arg))) return [];
  const sources = [command.text, ...producers(command)].join('\n');
  // Lists of every pid: `ps -e`/`ps aux`, `pgrep .`, `pgrep -v X` (all but X), `ls /proc`;
  // and pid 1 by name (`pgrep -x systemd`).
  return /\bps\b[^|;&]*(\s-[a-zA-Z]*[eA]|\sa?u?x\b)|\bpgrep\s+(-\S+\s+)*['"]?(\.|\.\*|\^|\$)['"]?(\s|$|\))|\bpgrep\s+(-\S+\s+)*-[a-zA-Z]*v|\bpgrep\s+(-\S+\s+)*['"]?\^?(systemd|init)\$?['"]?(\s|$|\))|\bls\s+(-\S+\s+)*\/proc\/?(\s|$|\||\))/.test(
    sources,
  )
    ? [killsEverything('kill is given every process id that ps or pgrep lists.')]
    : [];
};

function producers(command: SimpleCommand): string[] {
  const texts: string[] = [];
  let current = command.stdin?.producer;
  for (let depth = 0; current && depth < 8; depth++) {
    texts.push(current.text);
    current = current.stdin?.producer;
  }
  return texts;
}

function killTargets(args: readonly string[]): string[] {
  const targets: string[] = [];
  let optionsDone = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (!optionsDone && arg === '--') optionsDone = true;
    else if (!optionsDone && (arg === '-s' || arg === '-n' || arg === '--signal')) index++;
    else if (!optionsDone && (arg === '-l' || arg === '-L' || arg === '--list')) return [];
    else if (
      !optionsDone &&
      index === 0 &&
      /^-([A-Za-z][A-Za-z0-9+-]*|\d+)$/.test(arg) &&
      args.length > 1
    )
      continue;
    else {
      optionsDone = true;
      targets.push(arg);
    }
  }
  return targets;
}

function matchesEverything(pattern: string, regex: boolean): boolean {
  if (pattern === '') return true;
  if (!regex) return false;
  try {
    const expression = new RegExp(pattern);
    return sampleNames.every((name) => expression.test(name));
  } catch {
    return false;
  }
}
