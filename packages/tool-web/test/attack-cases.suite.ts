import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AttackCaseFile,
  loadAttackCases,
  SHARED_ATTACK_CASES,
  setupSteps,
} from '../../../test-support/attack-cases';
import { type StubServer, startStubServer, tableLookup } from '../src/testing/stub-server';
import { createWebFetchTool } from '../src/tools/web-fetch';

let server: StubServer | undefined;

/** Reads the case's setup: its DNS answers and its HTTP stubs. */
function parseSetup(setup: string | undefined) {
  const dns: Record<string, string[]> = {};
  const stubs: { url: URL; status: number; location?: string; body: string }[] = [];
  for (const step of setupSteps(setup)) {
    const name = /^dns ([^ ]+) -> (.+)$/.exec(step);
    const http = /^http ([^ ]+) -> (\d{3})(?: Location: ([^ ]+))?(?: body: (.*))?$/s.exec(step);
    if (name) dns[name[1]!.toLowerCase()] = name[2]!.split(',').map((address) => address.trim());
    else if (http)
      stubs.push({
        url: new URL(http[1]!),
        status: Number(http[2]),
        location: http[3],
        body: http[4] ?? '',
      });
    else throw new Error(`Unknown setup step: ${step}`);
  }
  return { dns, stubs };
}

/**
 * Registers a vitest suite running every WebFetch case of a file of attack cases
 * (by default shared/security/attack-cases.json).
 * The cases run as one suite with all the others in e2e/src/attack-cases.test.ts.
 */
export function describeWebFetchAttackCases(file: AttackCaseFile = SHARED_ATTACK_CASES): void {
  const cases = loadAttackCases(['WebFetch'], file);
  describe(`WebFetch attack cases (${file.label}), DNS played by an injected lookup`, () => {
    afterEach(() => server?.close());
    it('covers the corpus', () => {
      expect(cases.length).toBeGreaterThan(file.shared ? 20 : 0);
    });

    for (const attack of cases) {
      it(`${attack.id}: ${JSON.stringify(attack.input.url)} is ${attack.expect}`, async () => {
        const { dns, stubs } = parseSetup(attack.setup);
        server = await startStubServer();
        for (const stub of stubs) {
          server.route(
            stub.url.host,
            `${stub.url.pathname}${stub.url.search}`,
            (_request, response) => {
              response.writeHead(stub.status, {
                'content-type': 'text/html; charset=utf-8',
                ...(stub.location ? { location: stub.location } : {}),
              });
              response.end(stub.body);
            },
          );
        }
        const registry = new ToolRegistry({ spillDirectory: false }).register(
          createWebFetchTool({ lookup: tableLookup(dns), connect: server.connect }),
        );
        const warnings = await registry.assessRisk('WebFetch', attack.input);
        const result = await registry.execute('c', 'WebFetch', attack.input);
        const stubbed = new Set(
          stubs.map((stub) => `${stub.url.host}${stub.url.pathname}${stub.url.search}`),
        );

        if (attack.expect === 'blocked') {
          expect(result.isError, result.content).toBe(true);
          expect(['URL_BLOCKED', 'INVALID_URL', 'DNS_FAILED']).toContain(result.errorCode);
          // Only the stubbed first hops of redirect chains were ever contacted.
          for (const request of server.requests) expect(stubbed.has(request), request).toBe(true);
        } else if (attack.expect === 'warn') {
          expect(warnings.length).toBeGreaterThan(0);
          expect(new ToolPolicy().requiresConfirmation('WebFetch', 'acceptEdits', warnings)).toBe(
            true,
          );
        } else {
          expect(warnings).toEqual([]);
          expect(result.errorCode, result.content).not.toBe('URL_BLOCKED');
          expect(server.requests.length, 'the page was fetched').toBeGreaterThan(0);
          if (stubs.length) {
            expect(result.isError, result.content).toBe(false);
            expect(result.content).toContain('It is untrusted web content');
            expect(result.content.match(/<\/untrusted-content>/g)).toHaveLength(1);
            expect(result.content).not.toMatch(/ignore previous instructions|id_rsa|<system>/i);
          }
        }
      });
    }
  });
}
