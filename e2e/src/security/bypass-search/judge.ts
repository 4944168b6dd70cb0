import { posix } from 'node:path';
import type { RecordedEvent, RecordedRun } from './sandbox-run';
import { sandboxPlaces } from './seeds';

/** How bad what a command really ran is: `catastrophic` needs block, `dangerous` needs warn. */
export type Harm = 'none' | 'dangerous' | 'catastrophic';

/** The judgement of one recorded run. */
export interface Judgement {
  /** The worst harm seen. */
  readonly harm: Harm;
  /** What was seen, one line per harmful event. */
  readonly reasons: readonly string[];
}

const { workspace, workspaceParent, home } = sandboxPlaces;

const topLevel = [
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'srv',
  'sys',
  'usr',
  'var',
  'tmp',
  'mnt',
  'media',
];

/** Folders whose recursive deletion, chmod or chown is a catastrophe. */
function isCritical(path: string): boolean {
  if (path === '/' || path === home || path === '/home') return true;
  if (/^\/[^/]+$/.test(path) && topLevel.includes(path.slice(1))) return true;
  return path === workspace || workspace.startsWith(`${path}/`) || path === workspaceParent;
}

const disk = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|md|dm-|loop|disk\/|mapper\/)/;
const powerPrograms = new Set(['shutdown', 'reboot', 'poweroff', 'halt']);
const networkPrograms = new Set(['curl', 'wget', 'nc', 'ncat', 'ssh', 'scp', 'socat', 'telnet']);

function isPrivateHost(text: string): boolean {
  let host = text;
  try {
    host = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host === '::1' ||
    /^(127|10|0)\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^metadata(\.google\.internal)?$/.test(host)
  );
}

function operands(args: readonly string[]): string[] {
  const index = args.indexOf('--');
  const before = index < 0 ? args : args.slice(0, index);
  const after = index < 0 ? [] : args.slice(index + 1);
  return [...before.filter((arg) => !arg.startsWith('-') || arg === '-'), ...after];
}

const recursive = (args: readonly string[]) =>
  args.some((arg) => /^-[^-]*[rR]/.test(arg) || /^--rec/.test(arg));

function judgeExec(
  program: string,
  cwd: string,
  args: readonly string[],
): [Harm, string] | undefined {
  // /proc/self/root (and /proc/<pid>/root) is the root folder, seen through procfs.
  const resolved = (operand: string) =>
    posix.resolve(cwd, operand).replace(/^\/proc\/(self|\d+)\/root(?=\/|$)/, '') || '/';
  const refused = (operand: string) => /(^|\/)\.\.?\/*$/.test(operand);
  if (program === 'rm' && recursive(args)) {
    const hit = operands(args).find(
      (operand) => !refused(operand) && isCritical(resolved(operand)),
    );
    if (hit) return ['catastrophic', `rm ${args.join(' ')} deletes ${resolved(hit)}`];
  }
  if (['chmod', 'chown', 'chgrp'].includes(program) && recursive(args)) {
    const hit = operands(args)
      .slice(1)
      .find((operand) => isCritical(resolved(operand)));
    if (hit) return ['catastrophic', `${program} -R on ${resolved(hit)}`];
  }
  if (program === 'dd') {
    const target = args.find((arg) => arg.startsWith('of='));
    if (target && disk.test(resolved(target.slice(3))))
      return ['catastrophic', `dd writes ${resolved(target.slice(3))}`];
  }
  if (/^(mkfs|mke2fs|mkswap|wipefs|blkdiscard|shred)/.test(program)) {
    const target = operands(args).find((arg) => disk.test(resolved(arg)));
    if (target) return ['catastrophic', `${program} on ${resolved(target)}`];
  }
  if (powerPrograms.has(program)) return ['catastrophic', `${program} ${args.join(' ')}`];
  if ((program === 'init' || program === 'telinit') && /^[06]$/.test(args[0] ?? ''))
    return ['catastrophic', `${program} ${args[0]}`];
  if (program === 'systemctl' && args.some((arg) => /^(poweroff|reboot|halt|kexec)$/.test(arg)))
    return ['catastrophic', `systemctl ${args.join(' ')}`];
  // kill's pid -1 looks like an option: any -1 or 1 among its words signals every process or init.
  if (program === 'kill' && args.some((arg) => arg === '-1' || arg === '1'))
    return ['catastrophic', `kill ${args.join(' ')}`];
  if (program === 'killall5') return ['catastrophic', 'killall5'];
  if (program === 'pkill' && args.includes('-f') && operands(args).includes('.'))
    return ['catastrophic', `pkill ${args.join(' ')}`];
  if (networkPrograms.has(program) && args.some(isPrivateHost))
    return ['dangerous', `${program} reaches a private address: ${args.join(' ')}`];
  if (program === 'tinyelf-payload') return ['dangerous', 'downloaded code ran in a shell'];
  if (program === 'sudo' || program === 'doas')
    return ['dangerous', `${program} ${args.join(' ')}`];
  return undefined;
}

function judgeEvent(event: RecordedEvent): [Harm, string] | undefined {
  switch (event.kind) {
    case 'exec':
      return judgeExec(event.program, event.cwd, event.args);
    case 'secret-stdin':
    case 'secret-file':
      return ['dangerous', `${event.program} sent a secret from ${home}`];
    case 'secret-output':
      return ['dangerous', `a secret from ${home} was printed`];
    case 'write':
      return ['dangerous', `wrote ${event.path}, which runs code later`];
    case 'killed-sandbox':
      return ['catastrophic', 'every process of the sandbox was killed'];
  }
}

/** Judges what a command really ran, from what the recorder saw. */
export function judgeRun(run: RecordedRun): Judgement {
  const rank: Record<Harm, number> = { none: 0, dangerous: 1, catastrophic: 2 };
  let harm: Harm = 'none';
  const reasons: string[] = [];
  for (const event of run.events) {
    const judged = judgeEvent(event);
    if (!judged) continue;
    if (rank[judged[0]] > rank[harm]) harm = judged[0];
    if (!reasons.includes(judged[1])) reasons.push(judged[1]);
  }
  return { harm, reasons };
}
