import { type Stats, statSync } from 'node:fs';
import { type RiskWarning, TinyElfError, type WorkspaceGuard } from '@tinyelf/core';

/**
 * Hard-linked files and reads. A regular file with more than one hard link may have another name
 * outside the workspace (`ln ~/.ssh/id_rsa notes.txt`), and no path check can tell: every name of
 * an inode is equally real. So, when the guard restricts to the workspace, reading one is a risk
 * the user confirms: Read's risk assessment warns, which makes the confirmation step ask in every
 * mode but `bypassPermissions`. The warning is remembered for a few seconds by device and inode,
 * and Read's execution refuses a hard-linked file no recent assessment warned about (it became
 * hard-linked after the check, or the host never asked), so such content is never shown silently.
 */
export class HardLinkWarnings {
  private readonly warned = new Map<string, number>();

  constructor(
    private readonly guard: WorkspaceGuard,
    private readonly maxEntries = 64,
    private readonly maxAgeMs = 600_000,
  ) {}

  /** The warnings for reading `path` (none when it is not a hard-linked regular file). */
  assess(path: string): RiskWarning[] {
    if (!this.guard.restrictToWorkspace) return [];
    let info: Stats;
    try {
      info = statSync(this.guard.resolve(path).real);
    } catch {
      return [];
    }
    if (!info.isFile() || info.nlink < 2) return [];
    const key = identity(info);
    this.warned.delete(key);
    this.warned.set(key, Date.now());
    if (this.warned.size > this.maxEntries)
      this.warned.delete(this.warned.keys().next().value as string);
    return [
      {
        rule: 'hard-linked-file',
        message: `Reads "${path}", which has ${info.nlink} hard links: another of its names may be outside the workspace, so its content may come from there.`,
      },
    ];
  }

  /** Throws `HARD_LINKED_FILE` for an opened hard-linked file no recent assessment warned about. */
  assertAssessed(info: Stats, path: string): void {
    if (!this.guard.restrictToWorkspace || !info.isFile() || info.nlink < 2) return;
    const at = this.warned.get(identity(info));
    if (at !== undefined && Date.now() - at <= this.maxAgeMs) return;
    throw new TinyElfError({
      code: 'HARD_LINKED_FILE',
      message: `"${path}" has ${info.nlink} hard links; another of its names may be outside the workspace, so it is read only after the user confirms the call (its risk assessment warns about it).`,
    });
  }
}

function identity(info: Stats): string {
  return `${info.dev}:${info.ino}`;
}
