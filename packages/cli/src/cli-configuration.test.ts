import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(bin)) throw new Error(`Build the CLI first (pnpm build): ${bin} is missing.`);
});

function workspace(config: Record<string, unknown>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-cli-config-')));
  writeFileSync(join(root, 'tinyelf.config.json'), JSON.stringify(config));
  writeFileSync(join(root, 'notes.txt'), 'elves ship on Friday\n');
  return root;
}

function tinyelf(args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, TINYELF_MODEL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A plugin package installed only in the workspace's node_modules, never in the repository. */
function installPlugin(root: string, name: string, body: string) {
  const folder = join(root, 'node_modules', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name,
      version: '1.0.0',
      type: 'module',
      exports: { '.': { import: './index.js' } },
    }),
  );
  writeFileSync(join(folder, 'index.js'), body);
}

const scratchPlugin = `export function createPlugin(options) {
  return {
    name: 'scratch',
    apiVersion: 1,
    step: 12,
    configKey: 'scratch',
    configSchema: { type: 'object', properties: { greeting: { type: 'string' } } },
    createTools: (context) => [{
      name: 'scratch_hello',
      description: 'Says hello',
      parameters: { type: 'object' },
      execute: async () => context.config.scratch?.greeting ?? 'hello',
    }],
  };
}
`;

describe('tinyelf and the configuration', () => {
  it('loads a plugin installed only in the workspace’s node_modules, and checks its section', () => {
    const root = workspace({
      plugins: ['@tinyelf/tool-fs', 'tinyelf-plugin-scratch'],
      scratch: { greeting: 'hi from the workspace' },
    });
    installPlugin(root, 'tinyelf-plugin-scratch', scratchPlugin);
    const listed = tinyelf(['tools', '--dir', root]);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/^Control\s+scratch_hello\s+asks\s+scratch$/m);
    expect(tinyelf(['call', 'scratch_hello', '--yes', '--dir', root])).toMatchObject({
      code: 0,
      stdout: 'hi from the workspace\n',
    });
    writeFileSync(
      join(root, 'tinyelf.config.json'),
      JSON.stringify({ plugins: ['tinyelf-plugin-scratch'], scratch: { greting: 'hi' } }),
    );
    expect(tinyelf(['tools', '--dir', root])).toEqual({
      code: 1,
      stdout: '',
      stderr: `tinyelf: ${join(root, 'tinyelf.config.json')} is not valid (1 problem):\n- scratch.greting: unknown key (did you mean "greeting"?)\n`,
    });
  });

  it('tells a missing plugin from one whose own import fails; the rest still builds', () => {
    const root = workspace({
      plugins: ['@tinyelf/tool-fs', 'tinyelf-plugin-scrach', 'tinyelf-plugin-broken'],
    });
    installPlugin(root, 'tinyelf-plugin-scratch', scratchPlugin);
    installPlugin(
      root,
      'tinyelf-plugin-broken',
      "import 'a-dependency-nobody-installed';\nexport default {};\n",
    );
    const listed = tinyelf(['tools', '--dir', root]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^FileSystem\s+Read\s+safe\s+fileSystem$/m);
    expect(listed.stdout).toContain(
      `failed: tinyelf-plugin-scrach (-): The plugin package "tinyelf-plugin-scrach" is not installed (looked in node_modules of ${root} and beside the tinyelf command); did you mean "tinyelf-plugin-scratch"?`,
    );
    expect(listed.stdout).toContain(
      'failed: tinyelf-plugin-broken (-): The plugin package "tinyelf-plugin-broken" failed to load: Cannot find package \'a-dependency-nobody-installed\'',
    );
  });

  it('refuses a configuration mistake before anything starts, naming each', () => {
    const root = workspace({
      plugin: ['@tinyelf/tool-shell'],
      shell: { sandbox: 'bwrap', execTimeout: 'soon' },
    });
    const refused = tinyelf(['call', 'Bash', 'command=touch started', '--yes', '--dir', root]);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `tinyelf: ${join(root, 'tinyelf.config.json')} is not valid (3 problems):\n- plugin: unknown key (did you mean "plugins"?)\n- shell.sandbox must be one of "auto", "bubblewrap", "none"; got "bwrap"\n- shell.execTimeout must be a whole number; got "soon"\n`,
    });
    expect(existsSync(join(root, 'started'))).toBe(false);
    const agents = workspace({ agents: { reviewer: { allowedTools: ['Read'] } } });
    expect(tinyelf(['tools', '--agent', 'nobody', '--dir', agents]).stderr).toBe(
      `tinyelf: ${join(agents, 'tinyelf.config.json')} is not valid (1 problem):\n- the agent "nobody" is not configured; the agents are main, reviewer (add it under "agents" to use it)\n`,
    );
  });
});

describe('tinyelf speaks to people', () => {
  it('shows skipped plugins in tinyelf tools only; other commands are quiet unless --verbose', () => {
    const root = workspace({});
    const listed = tinyelf(['tools', '--dir', root]);
    expect(listed.stdout).toMatch(/^skipped: webSearch \(WebSearch\): no search: /m);
    expect(listed.stderr).toBe('');
    const read = tinyelf(['call', 'Read', 'path=notes.txt', '--dir', root]);
    expect(read).toEqual({ code: 0, stdout: '     1\telves ship on Friday\n', stderr: '' });
    const verbose = tinyelf(['call', 'Read', 'path=notes.txt', '--verbose', '--dir', root]);
    expect(verbose.stderr).toMatch(/^skipped: webSearch \(WebSearch\): no search: /m);
  });

  it('prints an error result without the hint meant for models', () => {
    const root = workspace({ plugins: ['@tinyelf/tool-fs'] });
    const missing = tinyelf(['call', 'Read', 'path=absent.txt', '--dir', root]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toContain('[Analyze the error above');
    expect(missing.stderr.endsWith('\n')).toBe(true);
    expect(missing.stderr.trim().length).toBeGreaterThan(0);
  });

  it('refuses a bare tinyelf, an unknown command and a port that is not a number', () => {
    const bare = tinyelf([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^Usage:\n {2}tinyelf tools/);
    expect(tinyelf(['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage:/),
    });
    const unknown = tinyelf(['tool']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^tinyelf: unknown command "tool"\.\nUsage:/);
    expect(tinyelf(['mcp', 'serve', '--http', '--port', 'abc'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'tinyelf: --port must be a whole number from 0 to 65535, not "abc".\n',
    });
  });
});
