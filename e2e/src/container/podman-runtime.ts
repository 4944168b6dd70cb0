import { execFileSync, spawnSync } from 'node:child_process';

/** How podman runs containers on this machine: the options `podman run` and `podman build` need. */
export interface PodmanRuntime {
  /** Global options of `podman run` (before `run`). */
  readonly global: readonly string[];
  /** Options of `podman run` and `podman build` (after the command). */
  readonly command: readonly string[];
  /** What was chosen, for the log. */
  readonly how: string;
}

/** bash's hard limit of `ulimit -H<flag>`, at most `cap`. */
function hardLimit(flag: string, cap: number): number {
  const said = execFileSync('bash', ['-c', `ulimit -H${flag}`], { encoding: 'utf8' }).trim();
  return said === 'unlimited' ? cap : Math.min(cap, Number(said));
}

/**
 * Finds how containers run here: podman's defaults, or, where those fail (crun refuses hybrid
 * cgroup hierarchies; a root without CAP_SYS_RESOURCE cannot raise the default rlimits), runc with
 * rlimits no higher than this process's. Gives the options, or the reason no way works.
 */
export function choosePodmanRuntime(image: string): PodmanRuntime | { skipped: string } {
  const limits = [
    '--ulimit',
    `nofile=${hardLimit('n', 16_384)}:${hardLimit('n', 16_384)}`,
    '--ulimit',
    `nproc=${hardLimit('u', 16_384)}:${hardLimit('u', 16_384)}`,
  ];
  const candidates: PodmanRuntime[] = [
    { global: [], command: [], how: "podman's defaults" },
    { global: [], command: limits, how: 'the default runtime within this process’s rlimits' },
  ];
  if (spawnSync('runc', ['--version']).status === 0)
    candidates.push({
      global: ['--runtime', 'runc'],
      command: limits,
      how: 'runc within this process’s rlimits',
    });
  const failures: string[] = [];
  for (const candidate of candidates) {
    const run = spawnSync(
      'podman',
      [
        ...candidate.global,
        'run',
        '--rm',
        ...candidate.command,
        '--network',
        'host',
        image,
        'true',
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (run.status === 0) return candidate;
    failures.push(`${candidate.how}: ${run.stderr.trim().split('\n').at(-1)}`);
  }
  return {
    skipped: `podman cannot run a container here (${failures.join('; ')})${spawnSync('runc', ['--version']).status === 0 ? '' : '; installing runc may help'}`,
  };
}
