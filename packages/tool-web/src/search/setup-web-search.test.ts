import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setupWebSearch } from './setup-web-search';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(() =>
  Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))),
);

/** A real HTTP server on 127.0.0.1 answering like a search service. */
async function service(status: number, body: unknown): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text,
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function search(setup: ReturnType<typeof setupWebSearch>, query: string, count?: number) {
  const registry = new ToolRegistry({ spillDirectory: false });
  if (setup.tool) registry.register(setup.tool);
  return registry.execute('c', 'WebSearch', { query, count });
}

describe('setupWebSearch', () => {
  it('speaks the Tavily API', async () => {
    const tavily = await service(200, {
      results: [{ title: 'Elf', url: 'https://elf.example', content: 'About  elves', score: 0.9 }],
    });
    const setup = setupWebSearch({
      services: [{ kind: 'tavily', apiKey: 'tvly-key', baseUrl: tavily.url }],
    });
    expect(setup.tier).toBe('service');
    const result = await search(setup, 'elves', 3);
    expect(result.content).toContain('Results from Tavily for "elves":');
    expect(result.content).toContain('1. Elf\n   https://elf.example\n   About elves');
    expect(tavily.seen[0]).toMatchObject({ method: 'POST', url: '/search' });
    expect(tavily.seen[0]?.headers.authorization).toBe('Bearer tvly-key');
    expect(JSON.parse(tavily.seen[0]?.body ?? '{}')).toMatchObject({
      query: 'elves',
      max_results: 3,
    });
  });

  it('speaks the Jina and SearXNG APIs', async () => {
    const jina = await service(200, {
      code: 200,
      data: [{ title: 'J', url: 'https://j.example', description: 'from jina' }],
    });
    const searx = await service(200, {
      results: [{ title: 'S', url: 'https://s.example', content: 'from searx' }],
    });
    const viaJina = await search(
      setupWebSearch({ services: [{ kind: 'jina', apiKey: 'jina-key', baseUrl: jina.url }] }),
      'tiny elf',
    );
    expect(viaJina.content).toContain('1. J\n   https://j.example\n   from jina');
    expect(jina.seen[0]?.url).toBe('/?q=tiny%20elf');
    expect(jina.seen[0]?.headers.accept).toBe('application/json');
    const viaSearx = await search(
      setupWebSearch({ services: [{ kind: 'searxng', baseUrl: searx.url }] }),
      'tiny elf',
    );
    expect(viaSearx.content).toContain('1. S\n   https://s.example\n   from searx');
    expect(searx.seen[0]?.url).toBe('/search?q=tiny%20elf&format=json');
  });

  it('falls back to the next service when one fails, and says which answered', async () => {
    const quota = await service(429, { error: 'quota' });
    const broken = await service(200, { unexpected: true });
    const searx = await service(200, {
      results: [{ title: 'S', url: 'https://s.example', content: 'ok' }],
    });
    const setup = setupWebSearch({
      services: [
        { kind: 'tavily', apiKey: 'k', baseUrl: quota.url },
        { kind: 'jina', baseUrl: broken.url },
        { kind: 'searxng', baseUrl: searx.url },
      ],
    });
    const result = await search(setup, 'q');
    expect(result.content).toContain(
      'Results from SearXNG for "q" (Tavily failed: HTTP 429 (rate limit or quota); Jina failed: the answer has no "data" list; SearXNG answered):',
    );
    const allDown = setupWebSearch({
      services: [{ kind: 'searxng', baseUrl: 'http://127.0.0.1:1' }],
    });
    const failed = await search(allDown, 'q');
    expect(failed.isError).toBe(true);
    expect(failed.content).toContain('Every search service failed: SearXNG failed: network error');
  });

  it('takes services from the environment', async () => {
    const searx = await service(200, { results: [] });
    const setup = setupWebSearch({ env: { SEARXNG_URL: searx.url } });
    expect(setup.reason).toBe('search services: SearXNG');
    expect((await search(setup, 'nothing')).content).toBe('SearXNG found nothing for "nothing".');
  });

  it("uses the provider's own search tool when it has one", () => {
    const definitions = (provider: string, format: 'openai' | 'anthropic' | 'gemini') => {
      const setup = setupWebSearch({ provider, env: {} });
      expect(setup.tier).toBe('native');
      return new ToolRegistry().register(setup.tool!).getDefinitions(format);
    };
    expect(definitions('anthropic', 'anthropic')).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
    ]);
    expect(definitions('openai', 'openai')).toEqual([{ type: 'web_search' }]);
    expect(definitions('xai', 'openai')).toEqual([{ type: 'web_search' }]);
    expect(definitions('gemini', 'gemini')).toEqual([{ google_search: {} }]);
  });

  it('is unavailable, with the reason, when there is neither', () => {
    const setup = setupWebSearch({ provider: 'ollama', env: {} });
    expect(setup).toEqual({
      tier: 'unavailable',
      reason:
        'no search: the model provider (ollama) has no built-in search, and no search service is configured (set TAVILY_API_KEY, JINA_API_KEY or SEARXNG_URL, or pass services)',
    });
  });
});
