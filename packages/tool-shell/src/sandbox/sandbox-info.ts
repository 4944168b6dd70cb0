import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usableScratchFolder } from '../runner/scratch-folder';

/** bwrap's `--info-fd` JSON is about 300 bytes; more than this is not read. */
const MAX_INFO_BYTES = 4096;

/**
 * The file bwrap writes its `--info-fd` JSON into (its `child-pid` and `pid-namespace`, for
 * `waitForSandboxEnd`): an unnamed file (created, then unlinked at once) handed to bwrap as its
 * fd 3, and read once bwrap has exited.
 *
 * A pipe read by Node would do the same, but bwrap writes the JSON in eight small writes while it
 * sets the sandbox up, and each wakes the Node process to read a few bytes (traced with
 * `strace -f`): eight wake-ups per call, competing with bwrap itself for the CPU. A file needs
 * none. bwrap closes the descriptor in the sandbox's first process before the command starts, so
 * the command cannot write to it.
 */
export class SandboxInfoFile {
  private constructor(
    /** The open file, to hand to bwrap as its fd 3. */
    readonly fd: number,
  ) {}

  /**
   * Opens a new unnamed file in the first of `folders` where one can be made (private to this
   * user), or `undefined` when none can (the caller then reads the JSON through a pipe).
   */
  static open(scratchFolder: string | undefined): SandboxInfoFile | undefined {
    const folders = [
      ...(scratchFolder && usableScratchFolder(scratchFolder) ? [scratchFolder] : []),
      tmpdir(),
    ];
    for (const folder of folders) {
      const path = join(folder, `${process.pid}-${randomBytes(6).toString('hex')}-info.out`);
      let fd: number;
      try {
        fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o600);
      } catch {
        continue;
      }
      try {
        unlinkSync(path);
      } catch {
        // A file that cannot be removed would stay behind: try the next folder.
        closeSync(fd);
        continue;
      }
      return new SandboxInfoFile(fd);
    }
    return undefined;
  }

  /** What bwrap wrote (empty when it wrote nothing); closes the file. Call once. */
  readAndClose(): string {
    const buffer = Buffer.allocUnsafe(MAX_INFO_BYTES);
    let count = 0;
    try {
      count = readSync(this.fd, buffer, 0, buffer.length, 0);
    } catch {
      // nothing to read
    } finally {
      closeSync(this.fd);
    }
    return buffer.toString('utf8', 0, count);
  }
}
