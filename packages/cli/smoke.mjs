// Smoke test of the built tinyelf command on plain Node: `tinyelf tools` and `tinyelf call` over a
// scratch workspace, as real processes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('./dist/bin.js', import.meta.url).pathname;
const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-smoke-cli-')));
writeFileSync(join(root, 'todo.txt'), 'feed the elves\n');
const tools = spawnSync(process.execPath, [bin, 'tools', '--dir', root], { encoding: 'utf8' });
assert.equal(tools.status, 0, tools.stderr);
assert.match(tools.stdout, /^FileSystem\s+Read\s+safe/m);
const call = spawnSync(process.execPath, [bin, 'call', 'Grep', 'pattern=elves', '--dir', root], {
  encoding: 'utf8',
});
assert.equal(call.stdout, '1 matching line in 1 file:\ntodo.txt:1:feed the elves\n');
console.log('tinyelf: ok');
