import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

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
    // Lines end at "\n" only (as ripgrep's do); a lone "\r" inside a line stays in it.
    const decoder = new StringDecoder('utf8');
    let pending = '';
    const take = (text: string, last: boolean) => {
      pending += text;
      let start = 0;
      for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
        if (stopped) return;
        const line = pending.slice(start, end);
        start = end + 1;
        if (onLine(line) === false) {
          stopped = true;
          child.stdout.destroy();
          child.kill();
        }
      }
      pending = pending.slice(start);
      if (last && pending !== '' && !stopped) onLine(pending);
    };
    child.stdout.on('data', (chunk: Buffer) => take(decoder.write(chunk), false));
    child.stdout.on('end', () => take(decoder.end(), true));
    child.on('error', (error) => {
      if (stopped) return;
      reject(error);
    });
    child.on('close', (exitCode) => resolve({ exitCode: stopped ? 0 : exitCode, stderr }));
  });
}
