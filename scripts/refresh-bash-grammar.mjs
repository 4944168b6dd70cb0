// Refreshes the Bash grammar that @tinyelf/tool-shell ships: downloads the tree-sitter-bash package
// of the given version from the npm registry (`npm pack`, no install, so no native build), and
// copies its WebAssembly grammar and licence into packages/tool-shell/grammar/, with a README
// naming the version and the file's SHA-256.
// Usage: node scripts/refresh-bash-grammar.mjs [version]   (default: the version in grammar/README.md)
// The grammar must match web-tree-sitter's ABI (0.25.x loads grammars of ABI 13 to 15); run the
// tool-shell tests after a refresh.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const grammar = fileURLToPath(new URL('../packages/tool-shell/grammar/', import.meta.url));
const readme = join(grammar, 'README.md');
const current = readFileSync(readme, 'utf8').match(/tree-sitter-bash@(\d+\.\d+\.\d+)/)?.[1];
const version = process.argv[2] ?? current;
if (!version)
  throw new Error(
    'Name the tree-sitter-bash version: node scripts/refresh-bash-grammar.mjs 0.25.1',
  );

const work = mkdtempSync(join(tmpdir(), 'tree-sitter-bash-'));
try {
  const tarball = execFileSync('npm', ['pack', `tree-sitter-bash@${version}`, '--silent'], {
    cwd: work,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['-xzf', tarball, 'package/tree-sitter-bash.wasm', 'package/LICENSE'], {
    cwd: work,
  });
  copyFileSync(join(work, 'package/tree-sitter-bash.wasm'), join(grammar, 'tree-sitter-bash.wasm'));
  copyFileSync(join(work, 'package/LICENSE'), join(grammar, 'LICENSE'));
  const sha256 = createHash('sha256')
    .update(readFileSync(join(grammar, 'tree-sitter-bash.wasm')))
    .digest('hex');
  writeFileSync(
    readme,
    [
      '# The Bash grammar',
      '',
      `\`tree-sitter-bash.wasm\` is the WebAssembly grammar of tree-sitter-bash@${version}`,
      '(https://github.com/tree-sitter/tree-sitter-bash), MIT licensed (see `LICENSE` here), taken',
      'from its npm package unchanged so that installing @tinyelf/tool-shell runs no native build.',
      '',
      `SHA-256: \`${sha256}\``,
      '',
      'Refresh it from the repository root with `node scripts/refresh-bash-grammar.mjs <version>`.',
      '',
    ].join('\n'),
  );
  console.log(`packages/tool-shell/grammar: tree-sitter-bash@${version}, sha256 ${sha256}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
