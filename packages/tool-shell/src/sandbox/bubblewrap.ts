import { spawnSync } from 'node:child_process';
import { deniedEntries } from './denied-entries';
import type { FolderStates } from './folder-states';
import {
  existingHiddenPaths,
  planWorkspaceProtection,
  type WorkspaceProtection,
} from './protected-mounts';

/** What a bubblewrap sandbox lets a command see and do. */
export interface BubblewrapSettings {
  /** The bwrap binary (its version decides some arguments). */
  readonly binary: string;
  /** The workspace root: the one writable folder (with its protected paths read-only). */
  readonly workspaceRoot: string;
  /** Keep the host's network; otherwise the command gets its own, empty network namespace. */
  readonly allowNetwork: boolean;
  /** Workspace-relative paths kept read-only, and moved out after the call when created. */
  readonly readOnlyPaths: readonly string[];
  /** Secret paths outside the workspace masked by inaccessible mounts (`~/` = `homeDir`). */
  readonly hiddenPaths: readonly string[];
  /** The home folders `~/` stands for in `hiddenPaths` (the configured one and the process's). */
  readonly homeDirs: readonly string[];
}

/** The sandbox's own user: the caller's uid, or 1000 when the caller is root. */
function sandboxIds(): { uid: number; gid: number } {
  const uid = process.getuid?.() ?? 1000;
  const gid = process.getgid?.() ?? 1000;
  return uid === 0 ? { uid: 1000, gid: 1000 } : { uid, gid };
}

/**
 * The isolation arguments every sandboxed command gets. A user namespace of its own with an
 * unprivileged uid inside and every capability dropped (so even run as root it cannot unmount,
 * remount or mount anything), no further user namespaces, its own PID namespace (everything it
 * started dies with it), IPC, UTS and cgroup namespaces, a new session (no TIOCSTI into the
 * caller's terminal), killed when the tool dies; the root read-only, a private /dev, /proc and
 * /tmp, /run replaced (host daemons' sockets, such as docker's or D-Bus's, would accept the
 * command as root), and no network unless allowed.
 */
export function isolationArguments(binary: string, allowNetwork: boolean): string[] {
  const { uid, gid } = sandboxIds();
  return [
    '--unshare-user',
    '--uid',
    String(uid),
    '--gid',
    String(gid),
    // bubblewrap 0.8 and later; older ones lack it (a nested user namespace still gets no
    // power over the sandbox's locked, read-only mounts).
    ...(supportsDisableUserNamespaces(binary) ? ['--disable-userns'] : []),
    '--cap-drop',
    'ALL',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(allowNetwork ? [] : ['--unshare-net']),
    '--new-session',
    '--die-with-parent',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/run',
    // DNS on systemd-resolved hosts goes through a file under /run.
    ...(allowNetwork ? ['--ro-bind-try', '/run/systemd/resolve', '/run/systemd/resolve'] : []),
  ];
}

/**
 * The full bwrap arguments for one call, up to the `--` before the command, and the missing
 * protected paths to check after it (see `watchCreatedPaths`). With `folders`, the folders its
 * lookups depended on are recorded there (see `SandboxPlanner`).
 */
export function bubblewrapArguments(
  settings: BubblewrapSettings,
  folders?: FolderStates,
): {
  args: string[];
  missing: WorkspaceProtection['missing'];
} {
  const { workspaceRoot } = settings;
  const protection = planWorkspaceProtection(workspaceRoot, settings.readOnlyPaths, folders);
  const hidden = existingHiddenPaths(
    settings.hiddenPaths,
    settings.homeDirs,
    workspaceRoot,
    folders,
  );
  const denied = hidden.length ? deniedEntries() : undefined;
  const args = [
    ...isolationArguments(settings.binary, settings.allowNetwork),
    '--bind',
    workspaceRoot,
    workspaceRoot,
  ];
  for (const path of protection.pinned) args.push('--bind', path, path);
  for (const path of protection.readOnly) args.push('--ro-bind', path, path);
  for (const { path, directory } of hidden)
    args.push('--ro-bind', directory ? denied!.directory : denied!.file, path);
  // Its pid and PID namespace, so the caller can wait for the namespace to die (`waitForSandboxEnd`).
  args.push('--info-fd', '3', '--chdir', workspaceRoot, '--');
  return { args, missing: protection.missing };
}

const disableUserNamespaces = new Map<string, boolean>();

/** Whether this bwrap has `--disable-userns` (from its `--help`, once per binary). */
function supportsDisableUserNamespaces(binary: string): boolean {
  let known = disableUserNamespaces.get(binary);
  if (known === undefined) {
    const help = spawnSync(binary, ['--help'], { encoding: 'utf8', timeout: 10_000 });
    known = `${help.stdout ?? ''}`.includes('--disable-userns');
    disableUserNamespaces.set(binary, known);
  }
  return known;
}

const probes = new Map<string, { ok: true } | { ok: false; reason: string }>();

/**
 * Starts bwrap once (per binary and network setting, cached for the process) with the
 * isolation arguments and `true`, to learn whether the sandbox can start here: user
 * namespaces may be refused (a sysctl, AppArmor, a container's seccomp profile).
 */
export function probeBubblewrap(
  binary: string,
  allowNetwork: boolean,
): { ok: true } | { ok: false; reason: string } {
  const key = `${binary}\0${allowNetwork}`;
  const known = probes.get(key);
  if (known) return known;
  const run = spawnSync(binary, [...isolationArguments(binary, allowNetwork), '--', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const result =
    run.error || run.status !== 0
      ? {
          ok: false as const,
          reason: `${binary} cannot start a sandbox here: ${(run.error?.message ?? run.stderr ?? `exit ${run.status}`).trim() || `exit ${run.status}`}`,
        }
      : { ok: true as const };
  probes.set(key, result);
  return result;
}
