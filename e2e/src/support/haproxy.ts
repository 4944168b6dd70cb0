import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why HAProxy cannot run here, or undefined when it can. */
export function haproxyMissing(): string | undefined {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (probe.error)
    return `haproxy is not installed (${probe.error.message}); scripts/system-packages.sh installs it`;
  if (probe.status !== 0) return `haproxy -v failed: ${probe.stderr}`;
  return undefined;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A running HAProxy in front of MCP workers. */
export interface Haproxy {
  /** The balanced MCP endpoint. */
  readonly url: string;
  /** Each worker's state by name (`UP`, `DOWN`, ...), from the stats page. */
  states(): Promise<Record<string, string>>;
  /** Stops it. */
  stop(): Promise<void>;
}

/**
 * Starts HAProxy (the Debian package, in the foreground) on a loopback port in front of `workers`,
 * with a generated configuration: all calls of one workspace to one worker (a consistent hash of
 * the `x-tinyelf-workspace` header), a health check every 200 ms that is a real MCP `ping` with the
 * bearer token (two failures mark a worker down), and a request that could not connect sent to
 * another worker (`option redispatch`; a request already sent is never replayed).
 */
export async function startHaproxy(
  workers: readonly { name: string; port: number }[],
  token: string,
): Promise<Haproxy> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const folder = mkdtempSync(join(tmpdir(), 'tinyelf-haproxy-'));
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }).replaceAll('"', '\\"');
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    // Loopback connects at once; a refused connection is retried (on another worker, last) after
    // min(timeout connect, 1 s), so this keeps a dead worker's failures well under a second.
    '  timeout connect 300ms',
    // A slow answer (a busy machine) does not mark a live worker down; a dead one refuses at once.
    '  timeout check 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch',
    'frontend fleet',
    `  bind 127.0.0.1:${port}`,
    '  default_backend workers',
    'backend workers',
    '  balance hdr(x-tinyelf-workspace)',
    '  hash-type consistent',
    '  option httpchk',
    `  http-check send meth POST uri /mcp ver HTTP/1.1 hdr Host 127.0.0.1 hdr Authorization "Bearer ${token}" hdr Content-Type application/json hdr Accept "application/json, text/event-stream" body "${ping}"`,
    '  http-check expect status 200',
    '  default-server inter 200ms fall 2 rise 2',
    ...workers.map((worker) => `  server ${worker.name} 127.0.0.1:${worker.port} check`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
  ].join('\n');
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, `${config}\n`);
  const child: ChildProcess = spawn('haproxy', ['-f', file, '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const states = async (): Promise<Record<string, string>> => {
    const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const rows = (await response.text()).split('\n').map((line) => line.split(','));
    const header = rows[0]!.map((cell) => cell.replace(/^# /, ''));
    const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) =>
      header.indexOf(name),
    ) as [number, number, number];
    return Object.fromEntries(
      rows
        .filter((row) => row[proxy] === 'workers' && row[server] !== 'BACKEND')
        .map((row) => [row[server]!, row[status]!]),
    );
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
    try {
      const now = await states();
      if (workers.every((worker) => now[worker.name] === 'UP')) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not see every worker up: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    states,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
