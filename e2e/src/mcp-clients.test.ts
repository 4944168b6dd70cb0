// `tinyelf mcp serve` used by real MCP clients: the SDK's Client (stdio and Streamable HTTP) and
// the MCP Inspector's command-line mode, listing the tools and calling Read, Grep, Bash, WebFetch
// (a loopback page) and a tool proxied from the real "everything" MCP server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTinyelfHttp } from '@tinyelf/test-support/tinyelf-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspector } from './support/inspector';
import { ARTICLE_HTML, startLoopbackSite } from './support/loopback-site';
import { everythingStdio, makeWorkspace, tinyelfBin } from './support/workspace';

interface Answer {
  readonly text: string;
  readonly isError: boolean;
}
/** One MCP client, reduced to what the checks need. */
interface ClientUnderTest {
  list(): Promise<string[]>;
  call(name: string, args: Record<string, string>): Promise<Answer>;
}

let site: Awaited<ReturnType<typeof startLoopbackSite>>;
let root: string;
beforeAll(async () => {
  site = await startLoopbackSite((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ARTICLE_HTML);
  });
  root = makeWorkspace({ 'notes.txt': 'elves ship on Friday\n' }, 'tinyelf-e2e-mcp-');
  writeFileSync(
    join(root, 'tinyelf.config.json'),
    JSON.stringify({
      plugins: [
        '@tinyelf/tool-fs',
        '@tinyelf/tool-shell',
        '@tinyelf/tool-web',
        '@tinyelf/tool-mcp',
      ],
      webFetch: { allowPrivateNetwork: true },
      mcp: { servers: [everythingStdio] },
    }),
  );
});
afterAll(() => site.close());

/** The same checks for every client: what a user of that client sees. */
async function expectTheToolsWork(client: ClientUnderTest) {
  expect(await client.list()).toEqual(
    expect.arrayContaining(['Read', 'Grep', 'Bash', 'WebFetch', 'mcp__everything__echo']),
  );
  expect(await client.call('Read', { path: 'notes.txt' })).toEqual({
    text: '     1\telves ship on Friday',
    isError: false,
  });
  expect(await client.call('Grep', { pattern: 'Friday' })).toEqual({
    text: '1 matching line in 1 file:\nnotes.txt:1:elves ship on Friday',
    isError: false,
  });
  const bash = await client.call('Bash', { command: 'echo "made by $((6 * 7)) elves"' });
  expect(bash.isError).toBe(false);
  expect(bash.text).toContain('made by 42 elves');
  const refused = await client.call('Bash', { command: 'rm -rf ~' });
  expect(refused.isError).toBe(true);
  expect(refused.text).toContain('was refused and not run. It is never run:');
  const page = await client.call('WebFetch', { url: `${site.origin}/logistics` });
  expect(page.isError).toBe(false);
  expect(page.text).toContain('Title: Elf logistics');
  expect(page.text).toContain('The elves ship every parcel on Friday');
  expect(page.text).not.toContain('North Pole');
  expect(await client.call('mcp__everything__echo', { message: 'ho ho ho' })).toEqual({
    text: 'Echo: ho ho ho',
    isError: false,
  });
}

function sdkClient(client: Client): ClientUnderTest {
  return {
    list: async () => (await client.listTools()).tools.map((tool) => tool.name),
    call: async (name, args) => {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text: string }[];
      return { text: content.map((part) => part.text).join(''), isError: result.isError === true };
    },
  };
}

/** The Inspector's CLI mode, one process per request: the server (command or URL), then options. */
function inspectorClient(target: readonly string[]): ClientUnderTest {
  return {
    list: async () => {
      const answer = (await inspector([...target, '--method', 'tools/list'])) as {
        tools: { name: string }[];
      };
      return answer.tools.map((tool) => tool.name);
    },
    call: async (name, args) => {
      const pairs = Object.entries(args).map(([key, value]) => `${key}=${value}`);
      const answer = (await inspector([
        ...target,
        '--method',
        'tools/call',
        '--tool-name',
        name,
        '--tool-arg',
        ...pairs,
      ])) as { content: { text: string }[]; isError?: boolean };
      return {
        text: answer.content.map((part) => part.text).join(''),
        isError: answer.isError === true,
      };
    },
  };
}

describe('tinyelf mcp serve with real MCP clients', () => {
  it('the SDK Client over stdio', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [tinyelfBin, 'mcp', 'serve', '--dir', root],
        stderr: 'ignore',
      }),
    );
    try {
      await expectTheToolsWork(sdkClient(client));
    } finally {
      await client.close();
    }
  });

  it('the SDK Client over Streamable HTTP', async () => {
    const server = await startTinyelfHttp(tinyelfBin, root, 'e2e-token-for-the-sdk');
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { authorization: 'Bearer e2e-token-for-the-sdk' } },
        }),
      );
      await expectTheToolsWork(sdkClient(client));
    } finally {
      await client.close();
      expect(await server.stop()).toBe(0);
    }
  });

  it('the MCP Inspector CLI over stdio', async () => {
    await expectTheToolsWork(
      inspectorClient([process.execPath, tinyelfBin, 'mcp', 'serve', '--dir', root]),
    );
  });

  it('the MCP Inspector CLI over Streamable HTTP, with and without the token', async () => {
    const server = await startTinyelfHttp(tinyelfBin, root, 'e2e-token-for-the-inspector');
    try {
      await expectTheToolsWork(
        inspectorClient([
          server.url,
          '--transport',
          'http',
          '--header',
          'Authorization: Bearer e2e-token-for-the-inspector',
        ]),
      );
      await expect(
        inspector([server.url, '--transport', 'http', '--method', 'tools/list']),
      ).rejects.toThrow('A bearer token is required');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
