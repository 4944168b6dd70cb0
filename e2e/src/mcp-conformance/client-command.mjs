#!/usr/bin/env node
// The MCP client the conformance suite's client scenarios run (`conformance client --command
// "node client-command.mjs"`), built only on @tinyelf/tool-mcp's public API: it connects to the URL
// given as the last argument with McpService (Streamable HTTP, OAuth with token files in a
// temporary folder, elicitation answered by accepting the defaults, as a user who confirms would),
// registers the server's tools in a ToolRegistry and calls each one with arguments made from its
// schema. The suite sets MCP_CONFORMANCE_SCENARIO, and MCP_CONFORMANCE_CONTEXT for scenarios that
// need a pre-registered client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { McpService } from '@tinyelf/tool-mcp';

const url = process.argv.at(-1);
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
const tokens = mkdtempSync(join(tmpdir(), 'tinyelf-conformance-'));

/** A user who approves at once: follows the authorization page's redirect to the loopback. */
async function approve(page) {
  const answer = await fetch(page, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`the authorization page did not redirect (${answer.status})`);
  await (await fetch(location)).text();
}

/** Arguments for a tool, made from its schema: defaults, else small values of the right type. */
function argumentsFor(schema) {
  const values = {
    number: 1,
    integer: 1,
    string: 'conformance',
    boolean: true,
    array: [],
    object: {},
  };
  const args = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {}))
    args[name] = property.default ?? property.enum?.[0] ?? values[property.type] ?? 'conformance';
  return args;
}

const service = new McpService(
  [
    {
      id: 'conformance',
      transport: 'http',
      url,
      oauth: {
        // The suite's authorization servers that support client id metadata documents expect this one.
        clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
        ...(context.client_id
          ? { clientId: context.client_id, clientSecret: context.client_secret }
          : {}),
      },
    },
  ],
  {
    connectTimeoutMs: 20_000,
    callTimeoutMs: 20_000,
    oauth: { directory: tokens, openUrl: approve, timeoutMs: 20_000 },
    elicit: async () => true,
  },
);
let failed = false;
try {
  const [status] = await service.start();
  process.stderr.write(`${JSON.stringify(status)}\n`);
  if (status.state !== 'connected') failed = true;
  const registry = new ToolRegistry({ spillDirectory: false });
  service.attach(registry);
  for (const name of registry.getNames()) {
    const tool = registry.get(name);
    const result = await registry.execute(`call-${name}`, name, argumentsFor(tool.parameters));
    process.stdout.write(`${name}: ${result.isError ? 'error' : 'ok'} ${result.content}\n`);
    if (result.isError) failed = true;
  }
} finally {
  await service.dispose();
  rmSync(tokens, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
