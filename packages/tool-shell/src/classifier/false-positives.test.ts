import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';
import type { Verdict } from './finding';

// Each command is classified in a fresh empty workspace (never run); the verdict must be exactly
// the one listed, so a warning where a block belongs fails as well.
const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-false-positives-')));

const cases: [Verdict, string][] = [
  ['allow', 'awk \'{print > "out.csv"}\' data.txt'],
  ['allow', "awk -F, '{print $1}' data.csv"],
  ['allow', 'node -r dotenv/config index.js'],
  ['allow', 'node -c index.js'],
  ['allow', 'perl -c script.pl'],
  ['allow', 'python3 -E main.py'],
  ['allow', 'ruby -r ./lib/x.rb main.rb'],
  ['allow', "rg -e '/api/v1' src/"],
  ['allow', 'rg --regexp=/api/v1 src/'],
  ['allow', "grep -e '/usr/bin' README.md"],
  ['allow', "sed -e '/^#/d' file.txt"],
  ['allow', "sed -i -e 's#/usr/local#/opt#' config.txt"],
  ['allow', "find . -regex '.*/generated/.*'"],
  ['allow', "find . -path '*/node_modules/*' -prune -o -name '*.ts' -print"],
  ['allow', './scripts/format --check'],
  ['allow', './bin/mkfs --help'],
  ['allow', 'mkfs.ext4 -F ./disk.img'],
  ['allow', 'docker run -w /app node:20 npm test'],
  ['allow', 'docker run --rm -v "$PWD":/src -w /src node:20 npm ci'],
  ['allow', 'git -c core.editor=true rebase --continue'],
  ['allow', 'git -c core.pager=cat log -5'],
  ['allow', 'rm -rf `find . -name __pycache__`'],
  ['allow', "rm -f `find . -type f -name '*.py[co]'`"],
  ['allow', "find . -name '*.pyc' | xargs rm -f"],
  ['allow', 'echo "rm -rf /" > notes.txt'],
  ['allow', 'git commit -m "fix: rm -rf / bug"'],
  ['allow', "grep -rn 'kill -9' src/"],
  ['allow', 'npm run build 2>&1 | tail -5'],
  // A relative symbolic link target is resolved from the link's folder, not the shell's.
  ['allow', 'ln -s ../shared lib/shared'],
  ['allow', 'ln -s ../README.md docs/README.md'],
  ['allow', 'ln -sf ../../shared/config.ts src/lib/config.ts'],
  ['warn', 'ln -s ../../.. lib/up'],
  ['warn', 'ln -s ../outside-file here'],
  ['allow', "pnpm -r --filter='./packages/*' run build"],
  ['allow', 'make -j4 test'],
  ['allow', 'cargo build --release'],
  ['allow', 'tsc -p tsconfig.json --noEmit'],
  ['allow', 'for f in src/*.ts; do wc -l "$f"; done'],
  ['allow', 'ls -la | sort -k5 -n | tail'],
];

describe('Everyday commands that must stay allowed', () => {
  it.each(cases)('%s: %s', async (verdict, command) => {
    const result = await classifyCommand(command, { workspaceRoot, homeDir: '/home/elf' });
    expect(result.verdict, JSON.stringify(result.findings)).toBe(verdict);
  });
});
