import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ToolProgress, ToolRegistry, type ToolRegistryOptions } from '@tinyelf/core';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSandbox } from '../sandbox/resolve-sandbox';
import type { ShellToolOptions } from '../shell-tool-options';
import { createShellTool } from './bash';

const temporary = (prefix: string) => realpathSync(mkdtempSync(join(tmpdir(), prefix)));

/** A Bash tool with its own spill and scratch folders (so the scratch folder can be inspected). */
function setup(options: Partial<ShellToolOptions> = {}, registry: ToolRegistryOptions = {}) {
  const workspaceRoot = temporary('tinyelf-bash-file-');
  const spillDirectory = join(temporary('tinyelf-bash-file-spill-'), 'spill');
  const scratch = join(temporary('tinyelf-bash-file-scratch-'), 'scratch');
  const tools = new ToolRegistry({ workspaceRoot, spillDirectory, ...registry }).register(
    createShellTool({ workspaceRoot, sandbox: 'none', outputScratchDir: scratch, ...options }),
  );
  return {
    workspaceRoot,
    spillDirectory,
    scratch,
    run: (command: string, extra: Parameters<ToolRegistry['execute']>[3] = {}) =>
      tools.execute('call', 'Bash', { command }, extra),
  };
}

const listing = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

/** `seq 1 40000; echo THE_ERROR_AT_THE_END >&2; exit 3`, as the issue wrote it. */
const LONG_FAILING = 'seq 1 40000; echo THE_ERROR_AT_THE_END >&2; exit 3';

describe('Bash output written straight into its file', () => {
  it('gives the command a file as its output, and keeps the end, the exit code and all of it', async () => {
    const { run, scratch } = setup();
    const result = await run(`[ -f /dev/stdout ] && echo STDOUT_IS_A_FILE; ${LONG_FAILING}`);
    expect(result.content.startsWith('STDOUT_IS_A_FILE\n1\n2\n')).toBe(true);
    expect(result.content.endsWith('\n40000\nTHE_ERROR_AT_THE_END\n\nExit code 3.')).toBe(true);
    expect(result.content.length).toBeLessThanOrEqual(50_000);
    const saved = readFileSync(result.fullOutputPath ?? '', 'utf8').split('\n');
    expect(saved).toHaveLength(40_003);
    expect(saved.slice(1, 40_001)).toEqual(Array.from({ length: 40_000 }, (_, i) => `${i + 1}`));
    expect(saved.slice(40_001)).toEqual(['THE_ERROR_AT_THE_END', '']);
    // The file was moved to the spill folder: nothing is left in the scratch folder.
    expect(listing(scratch)).toEqual([]);
  });

  it('removes the file of an output that fits (nothing in either folder)', async () => {
    const { run, scratch, spillDirectory } = setup();
    const result = await run('[ -f /dev/stdout ] && echo file; printf "no newline at the end"');
    expect(result.content).toBe('file\nno newline at the end\n\nExit code 0.');
    expect(result.truncated).toBe(false);
    expect(listing(scratch)).toEqual([]);
    expect(listing(spillDirectory)).toEqual([]);
  });

  it('keeps standard output and error in the order the command wrote them', async () => {
    const { run } = setup();
    const command = 'for i in $(seq 1 3000); do echo "out $i"; echo "err $i" >&2; done';
    const expected = Array.from({ length: 3000 }, (_, i) => `out ${i + 1}\nerr ${i + 1}\n`).join(
      '',
    );
    const result = await run(command);
    expect(result.truncated).toBe(true);
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8')).toBe(expected);
    const short = await run('echo a; echo b >&2; echo c; echo d >&2');
    expect(short.content).toBe('a\nb\nc\nd\n\nExit code 0.');
  });

  it('keeps binary output byte for byte in the file', async () => {
    const { run, workspaceRoot } = setup();
    const result = await run('head -c 300000 /dev/urandom > random.bin; cat random.bin');
    expect(result.truncated).toBe(true);
    const saved = readFileSync(result.fullOutputPath ?? '');
    expect(saved.equals(readFileSync(join(workspaceRoot, 'random.bin')))).toBe(true);
  });

  it('holds the file at spillMaxBytes while the command runs on, and says so', async () => {
    const { run, spillDirectory } = setup({ spillMaxBytes: 200_000 });
    // About 10 MB in bursts, then the last line: the file is cut back while the command runs.
    const command = 'for i in 1 2 3 4 5 6 7 8; do seq 1 200000; sleep 0.15; done; echo LAST_LINE';
    const sizes: number[] = [];
    const watcher = setInterval(() => {
      for (const name of listing(spillDirectory))
        sizes.push(statSync(join(spillDirectory, name), { throwIfNoEntry: false })?.size ?? 0);
    }, 20);
    const result = await run(command).finally(() => clearInterval(watcher));
    const expected = `${Array.from({ length: 8 }, () => seqOutput(200_000)).join('')}LAST_LINE\n`;
    const path = result.fullOutputPath ?? '';
    expect(statSync(path).size).toBe(200_000);
    expect(readFileSync(path, 'utf8')).toBe(expected.slice(0, 200_000));
    expect(result.content).toMatch(
      new RegExp(
        `The output is saved in ${path} \\(only its first 200000 of \\d+ bytes: the shell's spillMaxBytes ceiling\\)`,
      ),
    );
    const total = Number(/of (\d+) bytes: the shell/.exec(result.content)?.[1]);
    expect(total).toBeLessThanOrEqual(expected.length);
    expect(total).toBeGreaterThan(expected.length * 0.9);
    expect(result.content.endsWith('\n199999\n200000\nLAST_LINE\n\nExit code 0.')).toBe(true);
    // It grew past the ceiling only by what came between two reads, never to the whole output.
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThan(expected.length / 2);
  });

  it('reports progress from the file while a slow command runs', async () => {
    const { run } = setup();
    const events: { message: string; progress?: ToolProgress; at: number }[] = [];
    const started = performance.now();
    const result = await run(
      'echo first; sleep 0.6; printf "half a line"; sleep 0.6; echo " done"',
      {
        context: {
          onProgress: (message, progress) =>
            events.push({ message, progress, at: performance.now() - started }),
        },
      },
    );
    expect(result.content).toBe('first\nhalf a line done\n\nExit code 0.');
    expect(events.map((event) => event.message)).toEqual([
      '1 line, 6 bytes: first',
      '2 lines, 17 bytes: half a line',
      '2 lines, 23 bytes: half a line done',
    ]);
    expect(events.map((event) => event.progress?.progress)).toEqual([6, 17, 23]);
    // Each arrived while the command still ran, soon after its output.
    expect(events[0]?.at).toBeLessThan(500);
    expect(events[1]?.at).toBeGreaterThan(550);
    expect(events[1]?.at).toBeLessThan(1100);
  });

  it('keeps what a background job prints just after the command exits, as the pipe did', async () => {
    const { run } = setup();
    const result = await run('(sleep 0.1; echo LATE) & echo EARLY');
    expect(result.content).toBe('EARLY\nLATE\n\nExit code 0.');
  });

  it('stops the command on timeout and keeps the output so far', async () => {
    const { run, scratch } = setup({ execTimeout: 1000 });
    const result = await run('seq 1 30000; echo BEFORE_THE_WAIT; sleep 30');
    expect(result.isError).toBe(true);
    expect(result.content).toContain('did not finish within 1 s');
    expect(result.content).toContain('\n30000\nBEFORE_THE_WAIT');
    expect(listing(scratch)).toEqual([]);
  });
});

describe('Bash output when its file cannot be used', () => {
  it('pipes the output through Node when the scratch folder cannot be written', async () => {
    const blocker = join(temporary('tinyelf-bash-file-blocked-'), 'file');
    writeFileSync(blocker, '');
    const { run } = setup({ outputScratchDir: join(blocker, 'scratch') });
    const result = await run(`[ -f /dev/stdout ] || echo STDOUT_IS_NOT_A_FILE; ${LONG_FAILING}`);
    expect(result.content.startsWith('STDOUT_IS_NOT_A_FILE\n1\n')).toBe(true);
    expect(result.content.endsWith('\n40000\nTHE_ERROR_AT_THE_END\n\nExit code 3.')).toBe(true);
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8').split('\n')).toHaveLength(40_003);
  });

  it('keeps the result when the spill folder cannot be written, and leaves no scratch file', async () => {
    const blocker = join(temporary('tinyelf-bash-file-spill-blocked-'), 'file');
    writeFileSync(blocker, '');
    const { run, scratch } = setup({}, { spillDirectory: join(blocker, 'spill') });
    const result = await run(`[ -f /dev/stdout ] && echo STDOUT_IS_A_FILE; ${LONG_FAILING}`);
    expect(result.content.startsWith('STDOUT_IS_A_FILE\n')).toBe(true);
    expect(result.fullOutputPath).toBeUndefined();
    expect(result.content).toMatch(
      /The full output was not kept: it could not be saved \(ENOTDIR: not a directory, mkdir '[^']+'\)\.\) \.\.\./,
    );
    expect(result.content.endsWith('\n40000\nTHE_ERROR_AT_THE_END\n\nExit code 3.')).toBe(true);
    expect(listing(scratch)).toEqual([]);
  });

  const smallDisk = join(temporary('tinyelf-bash-file-small-disk-'), 'disk');
  mkdirSync(smallDisk);
  const mounted =
    process.platform === 'linux' &&
    spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', smallDisk]).status === 0;
  afterAll(() => {
    if (mounted) spawnSync('umount', [smallDisk]);
    rmSync(smallDisk, { recursive: true, force: true });
  });

  it.runIf(mounted)(
    'pipes the output through Node when the disk is nearly full, so the command’s writes never fail',
    async () => {
      // A 1 MB disk holds both folders: less free space than the ceiling, so no file is given.
      const { run } = setup(
        { outputScratchDir: join(smallDisk, 'scratch') },
        { spillDirectory: join(smallDisk, 'spill') },
      );
      const result = await run(
        `[ -f /dev/stdout ] || echo STDOUT_IS_NOT_A_FILE; seq 1 400000; echo LAST`,
      );
      expect(result.content.startsWith('STDOUT_IS_NOT_A_FILE\n')).toBe(true);
      expect(result.content.endsWith('\n400000\nLAST\n\nExit code 0.')).toBe(true);
      // The pipe path saved what fitted, then said the disk was full.
      expect(result.content).toContain('ENOSPC');
    },
  );
});

function seqOutput(count: number): string {
  return `${Array.from({ length: count }, (_, i) => `${i + 1}`).join('\n')}\n`;
}

const sandbox = resolveSandbox({ sandbox: 'bubblewrap', workspaceRoot: tmpdir() });

describe.skipIf(sandbox.unavailableReason)(
  'Bash output written straight into its file, in the sandbox',
  () => {
    it('passes the file through bubblewrap', async () => {
      const workspaceRoot = temporary('tinyelf-bash-file-sandbox-');
      const spillDirectory = join(temporary('tinyelf-bash-file-sandbox-spill-'), 'spill');
      const scratch = join(temporary('tinyelf-bash-file-sandbox-scratch-'), 'scratch');
      const tools = new ToolRegistry({ workspaceRoot, spillDirectory }).register(
        createShellTool({ workspaceRoot, sandbox: 'bubblewrap', outputScratchDir: scratch }),
      );
      const result = await tools.execute('call', 'Bash', {
        command: `[ -f /dev/stdout ] && echo STDOUT_IS_A_FILE; ${LONG_FAILING}`,
      });
      expect(result.content.startsWith('STDOUT_IS_A_FILE\n1\n')).toBe(true);
      expect(result.content.endsWith('\n40000\nTHE_ERROR_AT_THE_END\n\nExit code 3.')).toBe(true);
      const path = result.fullOutputPath ?? '';
      expect(path.startsWith(spillDirectory)).toBe(true);
      expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(40_003);
      expect(listing(scratch)).toEqual([]);
    });
  },
);

describe.skipIf(sandbox.unavailableReason)(
  'the spill folder in the workspace, in the sandbox',
  () => {
    it('keeps the spill file the registry made in the workspace during the call, and moves what the command made', async () => {
      const workspaceRoot = temporary('tinyelf-bash-file-sandbox-spill-');
      const tools = new ToolRegistry({ workspaceRoot }).register(
        createShellTool({ workspaceRoot, sandbox: 'bubblewrap' }),
      );
      // The registry's default spill folder is .tinyelf/tool-output, and .tinyelf is protected.
      const result = await tools.execute('call', 'Bash', { command: LONG_FAILING });
      expect(result.content).not.toContain('Moved out of the workspace');
      const path = result.fullOutputPath ?? '';
      expect(path.startsWith(join(workspaceRoot, '.tinyelf', 'tool-output'))).toBe(true);
      expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(40_002);
      // Another fresh workspace: the command writes a tinyelf configuration file too.
      const second = temporary('tinyelf-bash-file-sandbox-spill-');
      const quarantineDir = temporary('tinyelf-bash-file-sandbox-quarantine-');
      const more = new ToolRegistry({ workspaceRoot: second }).register(
        createShellTool({ workspaceRoot: second, sandbox: 'bubblewrap', quarantineDir }),
      );
      const sneaky = await more.execute('call', 'Bash', {
        command: `mkdir -p .tinyelf && echo '{}' > .tinyelf/config.json; ${LONG_FAILING}`,
      });
      expect(sneaky.content).toContain(
        'Moved out of the workspace after the command: .tinyelf/config.json (file)',
      );
      expect(listing(join(second, '.tinyelf'))).toEqual(['tool-output']);
      expect(readFileSync(sneaky.fullOutputPath ?? '', 'utf8').split('\n')).toHaveLength(40_002);
    });

    it('moves a .tinyelf the command made a symbolic link, and never writes the output through it', async () => {
      const workspaceRoot = temporary('tinyelf-bash-file-sandbox-link-');
      const elsewhere = temporary('tinyelf-bash-file-sandbox-elsewhere-');
      const quarantineDir = temporary('tinyelf-bash-file-sandbox-quarantine-');
      const tools = new ToolRegistry({ workspaceRoot }).register(
        createShellTool({ workspaceRoot, sandbox: 'bubblewrap', quarantineDir }),
      );
      const result = await tools.execute('call', 'Bash', {
        command: `ln -s ${elsewhere} .tinyelf; ${LONG_FAILING}`,
      });
      expect(result.content).toContain(
        `Moved out of the workspace after the command: .tinyelf (symbolic link to ${elsewhere})`,
      );
      // The output was kept outside the sandbox's reach and moved in after the sweep: nothing
      // went through the link.
      expect(listing(elsewhere)).toEqual([]);
      const path = result.fullOutputPath ?? '';
      expect(path.startsWith(join(workspaceRoot, '.tinyelf', 'tool-output'))).toBe(true);
      expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(40_002);
    });
  },
);
