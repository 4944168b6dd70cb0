import { readdirSync, readFileSync } from 'node:fs';

// Process checks for tests, read from /proc (Linux): what is still running after a call.

/** A process's state letter and parent id from /proc/<pid>/stat, or undefined when it is gone. */
function statOf(pid: number | string): { state: string; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the state and parent id follow it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** Whether a process runs (a zombie waiting for a parent that never reaps it counts as gone). */
export function isAlive(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/** The process ids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && statOf(entry)?.parent === pid)
    .map(Number);
}

/** Every living descendant of this process, with its command line, for "nothing left running" checks. */
export function descendantProcesses(root = process.pid): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  const queue = childrenOf(root);
  while (queue.length > 0) {
    const pid = queue.shift()!;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    // A zombie has an empty command line; it is already gone but for its exit status.
    if (command !== '') found.push({ pid, command });
    queue.push(...childrenOf(pid));
  }
  return found;
}

/** Waits until `check` returns true, polling, for at most `timeoutMs`; resolves to the last answer. */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * Living processes anywhere on the machine whose command line contains `text` (a unique tag a
 * test put in it): what a call left running, wherever it was re-parented to.
 */
export function processesMatching(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((entry) => {
      try {
        return (
          readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text) && isAlive(Number(entry))
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}
