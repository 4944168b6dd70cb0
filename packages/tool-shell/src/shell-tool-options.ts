import type { SandboxMode } from './sandbox/sandbox-mode';

/** Options of {@link createShellTool} and the shell plugin. */
export interface ShellToolOptions {
  /** The workspace root: commands run there, and paths outside it are flagged. */
  readonly workspaceRoot: string;
  /** Milliseconds before a command's process group is killed. @default 120_000 (2 minutes) */
  readonly execTimeout?: number;
  /**
   * At most this many bytes of a command's output are shown (its head and tail; the rest is in the
   * spill file). The registry's output limit (`maxChars`) bounds it too. @default the registry's limit
   */
  readonly maxOutputBytes?: number;
  /**
   * The ceiling of a command's complete output saved to the registry's spill folder when the
   * output is cut (it streams there while the command runs); past it, the file holds the first
   * this many bytes and the mark says so. @default 1_073_741_824 (1 GiB)
   */
  readonly spillMaxBytes?: number;
  /**
   * Where a command's output file is created while it runs (the command writes its output
   * straight into it; it is moved to the registry's spill folder when the output is cut, else
   * removed). It must be outside the workspace and on the same file system as the spill folder;
   * where it is not (or it cannot be written, or has less free space than `spillMaxBytes`), the
   * output goes through a pipe instead, as fast as Node copies it. @default `<os.tmpdir()>/tinyelf-bash-<uid>`
   */
  readonly outputScratchDir?: string;
  /**
   * Where commands run: `'auto'` in bubblewrap where it can start, otherwise directly with a
   * visible notice; `'bubblewrap'` never without it; `'none'` directly. Any other value is an
   * `INVALID_CONFIG` error. @default 'auto'
   */
  readonly sandbox?: SandboxMode;
  /** The bubblewrap binary: a name looked up in absolute PATH folders outside the workspace, or an absolute path. @default 'bwrap' */
  readonly bubblewrapPath?: string;
  /** Keep the network inside the sandbox (all or nothing; see the README for proxies). @default false */
  readonly allowNetwork?: boolean;
  /**
   * Workspace-relative paths read-only inside the sandbox (files that run code outside it); one
   * that did not exist and a command creates is moved to `quarantineDir` after the call.
   * @default DEFAULT_READ_ONLY_PATHS
   */
  readonly readOnlyPaths?: readonly string[];
  /** Secret paths outside the workspace the sandbox cannot read (`~/` is the home folder). @default DEFAULT_HIDDEN_PATHS */
  readonly hiddenPaths?: readonly string[];
  /** The home folder the classifier takes `~` and `$HOME` for, and `hiddenPaths` resolve `~/` against. @default os.homedir() */
  readonly homeDir?: string;
  /**
   * Where protected paths a sandboxed command created are moved after the call, one folder per
   * call (`<time>-<pid>-<n>/<workspace-relative path>`). @default ~/.tinyelf/quarantine (homeDir)
   */
  readonly quarantineDir?: string;
  /** Extra environment variables for commands. @default {} */
  readonly env?: Readonly<Record<string, string>>;
  /** After TERM, milliseconds before KILL. @default 2000 */
  readonly killGraceMs?: number;
}
