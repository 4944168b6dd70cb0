import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ToolRegistry } from '@tinyelf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StubServer, startStubServer } from '../testing/stub-server';
import { createWebFetchTool } from './web-fetch';

const fixtures = fileURLToPath(
  new URL('../../../../../shared/fixtures/web-pages/', import.meta.url),
);
const pages = readdirSync(fixtures).filter((name) => existsSync(`${fixtures}${name}/source.html`));
let server: StubServer;

/** Titles where Readability 0.6.0 (the newest on npm) differs from the corpus, which a later Readability produced. */
const knownTitleDifferences: Record<string, string> = {
  'article-author-tag': "If You Can Picture A Tarot Card, It's Because of These 3 People",
  'medium-3': 'Samantha and The Great Big Lie',
};

beforeAll(async () => {
  server = await startStubServer();
  for (const page of pages) {
    server.route(`127.0.0.1:${server.port}`, `/${page}/`, (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(readFileSync(`${fixtures}${page}/source.html`));
    });
  }
});
afterAll(() => server.close());

/** Markdown and metadata compared without escapes, emphasis marks or line breaks. */
function normalize(text: string): string {
  return text
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe.each(['linkedom', 'jsdom'] as const)('WebFetch on the real fixture pages (%s)', (dom) => {
  const registry = new ToolRegistry({ spillDirectory: false, maxChars: 10_000_000 });
  beforeAll(() => {
    registry.register(createWebFetchTool({ allowPrivateNetwork: true, dom }));
  });

  for (const page of pages) {
    const expected = JSON.parse(
      readFileSync(`${fixtures}${page}/expected-metadata.json`, 'utf8'),
    ) as { title: string; excerpt: string | null; readerable: boolean };
    it.runIf(expected.readerable)(`${page}: title and the opening of the article`, async () => {
      const result = await registry.execute('c', 'WebFetch', {
        url: `http://127.0.0.1:${server.port}/${page}/`,
        raw: true,
      });
      expect(result.isError, result.content.slice(0, 300)).toBe(false);
      const content = normalize(result.content);
      expect(content).toContain(
        `Title: ${normalize(knownTitleDifferences[page] ?? expected.title)}`,
      );
      if (expected.excerpt) expect(content).toContain(normalize(expected.excerpt).slice(0, 40));
    });
  }
});
