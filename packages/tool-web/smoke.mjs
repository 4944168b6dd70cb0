// Smoke test of the built @tinyelf/tool-web on plain Node: a page served on loopback is fetched,
// converted with the lazily loaded DOM, Readability and Turndown, and the URL guard refuses what
// it must.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { ToolRegistry } from '@tinyelf/core';
import { checkUrl, createWebFetchTool, setupWebSearch } from '@tinyelf/tool-web';

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<html><head><title>Smoke</title></head><body><article><h1>Smoke</h1><p>${'The elves test the build. '.repeat(30)}</p></article></body></html>`,
  );
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const registry = new ToolRegistry({ spillDirectory: false }).register(
  createWebFetchTool({ allowPrivateNetwork: true }),
);
const page = await registry.execute('1', 'WebFetch', { url, raw: true });
assert.equal(page.isError, false, page.content);
assert.match(page.content, /^Title: Smoke\nURL: /);
assert.match(page.content, /The elves test the build\./);
server.close();

await assert.rejects(checkUrl('http://0x7f000001/'), /loopback/);
const blocked = await new ToolRegistry()
  .register(createWebFetchTool())
  .execute('2', 'WebFetch', { url: 'http://169.254.169.254/latest/meta-data/' });
assert.equal(blocked.errorCode, 'URL_BLOCKED');
assert.equal(setupWebSearch({ provider: 'anthropic' }).tier, 'native');
console.log('@tinyelf/tool-web: ok');
