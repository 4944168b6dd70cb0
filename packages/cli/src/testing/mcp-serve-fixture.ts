import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { descendantProcesses } from '@tinyelf/test-support/processes';
import { startTinyelfHttp } from '@tinyelf/test-support/tinyelf-http';
import { afterEach, beforeAll } from 'vitest';

// What the `tinyelf mcp serve --http` tests share: the built command, a workspace with tools,
// skills, a slash command and a progress-reporting tool, and clients that are closed after each test.

/** The built command. */
export const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
/** The token the tests serve with. */
export const token = 'mcp-serve-test-token';
/** What to undo after each test, last first. */
export const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

beforeAll(() => {
  if (!existsSync(bin)) throw new Error(`Build the CLI first (pnpm build): ${bin} is missing.`);
});

/** A 1x1 PNG, base64 (what the `snapshot` tool returns). */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

/**
 * A plugin file with tools that report progress and return media: `count_up` reports each step as
 * a line, `download` reports bytes out of a total, `snapshot` returns text, an image and a clip.
 */
const progressPlugin = `export default {
  name: 'progress-test',
  apiVersion: 1,
  createTools: () => [{
    name: 'count_up',
    description: 'Counts to three, reporting each step.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute(params, context) {
      for (const step of ['one', 'two', 'three']) context?.onProgress?.(step);
      return 'counted';
    },
  }, {
    name: 'download',
    description: 'Pretends to download 3000 bytes, reporting the bytes received.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute(params, context) {
      for (const bytes of [1000, 2000, 2000, 3000])
        context?.onProgress?.(bytes + ' bytes', { progress: bytes, total: 3000 });
      return 'downloaded';
    },
  }, {
    name: 'snapshot',
    description: 'Returns a picture and a sound.',
    parameters: { type: 'object', properties: {} },
    readOnly: true,
    async execute() {
      return { parts: [
        { type: 'text', text: 'the screen:' },
        { type: 'image', data: '${PNG_BASE64}', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      ] };
    },
  }],
};
`;

/** A workspace with files, Bash, skills (one skill, one slash command) and the progress tool. */
export function workspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-mcp-serve-')));
  writeFileSync(join(root, 'progress-plugin.mjs'), progressPlugin);
  writeFileSync(
    join(root, 'tinyelf.config.json'),
    JSON.stringify({
      plugins: [
        '@tinyelf/tool-fs',
        '@tinyelf/tool-shell',
        '@tinyelf/tool-skills',
        './progress-plugin.mjs',
      ],
      skills: { homeDir: join(root, 'home') },
    }),
  );
  mkdirSync(join(root, '.tinyelf', 'skills', 'release-notes'), { recursive: true });
  writeFileSync(
    join(root, '.tinyelf', 'skills', 'release-notes', 'SKILL.md'),
    '---\nname: release-notes\ndescription: Writes release notes from the changelog.\n---\n\nRead CHANGELOG.md first.\n',
  );
  mkdirSync(join(root, '.tinyelf', 'commands'), { recursive: true });
  writeFileSync(
    join(root, '.tinyelf', 'commands', 'review.md'),
    '---\ndescription: Reviews a file\nargument-hint: FILE\n---\nReview $1 for bugs.\n',
  );
  return root;
}

/** `tinyelf mcp serve --http` in a new workspace, stopped after the test. */
export async function serve(args: string[] = [], withToken: string | undefined = token) {
  const root = workspace();
  const server = await startTinyelfHttp(bin, root, withToken, args);
  cleanups.push(() => server.stop());
  return { ...server, root };
}

/** An SDK client with the token, closed after the test. */
export async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
    }),
  );
  cleanups.push(() => client.close());
  return client;
}

/** The `sleep` processes running under a process. */
export function sleeps(pid: number): number[] {
  return descendantProcesses(pid)
    .filter((process) => /(^|\/)sleep 47\b/.test(process.command))
    .map((process) => process.pid);
}
