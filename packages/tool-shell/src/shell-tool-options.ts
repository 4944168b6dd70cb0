/** Options of {@link createShellTool} and the shell plugin. */
export interface ShellToolOptions {
  /** The workspace root: commands run there, and paths outside it are flagged. */
  readonly workspaceRoot: string;
  /** Milliseconds before a command's process group is killed. @default 120_000 (2 minutes) */
  readonly execTimeout?: number;
  /** Output kept per command (head and tail), in bytes. @default 100_000 */
  readonly maxOutputBytes?: number;
  /** Run commands in an OS sandbox: `'bubblewrap'` (workspace writable, the rest read-only, no network). @default 'none' */
  readonly sandbox?: 'none' | 'bubblewrap';
  /** The bubblewrap binary. @default 'bwrap' */
  readonly bubblewrapPath?: string;
  /** With the sandbox, keep the network. @default false */
  readonly allowNetwork?: boolean;
  /** The home folder the classifier takes `~` and `$HOME` for. @default os.homedir() */
  readonly homeDir?: string;
  /** Extra environment variables for commands. @default {} */
  readonly env?: Readonly<Record<string, string>>;
  /** After TERM, milliseconds before KILL. @default 2000 */
  readonly killGraceMs?: number;
}
