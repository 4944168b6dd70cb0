import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll, root } from '../../scripts/pack-packages.mjs';

const run = promisify(execFile);

/**
 * The packages as a user gets them: every package packed (`pnpm pack`, as published), installed
 * with npm into a fresh project outside the repository, a strict TypeScript consumer type-checked
 * against the published declarations and run, and the `tinyelf` command run from the install.
 * npm fetches the third-party dependencies from the registry (its cache first).
 */

/** The catalog's version of a package (pnpm-workspace.yaml), without its range operator. */
function catalogVersion(name: string): string | undefined {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const escaped = name.replace(/[/@]/g, (character) => `\\${character}`);
  return new RegExp(`^ {2}"?${escaped}"?: \\^?([\\w.-]+)$`, 'm').exec(workspace)?.[1];
}

/** What the consumer installs besides the tarballs: pinned, so the check is reproducible. */
const consumerDependencies = {
  typebox: catalogVersion('typebox') ?? '1.4.3',
  '@sinclair/typebox': catalogVersion('@sinclair/typebox') ?? '0.34.52',
  '@types/json-schema': catalogVersion('@types/json-schema') ?? '7.0.15',
  '@types/node': catalogVersion('@types/node') ?? '20.19.43',
  typescript: catalogVersion('typescript') ?? '5.9.3',
};

let project: string;
let installLog = '';

async function inProject(command: string, args: string[], timeout = 120_000) {
  try {
    return await run(command, args, { cwd: project, timeout, maxBuffer: 16 * 2 ** 20 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${project}:\n${stdout ?? ''}${stderr ?? ''}`,
      { cause: error },
    );
  }
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'tinyelf-packaging-'));
  mkdirSync(join(project, 'tarballs'));
  const tarballs = await packAll(join(project, 'tarballs'));
  const local = Object.fromEntries(
    [...tarballs]
      .filter(([name]) => name !== '@tinyelf/ai-sdk')
      .map(([name, file]) => [name, `file:${file}`]),
  );
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: { ...local, ...consumerDependencies },
        // the @tinyelf packages come from the tarballs, never from the registry
        overrides: local,
      },
      null,
      2,
    ),
  );
  try {
    const { stdout, stderr } = await inProject(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn'],
      240_000,
    );
    installLog = stdout + stderr;
  } catch (error) {
    throw new Error(
      `npm could not install the packed packages (it needs the npm registry for third-party dependencies, or a warm npm cache): ${(error as Error).message}`,
    );
  }
}, 360_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
}, 120_000);

describe('the packed packages installed with npm', () => {
  it('install without install scripts, tree-sitter-bash or jsdom', async () => {
    expect(installLog).not.toMatch(/install script|gyp/i);
    const { stdout } = await inProject('npm', [
      'query',
      ':attr(scripts, [install]), :attr(scripts, [preinstall]), :attr(scripts, [postinstall])',
    ]);
    expect(JSON.parse(stdout).map((entry: { name: string }) => entry.name)).toEqual([]);
    const { stdout: names } = await inProject('npm', ['ls', '--all', '--parseable']);
    expect(names).not.toMatch(/node_modules\/(tree-sitter-bash|jsdom)$/m);
  });

  it('type-check a strict nodenext consumer using typebox 1.x, @sinclair/typebox 0.34 and JSONSchema7 with defineTool, and run it', async () => {
    copyFileSync(join(root, 'e2e/src/packaging/consumer.ts.txt'), join(project, 'consumer.ts'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          skipLibCheck: false,
          types: ['node'],
          outDir: 'out',
        },
        files: ['consumer.ts'],
      }),
    );
    // typebox 1.x's declarations alone are ~2.4 million type instantiations: 30 s of CPU, minutes
    // on a busy machine
    await inProject(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'],
      600_000,
    );
    const { stdout } = await inProject(process.execPath, ['out/consumer.js']);
    expect(stdout.trim().split('\n')).toEqual([
      'plugin fileSystem',
      'add: 5',
      'shout: HI',
      'repeat: ho ho ho',
    ]);
  }, 620_000);

  it('run `npx tinyelf tools` from the install: the CLI defaults, Bash included', async () => {
    const { stdout } = await inProject('npx', ['--no-install', 'tinyelf', 'tools']);
    expect(stdout).toMatch(/^FileSystem\s+Read\b/m);
    expect(stdout).toMatch(/^Shell\s+Bash\s+asks\s+shell$/m);
    expect(stdout).toMatch(/^WebFetch\s+WebFetch\b/m);
  });
});
