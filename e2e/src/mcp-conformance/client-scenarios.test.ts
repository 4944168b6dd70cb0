// The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.13) runs its client
// scenarios against client-command.mjs, a client built on @tinyelf/tool-mcp's public API. Each
// scenario's checks are read from the results it writes: every check must pass (no failure, no
// warning) and at least one must be a success. Scenarios that do not apply are listed, with the
// reason, in e2e/README.md.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const conformance = join(
  require.resolve('@modelcontextprotocol/conformance/package.json').replace(/package\.json$/, ''),
  'dist/index.js',
);
const clientCommand = fileURLToPath(new URL('./client-command.mjs', import.meta.url));

/** The client scenarios TinyElf's client passes; see e2e/README.md for the others. */
const APPLICABLE = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/resource-mismatch',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
];

/**
 * The client scenarios that do not apply, with the reason; e2e/README.md's client section lists
 * each with it.
 */
const NOT_APPLICABLE: Readonly<Record<string, string>> = {
  'auth/client-credentials-jwt':
    'the client-credentials grant is for machine clients; TinyElf authorizes on behalf of a user',
  'auth/client-credentials-basic':
    'the client-credentials grant is for machine clients; TinyElf authorizes on behalf of a user',
};

interface Check {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
}

function runScenario(scenario: string): Promise<Check[]> {
  const output = mkdtempSync(join(tmpdir(), 'tinyelf-conformance-'));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        conformance,
        'client',
        '--command',
        `${JSON.stringify(process.execPath)} ${JSON.stringify(clientCommand)}`,
        '--scenario',
        scenario,
        '--timeout',
        '40000',
        '-o',
        output,
      ],
      { encoding: 'utf8', timeout: 60_000 },
      (error, stdout) => {
        const folder = scenario.includes('/') ? join(output, scenario.split('/')[0]!) : output;
        const name = scenario.split('/').at(-1)!;
        const run = readdirSync(folder).find((entry) => entry.startsWith(`${name}-`));
        if (!run) {
          reject(new Error(`no results for ${scenario}: ${error?.message ?? ''}\n${stdout}`));
          return;
        }
        resolve(JSON.parse(readFileSync(join(folder, run, 'checks.json'), 'utf8')) as Check[]);
      },
    );
  });
}

describe('the MCP conformance suite, client scenarios', () => {
  it('knows every client scenario the suite lists: run, or not applicable with the reason in the README', async () => {
    const listed = await new Promise<string>((resolve) => {
      execFile(process.execPath, [conformance, 'list', '--client'], (_error, stdout) =>
        resolve(stdout),
      );
    });
    const scenarios = [...listed.matchAll(/^ {2}- (\S+)$/gm)].map((match) => match[1]!);
    expect(scenarios.length).toBeGreaterThan(20);
    expect(
      scenarios.filter((name) => !APPLICABLE.includes(name) && !(name in NOT_APPLICABLE)),
    ).toEqual([]);
    // Nothing listed here that the suite no longer has.
    expect(
      [...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].filter((name) => !scenarios.includes(name)),
    ).toEqual([]);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('## The MCP conformance suite: client scenarios');
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end < 0 ? undefined : end);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(Object.keys(NOT_APPLICABLE).filter((name) => !section.includes(`\`${name}\``))).toEqual(
      [],
    );
  });

  it.each(APPLICABLE)('%s passes', { timeout: 90_000 }, async (scenario) => {
    const checks = await runScenario(scenario);
    const bad = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    expect(bad.map((check) => `${check.id}: ${check.errorMessage ?? check.status}`)).toEqual([]);
    expect(checks.filter((check) => check.status === 'SUCCESS').length).toBeGreaterThan(0);
  });
});
