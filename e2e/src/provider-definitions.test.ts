// The definitions of the full default registry (every installed @tinyelf tool package, with the
// real "everything" MCP server's tools loaded) in OpenAI, Anthropic and Gemini formats, checked
// against each provider's published rules (support/provider-schema-rules.ts).

import { type BuiltRegistry, buildToolRegistry, DEFAULT_PLUGIN_PACKAGES } from '@tinyelf/builder';
import {
  type AgentRunner,
  type DefinitionFormat,
  defineJsonSchemaTool,
  PLUGIN_API_VERSION,
  type ToolPlugin,
} from '@tinyelf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicViolations,
  geminiViolations,
  openAiViolations,
} from './support/provider-schema-rules';
import { everythingStdio, makeWorkspace } from './support/workspace';

/** Only makes the sub-agent and session plugins eligible; no agent runs in this test. */
const idleRunner: AgentRunner = {
  run: async () => ({ status: 'completed', output: '', iterations: 0, messages: [] }),
};

const rules: Record<DefinitionFormat, (definition: unknown) => string[]> = {
  openai: openAiViolations,
  anthropic: anthropicViolations,
  gemini: geminiViolations,
};

/** A JSON Schema with what Gemini refuses: `$ref`/`$defs`, `const`, type arrays, additionalProperties. */
const AWKWARD_SCHEMA = {
  type: 'object',
  $defs: { name: { type: 'string', description: 'An elf' } },
  properties: {
    name: { $ref: '#/$defs/name' },
    kind: { const: 'elf' },
    tags: { type: ['array', 'null'], items: { type: 'string' } },
    extra: { type: 'object', additionalProperties: { type: 'number' } },
  },
  required: ['name'],
  additionalProperties: false,
};
/** A third-party plugin whose tool has {@link AWKWARD_SCHEMA}. */
const awkwardPlugin: ToolPlugin = {
  name: 'awkward',
  apiVersion: PLUGIN_API_VERSION,
  createTools: () => [
    defineJsonSchemaTool({
      name: 'awkward_schema',
      description: 'A tool whose schema uses every keyword Gemini refuses.',
      parameters: AWKWARD_SCHEMA,
      execute: async () => 'ok',
    }),
  ],
};

const builds: BuiltRegistry[] = [];
afterAll(async () => {
  await Promise.all(builds.map((built) => built.dispose()));
});

async function defaultRegistry(provider?: string) {
  const built = await buildToolRegistry({
    config: {
      workspaceRoot: makeWorkspace(),
      mcp: { servers: [everythingStdio] },
      webSearch: provider
        ? { provider }
        : { services: [{ kind: 'searxng', baseUrl: 'http://127.0.0.1:9' }] },
    },
    services: { agentRunner: idleRunner },
    plugins: [awkwardPlugin],
    // every package: the builder's defaults and the shell, as the tinyelf command composes it
    defaultPlugins: [...DEFAULT_PLUGIN_PACKAGES, '@tinyelf/tool-shell'],
  });
  builds.push(built);
  return built.registry;
}

let registry: BuiltRegistry['registry'];
beforeAll(async () => {
  registry = await defaultRegistry();
});

describe('provider definitions of the full default registry', () => {
  it('holds every package’s tools and the everything server’s', () => {
    const names = registry.getNames();
    for (const name of [
      'awkward_schema',
      'Read',
      'Bash',
      'WebSearch',
      'WebFetch',
      'read_skill',
      'spawn_agent',
    ])
      expect(names).toContain(name);
    const mcp = names.filter((name) => name.startsWith('mcp__everything__'));
    expect(mcp.length).toBeGreaterThanOrEqual(10);
  });

  for (const format of ['openai', 'anthropic', 'gemini'] as const) {
    it(`${format}: every definition follows the provider's rules`, () => {
      const definitions = registry.getDefinitions(format);
      expect(definitions).toHaveLength(registry.size);
      expect(definitions.flatMap((definition) => rules[format](definition))).toEqual([]);
    });

    it(`${format}: the provider's native web search passes too`, async () => {
      const native = await defaultRegistry(format);
      const definitions = native.getDefinitions(format);
      expect(definitions.flatMap((definition) => rules[format](definition))).toEqual([]);
      expect(JSON.stringify(definitions)).toMatch(/web_search|google_search/);
    });
  }

  it('the rules catch what the providers reject (and the raw MCP schemas break Gemini’s)', () => {
    const bad = {
      type: 'object',
      $defs: { name: { type: 'string' } },
      properties: {
        name: { $ref: '#/$defs/name' },
        kind: { const: 'elf' },
        tags: { type: ['string', 'null'] },
        extra: { type: 'object', additionalProperties: true },
      },
      required: ['name', 'missing'],
    };
    expect(geminiViolations({ name: 'bad', parameters: bad })).toEqual(
      expect.arrayContaining([
        'bad.parameters.$defs: not a Gemini Schema field',
        'bad.parameters.properties.name.$ref: not a Gemini Schema field',
        'bad.parameters.properties.kind.const: not a Gemini Schema field',
        'bad.parameters.properties.tags.type: must be one type name, not ["string","null"]',
        'bad.parameters.properties.extra.additionalProperties: not a Gemini Schema field',
        'bad.parameters.required: "missing" is not a property',
      ]),
    );
    expect(geminiViolations({ name: '1st-tool' })).toEqual([
      '1st-tool: name must match /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/',
    ]);
    expect(
      openAiViolations({
        type: 'function',
        function: { name: 'a b', parameters: { anyOf: [{ type: 'object' }] } },
      }),
    ).toEqual([
      'a b: name must match /^[a-zA-Z0-9_-]{1,64}$/',
      'a b.parameters.type: must be "object"',
      'a b.parameters.anyOf: not allowed at the top level',
    ]);
    expect(anthropicViolations({ name: 'x'.repeat(65), input_schema: { type: 'string' } })).toEqual(
      [
        `${'x'.repeat(65)}: name must match /^[a-zA-Z0-9_-]{1,64}$/`,
        `${'x'.repeat(65)}.input_schema.type: must be "object"`,
      ],
    );
    // The third-party tool carrying that schema is in the registry, and its Gemini form passes.
    expect(
      geminiViolations({ name: 'bad', parameters: registry.get('awkward_schema')?.parameters }),
    ).not.toEqual([]);
  });
});
