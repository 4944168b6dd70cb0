import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Ordinary commands that must not ask, next to their dangerous neighbours. Never executed.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-harmless-reads-')));

const cases: [Verdict, string][] = [
  ['allow', 'cat /etc/lsb-release'],
  ['allow', 'grep MemTotal /proc/meminfo'],
  [
    'allow',
    'python3 -c \'import json,sys; print(json.load(open("tsconfig.json"))["compilerOptions"])\'',
  ],
  ['allow', 'node -e \'console.log(require("./package.json").scripts)\''],
  ['allow', "perl -pi -e 's/\\bvar\\b/let/g' src/app.js"],
  ['allow', "pkill -f 'next dev --port 3000'"],
  ['warn', 'cat /etc/passwd'],
  ['warn', 'ls -la ~/.ssh'],
  ['warn', 'ls /etc > /tmp/list'],
  // Listings outside the workspace ask: the names of the user's other files are theirs.
  ['warn', 'ls -l /opt'],
  ['warn', 'tree -L 1 ~/Documents'],
  ['warn', 'ls ../../'],
  ['warn', 'python3 -c \'print(open("/root/.netrc").read())\''],
  ['warn', 'python3 -c \'import os; print(os.listdir(".."))\''],
  ['warn', "node -e 'console.log(process.env)'"],
  ['warn', 'node -e \'console.log(require("../secrets.json"))\''],
  ['warn', "PYTHONSTARTUP=x.py python3 -c 'print(1)'"],
  ['warn', "perl -pi -e 's/x/`id`/e' a.txt"],
  ['warn', 'pkill -f node'],
  ['warn', "pkill -f '.* .*'"],
  ['warn', "pkill -f 'sshd -D'"],
];

describe('Harmless reads and one-liners', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/root' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
