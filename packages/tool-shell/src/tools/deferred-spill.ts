import { randomBytes } from 'node:crypto';
import { copyFile, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpillFile } from '@tinyelf/core';
import type { EndedOutput } from '../runner/command-output';

/**
 * The spill file of a sandboxed call whose spill folder is in the workspace and does not exist
 * yet (the registry's default, `.tinyelf/tool-output`, in a workspace without `.tinyelf`). The
 * command can create what it likes there while it runs, a symbolic link included, and the
 * registry making the folder during the call would follow it out of the workspace. So the output
 * is saved in the scratch folder (outside the workspace, which the sandbox cannot reach: it has a
 * /tmp of its own) and moved into a new file of the spill folder by {@link DeferredSpill.finish}
 * only after the call, once the sandbox is dead and the sweep has moved out what the command
 * created. Such a call's spill file appears in the spill folder when the call ends.
 */
export class DeferredSpill {
  private held: string | undefined;

  /**
   * @param openReal - the registry's `openSpillFile`
   * @param scratchFolder - a usable scratch folder (see `usableScratchFolder`)
   */
  constructor(
    private readonly openReal: () => Promise<SpillFile>,
    private readonly scratchFolder: string,
  ) {}

  /** Opens the file the output is saved in during the call (the runner's `spill.open`). */
  readonly open = async (): Promise<SpillFile> => {
    const path = join(this.scratchFolder, `${process.pid}-${randomBytes(6).toString('hex')}.out`);
    const handle = await open(path, 'wx', 0o600);
    this.held = path;
    return { path, handle };
  };

  /** After the sweep: moves the saved output into the spill folder and says where it is now. */
  async finish(output: EndedOutput): Promise<EndedOutput> {
    const held = this.held;
    this.held = undefined;
    if (!held) return output;
    if (!output.cut || output.saved.path !== held) {
      await unlink(held).catch(() => undefined);
      return output;
    }
    try {
      const file = await this.openReal();
      try {
        await rename(held, file.path).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          await copyFile(held, file.path);
          await unlink(held);
        });
      } finally {
        await file.handle.close().catch(() => undefined);
      }
      return { ...output, saved: { ...output.saved, path: file.path } };
    } catch (error) {
      await unlink(held).catch(() => undefined);
      return {
        ...output,
        saved: { reason: `it could not be saved (${(error as Error).message})` },
      };
    }
  }
}
