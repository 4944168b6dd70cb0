import { symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { FileSystemToolsOptions } from '../file-system-tools-options';
import { createTestWorkspace, type TestWorkspace } from './test-workspace';

/**
 * A workspace that exercises every search rule: nested .gitignore files with a re-include, hidden
 * files, node_modules, .git, a binary file, symbolic links out of the workspace and in a loop,
 * and files with known modification times.
 */
export function createSearchFixture(options: Partial<FileSystemToolsOptions> = {}): TestWorkspace {
  const workspace = createTestWorkspace(
    {
      '.gitignore': 'dist/\n*.log\n!keep.log\n',
      'README.md': '# demo\nTODO: write docs\n',
      'src/app.ts': 'export const app = 1;\n// TODO: app\nconst TODO_LIST = [];\n',
      'src/util.ts': 'export function util() {\n  return "todo later";\n}\n',
      'src/nested/.gitignore': 'generated.ts\n!important.log\n',
      'src/nested/generated.ts': '// TODO generated\n',
      'src/nested/deep.ts': 'line one\n// TODO deep\nline three\nline four\n// TODO deep again\n',
      'src/nested/important.log': 'TODO important\n',
      'debug.log': 'TODO in a log\n',
      'keep.log': 'TODO kept\n',
      'dist/bundle.js': '// TODO bundled\n',
      'node_modules/pkg/index.js': '// TODO in a dependency\n',
      '.git/HEAD': 'ref: TODO\n',
      '.github/workflows/ci.yml': '# TODO ci\n',
      'docs/guide.md': 'guide\nwith a TODO\r\n',
    },
    options,
  );
  workspace.write('data.bin', Buffer.concat([Buffer.from('TODO'), Buffer.from([0, 1, 2, 3])]));
  symlinkSync(workspace.outside, join(workspace.root, 'outside-link'));
  symlinkSync('.', join(workspace.root, 'loop'));
  workspace.write(join(workspace.outside, 'secret.txt'), 'TODO OUTSIDE-SECRET\n');
  const times: Record<string, number> = {
    'src/app.ts': 3000,
    'src/util.ts': 2000,
    'src/nested/deep.ts': 1000,
  };
  for (const [path, seconds] of Object.entries(times)) {
    const date = new Date(1_700_000_000_000 + seconds * 1000);
    utimesSync(join(workspace.root, path), date, date);
  }
  return workspace;
}
