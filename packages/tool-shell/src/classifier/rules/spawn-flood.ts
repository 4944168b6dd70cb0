import type { SimpleCommand } from '../simple-command';
import { block, type Rule } from './rule';

/** Producers whose output never ends (`yes`, `cat /dev/zero`, `seq inf`). */
function endless(producer: SimpleCommand | undefined): boolean {
  const [name, ...args] = producer?.words ?? [];
  if (name === undefined) return false;
  const program = name.replace(/^.*\//, '');
  if (program === 'yes') return true;
  if (program === 'seq' || program === 'jot')
    return args.some((arg) => /^(inf|infinity|-)$/i.test(arg));
  if (/^(cat|pv|tail|head)$/.test(program) && program !== 'head')
    return args.some((arg) => /^\/dev\/(zero|u?random)$/.test(arg));
  return false;
}

/**
 * Unbounded parallel spawning on endless input: `xargs -P 0` (and `parallel -j 0`) starts as
 * many processes at once as it can, and fed by `yes`, `/dev/zero` or `seq inf` it never stops
 * starting them: the machine runs out of processes like with a fork bomb.
 */
export const spawnFloodRule: Rule = ({ program, args, command }) => {
  const unbounded =
    program === 'xargs'
      ? args.some(
          (arg, index) =>
            /^(-P0+|--max-procs=0+)$/.test(arg) ||
            ((arg === '-P' || arg === '--max-procs') && /^0+$/.test(args[index + 1] ?? '')),
        )
      : program === 'parallel'
        ? args.some(
            (arg, index) =>
              /^(-j0+|--jobs=0+|-P0+)$/.test(arg) ||
              ((arg === '-j' || arg === '--jobs' || arg === '-P') &&
                /^0+$/.test(args[index + 1] ?? '')),
          )
        : false;
  if (!unbounded) return [];
  const fromDevice =
    command.stdin?.file !== undefined && /^\/dev\/(zero|u?random)$/.test(command.stdin.file);
  if (!fromDevice && !endless(command.stdin?.producer)) return [];
  return [
    block(
      'fork-bomb',
      `${program} starts processes without limit on input that never ends: the machine runs out of processes.`,
    ),
  ];
};
