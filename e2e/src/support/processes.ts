import { readdirSync, readFileSync } from 'node:fs';

/** The process ids whose parent is `pid`, read from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the parent id follows the state.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return children;
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
