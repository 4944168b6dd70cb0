import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The arguments that make ripgrep honour exactly what the JavaScript search honours. */
export function ripgrepBaseArguments(skipDirectories: readonly string[]): string[] {
  return [
    '--no-config',
    '--hidden',
    '--no-require-git',
    '--no-ignore-global',
    '--no-ignore-exclude',
    '--no-ignore-dot',
    ...skipDirectories.flatMap((name) => ['--glob', `!${name}`]),
  ];
}

/** What a ripgrep run left: its exit code and the start of its error output. */
export interface RipgrepOutcome {
  readonly exitCode: number | null;
  readonly stderr: string;
}

/**
 * Runs ripgrep with standard input closed (rg would otherwise read it), passing each output line
 * to `onLine`. `onLine` returning false stops reading and ends the process.
 */
export function runRipgrep(
  binary: string,
  args: readonly string[],
  cwd: string,
  onLine: (line: string) => boolean | undefined,
  signal?: AbortSignal,
): Promise<RipgrepOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stderr = '';
    let stopped = false;
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (line) => {
      if (stopped) return;
      if (onLine(line) === false) {
        stopped = true;
        lines.close();
        child.kill();
      }
    });
    child.on('error', (error) => {
      if (stopped) return;
      reject(error);
    });
    child.on('close', (exitCode) => resolve({ exitCode: stopped ? 0 : exitCode, stderr }));
  });
}
