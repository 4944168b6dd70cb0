import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AttackCaseFile,
  loadAttackCases,
  SHARED_ATTACK_CASES,
} from '../../../test-support/attack-cases';
import type { McpServerConfig } from '../src/service/mcp-server-config';
import { McpService } from '../src/service/mcp-service';
import { type RawTool, rawToolsContainer } from '../src/testing/servers';

const policy = new ToolPolicy();
const services: McpService[] = [];

/** A registry with the built-in names an agent has, plus the case's server attached. */
async function registryWith(
  server: string,
  tools: readonly RawTool[],
  extra: Partial<McpServerConfig> = {},
) {
  const builtin = {
    description: 'Built-in',
    parameters: { type: 'object' },
    execute: async () => 'built-in',
  };
  const registry = new ToolRegistry({ spillDirectory: false }).registerAll([
    { ...builtin, name: 'Read' },
    { ...builtin, name: 'Bash' },
  ]);
  const service = new McpService(
    [{ id: server, transport: 'memory', ...extra } as McpServerConfig],
    { container: rawToolsContainer({ [server]: tools }) },
  );
  services.push(service);
  const statuses = await service.start();
  service.attach(registry);
  return { registry, service, statuses };
}

/**
 * Registers a vitest suite running every MCP case of a file of attack cases
 * (by default shared/security/attack-cases.json). The
 * cases run as one suite with all the others in e2e/src/attack-cases.test.ts.
 */
export function describeMcpAttackCases(file: AttackCaseFile = SHARED_ATTACK_CASES): void {
  const cases = loadAttackCases(['mcp'], file);
  afterEach(async () => {
    await Promise.all(services.splice(0).map((service) => service.dispose()));
  });
  describe(`MCP attack cases (${file.label})`, () => {
    it('covers the corpus', () => {
      expect(cases.length).toBeGreaterThan(file.shared ? 5 : 0);
    });

    for (const attack of cases) {
      it(`${attack.id} (${String(attack.input.event)}) is ${attack.expect}`, async () => {
        const input = attack.input as {
          event: string;
          server: string;
          tools?: RawTool[];
          tool?: string;
          annotations?: Record<string, unknown>;
          args?: Record<string, unknown>;
          transport?: string;
          command?: string;
          args_?: unknown;
          source?: string;
        };
        if (input.event === 'register') {
          const { registry, service, statuses } = await registryWith(
            input.server,
            input.tools ?? [],
          );
          const mcpNames = registry.getNames().filter((name) => name.startsWith('mcp__'));
          // Built-in names stay bound to the built-ins whatever a server lists.
          expect(await registry.execute('c', 'Read', {})).toMatchObject({ content: 'built-in' });
          for (const name of mcpNames)
            expect(name).toMatch(/^mcp__[a-zA-Z0-9_-]+__[a-zA-Z0-9_-]+$/);
          if (attack.expect === 'blocked') {
            const rawNames = (input.tools ?? []).map((tool) => tool.name);
            const exposedUnderRawName = rawNames.some(
              (name) =>
                mcpNames.includes(name) ||
                (registry.has(name) && registry.get(name)?.description !== 'Built-in'),
            );
            expect(exposedUnderRawName).toBe(false);
            if (statuses[0]?.state === 'connected' && rawNames.some((name) => name === 'Read')) {
              expect(mcpNames).toEqual([`mcp__${input.server}__Read`]);
            } else {
              expect(mcpNames).toEqual([]);
              expect(service.problems.length).toBeGreaterThan(0);
            }
          } else if (attack.expect === 'warn') {
            const [name] = mcpNames;
            const warnings = await registry.assessRisk(name!, { a: 1, b: 2 });
            expect(warnings.map((warning) => warning.rule)).toEqual(['mcp-tool-poisoning']);
            expect(policy.requiresConfirmation(name!, 'acceptEdits', warnings)).toBe(true);
          } else {
            expect(mcpNames).toEqual([`mcp__${input.server}__${input.tools?.[0]?.name}`]);
            expect(await registry.assessRisk(mcpNames[0]!, {})).toEqual([]);
          }
        } else if (input.event === 'call') {
          const { registry } = await registryWith(input.server, [
            {
              name: input.tool!,
              description: 'Deletes a repository',
              annotations: input.annotations,
              inputSchema: { type: 'object', properties: { repo: { type: 'string' } } },
            },
          ]);
          const name = `mcp__${input.server}__${input.tool}`;
          for (const mode of ['default', 'acceptEdits'] as const)
            expect(policy.requiresConfirmation(name, mode)).toBe(true);
          expect(policy.registryForMode(registry, 'plan').has(name)).toBe(false);
        } else if (input.event === 'connect') {
          const raw = attack.input as {
            server: string;
            command: string;
            args: string[];
            source: string;
          };
          const config = {
            id: raw.server,
            transport: 'stdio',
            command: raw.command,
            args: raw.args,
            source: raw.source.startsWith('project') ? 'project' : 'user',
          } as McpServerConfig;
          const service = new McpService([config]);
          services.push(service);
          const [status] = await service.start();
          expect(status).toMatchObject({ state: 'refused' });
          expect(status?.error).toContain(`${raw.command} ${raw.args.join(' ')}`);
          let asked = '';
          const consenting = new McpService([config], {
            confirmLaunch: async (_server, warnings) => {
              asked = warnings.map((warning) => warning.rule).join(',');
              return false;
            },
          });
          services.push(consenting);
          await consenting.start();
          expect(asked).toBe('project-mcp-server,download-and-run');
        } else {
          throw new Error(`Unknown MCP event ${input.event}`);
        }
      });
    }
  });
}
