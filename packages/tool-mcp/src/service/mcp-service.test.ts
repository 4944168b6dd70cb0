import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { descendantProcesses } from '@tinyelf/test-support/processes';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingServer, filesystemServer, startEverythingHttp } from '../testing/servers';
import { McpService } from './mcp-service';

const services: McpService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.dispose()));
});

function serviceOf(...servers: ConstructorParameters<typeof McpService>[0]) {
  const service = new McpService(servers, { connectTimeoutMs: 20_000 });
  services.push(service);
  return service;
}

/** The processes this test process started (and theirs) that run a given script. */
function childrenRunning(script: string): number[] {
  return descendantProcesses()
    .filter((child) => child.command.includes(script))
    .map((child) => child.pid);
}

describe('McpService with real servers from npm', () => {
  it('loads the everything server over stdio: names, schemas, coerced calls, error results', async () => {
    const service = serviceOf({
      id: 'everything',
      transport: 'stdio',
      command: process.execPath,
      args: [everythingServer, 'stdio'],
    });
    expect(await service.start()).toEqual([
      expect.objectContaining({ id: 'everything', state: 'connected' }),
    ]);
    const registry = new ToolRegistry({ spillDirectory: false });
    service.attach(registry);
    expect(registry.getNames()).toEqual(
      expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']),
    );
    const sum = registry.get('mcp__everything__get-sum');
    expect(sum?.parameters).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    const result = await registry.execute('c', 'mcp__everything__get-sum', { a: '2', b: 3 });
    expect(result).toMatchObject({ isError: false });
    expect(result.content).toContain('5');
    const echo = await registry.execute('c', 'mcp__everything__echo', { message: 'hello elves' });
    expect(echo.content).toBe('Echo: hello elves');
    const failed = await sum!.execute({ a: 'x' }).catch((error: Error) => error.message);
    expect(failed).toMatch(
      /The MCP tool mcp__everything__get-sum reported an error|could not run get-sum/,
    );
  });

  it('aborts a long-running call, and reconnects after the server is killed', async () => {
    const service = serviceOf({
      id: 'everything',
      transport: 'stdio',
      command: process.execPath,
      args: [everythingServer, 'stdio'],
    });
    await service.start();
    const registry = new ToolRegistry({ spillDirectory: false });
    service.attach(registry);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const aborted = await registry.execute(
      'c',
      'mcp__everything__trigger-long-running-operation',
      { duration: 20, steps: 5 },
      { signal: controller.signal },
    );
    expect(aborted.errorCode).toBe('TOOL_ABORTED');

    const [pid] = childrenRunning(everythingServer);
    expect(pid).toBeDefined();
    const during = registry.execute('c', 'mcp__everything__trigger-long-running-operation', {
      duration: 20,
      steps: 5,
    });
    setTimeout(() => process.kill(pid!, 'SIGKILL'), 300);
    const lost = await during;
    expect(lost.isError).toBe(true);
    expect(lost.content).toMatch(/closed the connection|could not run|Connection closed/);
    const again = await registry.execute('c', 'mcp__everything__echo', { message: 'back' });
    expect(again.content).toBe('Echo: back');
  });

  it('loads the everything server over Streamable HTTP', async () => {
    const http = await startEverythingHttp();
    try {
      const service = serviceOf({ id: 'remote', transport: 'http', url: http.url });
      expect((await service.start())[0]?.state).toBe('connected');
      const registry = new ToolRegistry({ spillDirectory: false });
      service.attach(registry);
      expect(
        (await registry.execute('c', 'mcp__remote__echo', { message: 'over http' })).content,
      ).toBe('Echo: over http');
    } finally {
      http.process.kill();
    }
  });

  it('loads the filesystem server, honours include lists, and reports a failing server while the others load', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-mcp-fs-')));
    writeFileSync(join(folder, 'notes.txt'), 'elf notes');
    const service = serviceOf(
      {
        id: 'fs',
        transport: 'stdio',
        command: process.execPath,
        args: [filesystemServer, folder],
        includeTools: ['read_text_file', 'list_directory'],
      },
      { id: 'broken', transport: 'stdio', command: '/nonexistent/mcp-server' },
    );
    const statuses = await service.start();
    expect(statuses.find((status) => status.id === 'fs')).toMatchObject({
      state: 'connected',
      tools: 2,
    });
    expect(statuses.find((status) => status.id === 'broken')).toMatchObject({ state: 'failed' });
    const registry = new ToolRegistry({ spillDirectory: false });
    service.attach(registry);
    expect(registry.getNames().sort()).toEqual([
      'mcp__fs__list_directory',
      'mcp__fs__read_text_file',
    ]);
    expect(
      (await registry.execute('c', 'mcp__fs__read_text_file', { path: join(folder, 'notes.txt') }))
        .content,
    ).toBe('elf notes');
  });

  it('leaves no server process behind after dispose', async () => {
    const service = new McpService([
      {
        id: 'everything',
        transport: 'stdio',
        command: process.execPath,
        args: [everythingServer, 'stdio'],
      },
    ]);
    await service.start();
    expect(childrenRunning(everythingServer)).toHaveLength(1);
    await service.dispose();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(childrenRunning(everythingServer)).toEqual([]);
  });
});
