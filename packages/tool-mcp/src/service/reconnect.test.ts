import type { ChildProcess } from 'node:child_process';
import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startEverythingHttp } from '../testing/servers';
import { McpService } from './mcp-service';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function sockets(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;
}

describe.each(['streamableHttp', 'sse'] as const)('an everything server over %s', (mode) => {
  it('killed mid-call fails the call at once, and the next call after its restart succeeds', async () => {
    const before = sockets();
    let server = await startEverythingHttp(mode);
    cleanup.push(() => {
      server.process.kill('SIGKILL');
      return stopped(server.process);
    });
    const service = new McpService(
      [{ id: 'remote', transport: mode === 'sse' ? 'sse' : 'http', url: server.url }],
      { connectTimeoutMs: 10_000, callTimeoutMs: 30_000, oauth: { directory: '/nonexistent' } },
    );
    cleanup.push(() => service.dispose());
    expect((await service.start())[0]?.state).toBe('connected');
    const registry = new ToolRegistry({ spillDirectory: false });
    service.attach(registry);
    expect((await registry.execute('c', 'mcp__remote__echo', { message: 'one' })).content).toBe(
      'Echo: one',
    );

    const during = registry.execute('c', 'mcp__remote__trigger-long-running-operation', {
      duration: 20,
      steps: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killedAt = Date.now();
    server.process.kill('SIGKILL');
    const lost = await during;
    const failedAfter = Date.now() - killedAt;
    expect(lost).toMatchObject({ isError: true, errorCode: 'MCP_CONNECTION_LOST' });
    expect(lost.content).toContain('closed the connection during the call');
    expect(failedAfter).toBeLessThan(1000);

    // While the server is down, a call says so (the next attempt is after a backoff).
    await stopped(server.process);
    const down = await registry.execute('c', 'mcp__remote__echo', { message: 'down' });
    expect(down).toMatchObject({ isError: true, errorCode: 'MCP_SERVER_UNAVAILABLE' });

    server = await startEverythingHttp(mode, server.port);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const back = await registry.execute('c', 'mcp__remote__echo', { message: 'back' });
    expect(back.content).toBe('Echo: back');

    await service.dispose();
    server.process.kill('SIGKILL');
    await stopped(server.process);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sockets()).toBeLessThanOrEqual(before);
  });
});
