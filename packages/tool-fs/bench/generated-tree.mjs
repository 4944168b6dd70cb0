// Generates (once) a source-like tree of 50,000 files for the search benchmarks: nested folders of
// TypeScript and Markdown files, a .gitignore that excludes a dist/ folder of 5,000 more files and
// *.log files, and a node_modules folder. Deterministic, so runs compare.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TREE_ROOT = join(tmpdir(), 'tinyelf-bench-tree-v2');
const words = [
  'const',
  'value',
  'return',
  'function',
  'import',
  'export',
  'class',
  'interface',
  'string',
  'number',
  'async',
  'await',
  'result',
  'options',
  'context',
  'registry',
  'tool',
  'params',
];

function fileContent(seed) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state >> 8;
  };
  const lines = [];
  for (let line = 0; line < 30; line++) {
    const count = 4 + (next() % 8);
    const parts = [];
    for (let word = 0; word < count; word++) parts.push(words[next() % words.length]);
    if (next() % 1500 === 0) parts.push('needle');
    lines.push(`${'  '.repeat(next() % 3)}${parts.join(' ')};`);
  }
  return `${lines.join('\n')}\n`;
}

/** Creates the tree if it is not there yet; returns its root. */
export function ensureGeneratedTree() {
  if (existsSync(join(TREE_ROOT, '.complete'))) return TREE_ROOT;
  let seed = 1;
  for (let top = 0; top < 50; top++) {
    for (let sub = 0; sub < 10; sub++) {
      const folder = join(TREE_ROOT, 'src', `module${top}`, `part${sub}`);
      mkdirSync(folder, { recursive: true });
      for (let file = 0; file < 100; file++) {
        const name = file % 10 === 0 ? `notes${file}.md` : `file${file}.ts`;
        writeFileSync(join(folder, name), fileContent(seed++));
      }
    }
  }
  for (let file = 0; file < 5000; file++) {
    const folder = join(TREE_ROOT, 'dist', `chunk${file % 50}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `out${file}.js`), fileContent(seed++));
  }
  mkdirSync(join(TREE_ROOT, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(TREE_ROOT, 'node_modules', 'dep', 'index.js'), 'needle\n');
  writeFileSync(join(TREE_ROOT, '.gitignore'), 'dist/\n*.log\n');
  writeFileSync(join(TREE_ROOT, 'debug.log'), 'needle\n');
  writeFileSync(join(TREE_ROOT, '.complete'), '');
  return TREE_ROOT;
}
