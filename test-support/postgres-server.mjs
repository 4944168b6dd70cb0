// A real PostgreSQL server for tests and benchmarks: Debian's `postgresql` package's initdb and
// pg_ctl, a temporary data folder, a free loopback port. As root the server runs as the
// `postgres` user (or `nobody`), since PostgreSQL refuses to run as root.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed server's bin folder, or undefined. */
function binFolder() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid to run the server as: ours, or the `postgres` (else `nobody`) user's as root. */
function serverUser() {
  if (process.getuid?.() !== 0) return {};
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      // try the next
    }
  }
  return {};
}

/**
 * Starts a PostgreSQL server, or says why it cannot: `{ url, restart, stop }` or `{ skipped }`.
 * @param {{ fsync?: boolean }} [options] fsync stays off unless asked (tests need no durability).
 */
export async function startPostgres(options = {}) {
  const bin = binFolder();
  if (!bin)
    return {
      skipped:
        'PostgreSQL is not installed (/usr/lib/postgresql/*/bin/pg_ctl): apt-get install postgresql, as scripts/system-packages.sh does',
    };
  const user = serverUser();
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-postgres-'));
  const data = join(folder, 'data');
  const sockets = join(folder, 'sockets');
  mkdirSync(sockets);
  if (user.uid !== undefined) {
    chownSync(folder, user.uid, user.gid);
    chownSync(sockets, user.uid, user.gid);
  }
  const port = await freePort();
  const run = (program, args) =>
    execFileSync(join(bin, program), args, {
      ...user,
      cwd: folder,
      env: { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C', HOME: folder },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${sockets}`,
    `-c fsync=${options.fsync ? 'on' : 'off'}`,
    '-c max_connections=50',
  ].join(' ');
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(folder, 'server.log'),
      '-o',
      serverOptions,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  const stop = (mode = 'fast') => {
    try {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'tinyelf',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    start();
  } catch (error) {
    const said = `${error.stderr ?? ''}${error.stdout ?? ''}`
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ');
    stop('immediate');
    rmSync(folder, { recursive: true, force: true });
    return { skipped: `PostgreSQL did not start: ${said || error.message}` };
  }
  const onExit = () => stop('immediate');
  process.once('exit', onExit);
  return {
    url: `postgres://tinyelf@127.0.0.1:${port}/postgres`,
    port,
    /** Stops the server (fast shutdown: connections are closed) and starts it again. */
    restart: () => {
      stop('fast');
      start();
    },
    /** Stops the server (until `resume`). */
    halt: () => stop('fast'),
    /** Starts a halted server again. */
    resume: () => start(),
    /** Stops the server and removes its folder. */
    stop: () => {
      process.off('exit', onExit);
      stop('immediate');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
