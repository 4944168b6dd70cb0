import type { Finding } from '../finding';
import { isStatic } from '../shell-word';
import { block, type Rule } from './rule';

const everyProcess = block('kill-everything', '');
const sampleNames = ['systemd', 'init', 'sshd', 'bash', 'node', 'containerd', 'Xorg', 'a'];

function killsEverything(message: string): Finding {
  return { ...everyProcess, message };
}

/**
 * Killing every process: `kill -9 -1` (every process the user may signal), `kill 1` (init),
 * `kill -KILL -- -1`, `pkill`/`killall -r` with a pattern that matches every name (`.`, `''`,
 * `.*`), `killall5`, `pkill -u root`.
 */
export const killRule: Rule = ({ program, args }) => {
  if (program === 'killall5')
    return [killsEverything('killall5 signals every process on the machine.')];
  if (program === 'kill') {
    const pids = killTargets(args);
    const fatal = pids.find((pid) => pid === '-1' || pid === '1' || /^-?0*1$/.test(pid));
    return fatal
      ? [
          killsEverything(
            `kill ${args.join(' ')} signals ${fatal === '1' ? 'init, which stops the machine' : 'every process it may signal'}.`,
          ),
        ]
      : [];
  }
  if (program === 'pkill' || program === 'killall') {
    const patterns: string[] = [];
    let regex = program === 'pkill';
    let everyUser = false;
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (arg === '-r' || arg === '--regexp') regex = true;
      else if (/^-(u|U|-user|-uid)$/.test(arg) && ['root', '0'].includes(args[index + 1] ?? ''))
        everyUser = true;
      else if (
        /^-([sgGPtuUnoxFL]|-signal|-group|-parent|-terminal|-session|-ns|-older-than|-younger-than|-context|-pidfile)$/.test(
          arg,
        )
      )
        index++;
      else if (!arg.startsWith('-') || arg === '-') patterns.push(arg);
    }
    if (everyUser && patterns.length === 0)
      return [killsEverything(`${program} signals every process of root.`)];
    if (patterns.some((pattern) => isStatic(pattern) && matchesEverything(pattern, regex)))
      return [killsEverything(`${program} ${args.join(' ')} matches every process name.`)];
  }
  return [];
};

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
