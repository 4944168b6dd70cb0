import { readFileSync, readlinkSync, statSync } from 'node:fs';
import { setTimeout as delay, setImmediate as immediate } from 'node:timers/promises';

/** How long to wait at most for a killed sandbox's namespace to die. */
const limitMs = 5000;

/**
 * Waits until the PID namespace bwrap reported on `--info-fd` (its JSON: `child-pid`,
 * `pid-namespace`) is dead: polls `/proc/<child-pid>` (the namespace's first process) until it is
 * a zombie or gone (by then the kernel has killed the rest of the namespace), or belongs to another
 * namespace (its id was reused), for at most 5 s. Returns whether the namespace is known to be dead.
 *
 * Even when the command ended normally, bwrap exits as soon as its first process reports the
 * command's exit status, and that process exits a moment later (measured: usually within a
 * millisecond or two); when bwrap itself was killed (timeout, abort), the first process dies
 * through `--die-with-parent`. So it looks again at once, then every millisecond, and every 5 ms
 * after the first 50 ms (a 5 ms pause from the start cost a normal call 2.5-4 ms).
 */
export async function waitForSandboxEnd(info: string | undefined): Promise<boolean> {
  const pid = /"child-pid":\s*(\d+)/.exec(info ?? '')?.[1];
  const namespace = /"pid-namespace":\s*(\d+)/.exec(info ?? '')?.[1];
  if (!pid || !namespace) return false;
  const started = Date.now();
  let looks = 0;
  for (;;) {
    let state: string | undefined;
    let inNamespace = false;
    // Gone: known without an exception thrown and caught.
    if (!statSync(`/proc/${pid}`, { throwIfNoEntry: false })) return true;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      inNamespace = readlinkSync(`/proc/${pid}/ns/pid`) === `pid:[${namespace}]`;
    } catch {
      return true; // gone
    }
    if (state === 'Z' || state === 'X' || !inNamespace) return true;
    const elapsed = Date.now() - started;
    if (elapsed > limitMs) return false;
    await (looks++ < 2 ? immediate() : delay(elapsed < 50 ? 1 : 5));
  }
}
