// The MCP conformance suite's server scenarios (@modelcontextprotocol/conformance 0.1.13) against
// `tinyelf mcp serve --http --no-auth` (the suite cannot send a bearer token; --no-auth serves
// loopback only). The workspace offers a skill, two slash commands and the tools some scenarios
// call by name (server-test-tools.mjs), so every applicable check runs through the real server.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTinyelfHttp } from '@tinyelf/test-support/tinyelf-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, tinyelfBin } from '../support/workspace';
import { APPLICABLE_SERVER_SCENARIOS, NOT_APPLICABLE_SERVER_SCENARIOS } from './server-scenarios';

const conformanceBin = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);

/** One check a scenario reported. */
interface Check {
  readonly name: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
}

/** Runs the conformance CLI to its end; resolves to its output. */
function conformance(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [conformanceBin, ...args]);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', () => resolve(output));
  });
}

let server: Awaited<ReturnType<typeof startTinyelfHttp>>;
const results = new Map<string, Check[]>();

beforeAll(async () => {
  const root = makeWorkspace({}, 'tinyelf-e2e-conformance-');
  copyFileSync(
    fileURLToPath(new URL('./server-test-tools.mjs', import.meta.url)),
    join(root, 'server-test-tools.mjs'),
  );
  writeFileSync(
    join(root, 'tinyelf.config.json'),
    JSON.stringify({
      plugins: ['@tinyelf/tool-fs', '@tinyelf/tool-skills', './server-test-tools.mjs'],
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
    '---\ndescription: Reviews a file\n---\nReview $1 for bugs.\n',
  );
  writeFileSync(
    join(root, '.tinyelf', 'commands', 'test_simple_prompt.md'),
    '---\ndescription: A simple prompt\n---\nThis is a simple prompt for testing.\n',
  );
  server = await startTinyelfHttp(tinyelfBin, root, undefined, ['--no-auth']);
  const output = mkdtempSync(join(tmpdir(), 'tinyelf-conformance-results-'));
  await conformance(['server', '--url', server.url, '--suite', 'all', '-o', output]);
  for (const folder of readdirSync(output)) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(folder)?.[1];
    if (scenario)
      results.set(scenario, JSON.parse(readFileSync(join(output, folder, 'checks.json'), 'utf8')));
  }
}, 240_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

describe('MCP conformance suite: server scenarios against tinyelf mcp serve --http', () => {
  it('knows every server scenario the suite has, as applicable or not with a reason', async () => {
    const listed = await conformance(['list', '--server']);
    const scenarios = [...listed.matchAll(/^ {2}- (\S+)$/gm)].map((match) => match[1]!);
    expect(scenarios.length).toBeGreaterThan(20);
    expect(
      scenarios.filter(
        (name) =>
          !APPLICABLE_SERVER_SCENARIOS.includes(name) && !(name in NOT_APPLICABLE_SERVER_SCENARIOS),
      ),
    ).toEqual([]);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(
      Object.keys(NOT_APPLICABLE_SERVER_SCENARIOS).filter(
        (name) => !readme.includes(`\`${name}\``),
      ),
    ).toEqual([]);
  });

  for (const scenario of APPLICABLE_SERVER_SCENARIOS) {
    it(`passes ${scenario}`, () => {
      const checks = results.get(scenario) ?? [];
      expect(checks.filter((check) => check.status === 'FAILURE')).toEqual([]);
      expect(checks.some((check) => check.status === 'SUCCESS')).toBe(true);
    });
  }
});
