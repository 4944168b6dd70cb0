import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let denied: { file: string; directory: string } | undefined;

/**
 * An empty file and an empty folder with mode 000, made once per process in a private temporary
 * folder (removed at exit), mounted over hidden secrets. Inside the sandbox the command owns them
 * but has no capabilities, so opening either fails with "Permission denied".
 */
export function deniedEntries(): { file: string; directory: string } {
  if (denied) return denied;
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-sandbox-'));
  const file = join(folder, 'denied-file');
  const directory = join(folder, 'denied-directory');
  closeSync(openSync(file, 'wx', 0o000));
  mkdirSync(directory, { mode: 0o000 });
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  denied = { file, directory };
  return denied;
}
