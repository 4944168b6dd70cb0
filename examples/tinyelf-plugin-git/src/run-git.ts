import { execFile } from 'node:child_process';
import { TinyElfError } from '@tinyelf/core';

/** Runs a read-only git command in the workspace, with the call's signal, and returns its output. */
export function runGit(
  workspaceRoot: string,
  args: readonly string[],
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', workspaceRoot, '--no-pager', '-c', 'core.pager=cat', '-c', 'color.ui=never', ...args],
      {
        signal,
        maxBuffer: 8 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new TinyElfError({
            code: 'GIT_FAILED',
            message: missing
              ? 'git is not installed.'
              : `git ${args[0]} failed: ${stderr.trim() || error.message}`,
            cause: error,
          }),
        );
      },
    );
  });
}
