// Smoke test of the built @tinyelf/builder on plain Node: the default registry (the installed
// default packages, no shell), composed in the 12-step order with DI from dist, and put to work.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildToolRegistry } from '@tinyelf/builder';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-smoke-builder-')));
writeFileSync(join(workspaceRoot, 'hello.txt'), 'hello from the builder\n');
const built = await buildToolRegistry({ config: { workspaceRoot } });
const names = built.registry.getNames();
assert.deepEqual(names.slice(0, 7), [
  'Read',
  'Write',
  'Edit',
  'ListDir',
  'Glob',
  'Grep',
  'WebFetch',
]);
assert.ok(!names.includes('Bash'), 'the defaults hold no shell');
assert.ok(
  names.indexOf('WebFetch') < names.indexOf('list_skills') &&
    names.indexOf('list_skills') < names.indexOf('slash_command') &&
    names.indexOf('slash_command') < names.indexOf('Notify'),
);
assert.equal(
  (await built.registry.execute('1', 'Grep', { pattern: 'builder' })).content,
  '1 matching line in 1 file:\nhello.txt:1:hello from the builder',
);
assert.equal(built.policy.requiresConfirmation('Read', 'default'), false);
await built.dispose();
console.log('@tinyelf/builder: ok');
