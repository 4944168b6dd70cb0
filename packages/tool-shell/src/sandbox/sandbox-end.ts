import { readFileSync, readlinkSync, statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/** How long to wait at most for a killed sandbox's namespace to die. */
const limitMs = 5000;

/**
 * Waits until the PID namespace bwrap reported on `--info-fd` (its JSON: `child-pid`,
 * `pid-namespace`) is dead. When bwrap ends normally this is already so (it waits for the
 * namespace's first process, which the kernel reaps only after killing every other one in the
 * namespace). When bwrap itself was killed (timeout, abort), that first process dies a moment
 * later through `--die-with-parent`: this polls `/proc/<child-pid>` until it is a zombie or gone
 * (by then the kernel has killed the rest of the namespace), or belongs to another namespace (its
 * id was reused), for at most 5 s. Returns whether the namespace is known to be dead.
 */
export async function waitForSandboxEnd(info: string | undefined): Promise<boolean> {
  const pid = /"child-pid":\s*(\d+)/.exec(info ?? '')?.[1];
  const namespace = /"pid-namespace":\s*(\d+)/.exec(info ?? '')?.[1];
  if (!pid || !namespace) return false;
  const started = Date.now();
  for (;;) {
    let state: string | undefined;
    let inNamespace = false;
    // Gone (bwrap ended normally and reaped it): known without an exception thrown and caught.
    if (!statSync(`/proc/${pid}`, { throwIfNoEntry: false })) return true;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      inNamespace = readlinkSync(`/proc/${pid}/ns/pid`) === `pid:[${namespace}]`;
    } catch {
      return true; // gone
    }
    if (state === 'Z' || state === 'X' || !inNamespace) return true;
    if (Date.now() - started > limitMs) return false;
    await delay(5);
  }
}
