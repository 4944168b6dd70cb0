import { BuildStep, silentLogger, ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext, describePluginConformance } from '@tinyelf/core/testing';
import { describe, expect, it } from 'vitest';
import { createWebFetchPlugin, createWebSearchPlugin } from './web-plugins';

describe('WebFetch plugin conformance', () => {
  describePluginConformance(() => createWebFetchPlugin(), {
    sampleInputs: { WebFetch: { url: 'http://127.0.0.1:1/' } },
  });
});

describe('WebSearch plugin conformance', () => {
  describePluginConformance(
    () => createWebSearchPlugin({ services: [{ kind: 'searxng', baseUrl: 'http://127.0.0.1:1' }] }),
    {
      sampleInputs: { WebSearch: { query: 'elves' } },
    },
  );
});

describe('web plugins', () => {
  it('sit at steps WebSearch and WebFetch', () => {
    expect(createWebSearchPlugin().step).toBe(BuildStep.WebSearch);
    expect(createWebFetchPlugin().step).toBe(BuildStep.WebFetch);
  });

  it('WebSearch is ineligible without a provider or service, and says why', async () => {
    const warnings: string[] = [];
    const context = createTestBuildContext({
      logger: { ...silentLogger, warn: (message) => warnings.push(message) },
    });
    const answer = await createWebSearchPlugin({ env: {} }).isEligible?.(context);
    expect(answer).toMatchObject({ eligible: false });
    expect((answer as { reason: string }).reason).toMatch(
      /^no search: the model provider \(none configured\)/,
    );
    // The reason goes into the build's diagnostics, not the log.
    expect(warnings).toEqual([]);
    const native = createTestBuildContext({ config: { webSearch: { provider: 'anthropic' } } });
    const registry = new ToolRegistry().registerAll(
      await createWebSearchPlugin().createTools(native),
    );
    expect(registry.getDefinitions('anthropic')[0]).toMatchObject({ type: 'web_search_20250305' });
  });
});
