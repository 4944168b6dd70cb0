import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bashEnvScript,
  driverScript,
  passThroughPrograms,
  recordedPrograms,
  recorderScript,
} from './recorder-scripts';
import { sandboxPlaces } from './seeds';

/** Something the recorder saw while one command ran. */
export type RecordedEvent =
  | {
      readonly kind: 'exec';
      readonly program: string;
      readonly cwd: string;
      readonly args: readonly string[];
    }
  | { readonly kind: 'secret-stdin' | 'secret-file'; readonly program: string }
  | { readonly kind: 'secret-output' }
  | { readonly kind: 'write'; readonly path: string }
  | { readonly kind: 'killed-sandbox' };

/** What running one command in the sandbox did. */
export interface RecordedRun {
  /** The command's index in the list given to {@link runRecorded}. */
  readonly index: number;
  /** Everything recorded, in order. */
  readonly events: readonly RecordedEvent[];
}

const systemFolders = [
  '/usr/bin',
  '/usr/sbin',
  '/bin',
  '/sbin',
  '/usr/local/bin',
  '/usr/local/sbin',
];

/** The bwrap arguments binding the recorder over every real copy of the recorded programs. */
function recorderBinds(stub: string): string[] {
  const binds = ['--dir', '/run/rec/bin', '--dir', '/run/real'];
  const covered = new Set<string>();
  for (const program of recordedPrograms) {
    binds.push('--ro-bind', stub, `/run/rec/bin/${program}`);
    for (const folder of systemFolders) {
      const path = join(folder, program);
      if (!existsSync(path)) continue;
      const real = realpathSync(path);
      if (covered.has(real)) continue;
      covered.add(real);
      binds.push('--ro-bind', stub, real);
    }
  }
  for (const program of [...passThroughPrograms, 'rm']) {
    const real = systemFolders.map((folder) => join(folder, program)).find(existsSync);
    if (real) binds.push('--ro-bind', realpathSync(real), `/run/real/${program}`);
  }
  return binds;
}

function parseLog(
  text: string,
  first: number,
): { runs: RecordedRun[]; next: number; done: boolean } {
  const runs: RecordedRun[] = [];
  let current: { index: number; events: RecordedEvent[] } | undefined;
  let done = false;
  for (const record of text.split('\x1e')) {
    const [kind, ...fields] = record.split('\x1f');
    if (kind === 'CASE') current = { index: first + Number(fields[0]), events: [] };
    else if (kind === 'END' && current) {
      runs.push(current);
      current = undefined;
    } else if (kind === 'DONE') done = true;
    else if (!current) continue;
    else if (kind === 'EXEC')
      current.events.push({
        kind: 'exec',
        program: fields[0]!,
        cwd: fields[1]!,
        args: fields.slice(2),
      });
    else if (kind === 'SECRET-STDIN')
      current.events.push({ kind: 'secret-stdin', program: fields[0]! });
    else if (kind === 'SECRET-FILE')
      current.events.push({ kind: 'secret-file', program: fields[0]! });
    else if (kind === 'SECRET-OUTPUT') current.events.push({ kind: 'secret-output' });
    else if (kind === 'WRITE') current.events.push({ kind: 'write', path: fields[0]! });
  }
  if (current && !done) {
    // The driver died inside this command: it signalled every process of the sandbox.
    current.events.push({ kind: 'killed-sandbox' });
    runs.push(current);
    return { runs, next: current.index + 1, done: false };
  }
  return { runs, next: first + runs.length, done };
}

/** Runs one bwrap with the given commands; resolves with the raw log. */
function runBatch(folder: string, commands: readonly string[], tag: string): Promise<string> {
  const io = join(folder, `io-${tag}`);
  rmSync(io, { recursive: true, force: true });
  mkdirSync(io);
  writeFileSync(join(io, 'log'), '');
  const cases = join(folder, `cases-${tag}`);
  writeFileSync(cases, commands.map((command) => `${command}\0`).join(''));
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
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
    '--tmpfs',
    '/home',
    '--tmpfs',
    '/root',
    '--dir',
    sandboxPlaces.home,
    '--dir',
    '/run/rec',
    ...recorderBinds(join(folder, 'recorder')),
    '--ro-bind',
    join(folder, 'driver.sh'),
    '/run/rec/driver.sh',
    '--ro-bind',
    join(folder, 'env.sh'),
    '/run/rec/env.sh',
    '--ro-bind',
    cases,
    '/run/rec/cases',
    '--bind',
    io,
    '/run/rec/io',
    '--clearenv',
    '--setenv',
    'HOME',
    sandboxPlaces.home,
    '--setenv',
    'USER',
    'tester',
    '--setenv',
    'PATH',
    '/run/rec/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    '--setenv',
    'LANG',
    'C.UTF-8',
    '--setenv',
    'TERM',
    'dumb',
    '--chdir',
    '/tmp',
    '/bin/bash',
    '/run/rec/driver.sh',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('bwrap', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => {
      const log = readFileSync(join(io, 'log'), 'utf8');
      if (!log.includes('CASE'))
        reject(new Error(`bwrap did not run the driver: ${errors.slice(0, 500)}`));
      else resolve(log);
    });
  });
}

/** Options of {@link runRecorded}. */
export interface RecordedRunOptions {
  /** How many sandboxes run at once. @default 2 */
  readonly parallel?: number;
  /** How many commands one sandbox runs in turn. @default 60 */
  readonly batchSize?: number;
}

/**
 * Runs every command in a locked-down bubblewrap sandbox (every namespace unshared, so no network;
 * no capabilities; the root read-only; tmpfs workspace and home) where the dangerous programs are
 * recorders, and returns what each command really ran.
 */
export async function runRecorded(
  commands: readonly string[],
  options: RecordedRunOptions = {},
): Promise<RecordedRun[]> {
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-bypass-'));
  writeFileSync(join(folder, 'recorder'), recorderScript, { mode: 0o755 });
  writeFileSync(join(folder, 'driver.sh'), driverScript, { mode: 0o755 });
  writeFileSync(join(folder, 'env.sh'), bashEnvScript);
  const batchSize = options.batchSize ?? 60;
  const queue: Array<{ start: number; end: number }> = [];
  for (let start = 0; start < commands.length; start += batchSize)
    queue.push({ start, end: Math.min(start + batchSize, commands.length) });
  const results: RecordedRun[] = [];
  let batches = 0;
  const worker = async () => {
    for (let range = queue.shift(); range !== undefined; range = queue.shift()) {
      const { start, end } = range;
      batches += 1;
      const log = await runBatch(folder, commands.slice(start, end), String(batches));
      const parsed = parseLog(log, start);
      if (parsed.runs.length === 0)
        throw new Error(`The sandbox driver stopped at command ${start}.`);
      results.push(...parsed.runs);
      if (parsed.next < end) queue.unshift({ start: parsed.next, end });
    }
  };
  try {
    await Promise.all(Array.from({ length: options.parallel ?? 2 }, worker));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results.sort((a, b) => a.index - b.index);
}
