import { openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';

/** The environment variable that marks every process one unsandboxed call started. */
export const CALL_MARKER_VARIABLE = 'TINYELF_SHELL_CALL';

/** /proc/loadavg, kept open: read again from offset 0, it is generated afresh (no open per call). */
let loadAverage: number | undefined;
const loadAverageText = Buffer.alloc(128);

function lastAssignedPid(): number | undefined {
  try {
    loadAverage ??= openSync('/proc/loadavg', 'r');
    const length = readSync(loadAverage, loadAverageText, 0, loadAverageText.length, 0);
    // The fifth field of /proc/loadavg is the most recently assigned process id.
    return Number(loadAverageText.toString('latin1', 0, length).trim().split(' ')[4]);
  } catch {
    return undefined;
  }
}

function candidates(firstPid: number): number[] {
  const last = lastAssignedPid();
  // Process ids are handed out in increasing order until they wrap: everything the call
  // started has an id above its first process's. Check that range directly when it is short;
  // on a busy machine, the living processes above it; after a wrap, every process.
  if (last !== undefined && last >= firstPid && last - firstPid <= 64) {
    return Array.from({ length: last - firstPid }, (_, index) => firstPid + 1 + index);
  }
  const wrapped = last === undefined || last < firstPid;
  try {
    return readdirSync('/proc')
      .filter((entry) => entry.charCodeAt(0) >= 48 && entry.charCodeAt(0) <= 57)
      .map(Number)
      .filter((pid) => wrapped || pid > firstPid);
  } catch {
    return [];
  }
}

/**
 * Kills the processes an unsandboxed call left behind outside its process group (`setsid`,
 * `nohup` with `set -m`, double forks, `disown`): every process whose environment carries the
 * call's marker. Linux only (it reads /proc). It looks again while it still finds some, or
 * catches a process mid-`exec` (its environment reads empty for a moment), so a process that
 * forks while being looked for is found too. A process that clears or rewrites its environment
 * (`env -i setsid ...`) is not found; only the sandbox's PID namespace closes that gap.
 */
export async function killMarkedProcesses(firstPid: number, marker: string): Promise<number> {
  if (process.platform !== 'linux') return 0;
  const needle = `${CALL_MARKER_VARIABLE}=${marker}`;
  let killed = 0;
  for (let pass = 0; pass < 20; pass++) {
    let found = 0;
    let unsure = 0;
    for (const pid of candidates(firstPid)) {
      // Most ids in the range belong to processes gone already: known without a thrown error.
      if (!statSync(`/proc/${pid}`, { throwIfNoEntry: false })) continue;
      let environment: string;
      try {
        environment = readFileSync(`/proc/${pid}/environ`, 'latin1');
      } catch {
        continue;
      }
      if (environment.length === 0) {
        // Mid-exec, or a kernel thread: look again next pass, unless it is a kernel thread.
        if (!isKernelThread(pid)) unsure++;
        continue;
      }
      if (!hasEnvironmentEntry(environment, needle)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        found++;
      } catch {
        // gone already
      }
    }
    killed += found;
    if (found === 0 && unsure === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return killed;
}

/** Whether a NUL-separated environment holds the entry `needle` (without splitting it). */
export function hasEnvironmentEntry(environment: string, needle: string): boolean {
  for (let at = environment.indexOf(needle); at >= 0; at = environment.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (
      (at === 0 || environment[at - 1] === '\0') &&
      (end === environment.length || environment[end] === '\0')
    )
      return true;
  }
  return false;
}

function isKernelThread(pid: number): boolean {
  try {
    // Kernel threads have no command line; a zombie has none either, and needs no killing.
    return readFileSync(`/proc/${pid}/cmdline`).length === 0;
  } catch {
    return true;
  }
}
