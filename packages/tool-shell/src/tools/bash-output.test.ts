import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry, type ToolRegistryOptions } from '@tinyelf/core';
import { describe, expect, it } from 'vitest';
import type { ShellToolOptions } from '../shell-tool-options';
import { createShellTool } from './bash';

const temporary = (prefix: string) => realpathSync(mkdtempSync(join(tmpdir(), prefix)));

function setup(options: Partial<ShellToolOptions> = {}, registry: ToolRegistryOptions = {}) {
  const workspaceRoot = temporary('tinyelf-bash-output-');
  const spillDirectory = join(temporary('tinyelf-bash-spill-'), 'spill');
  const tools = new ToolRegistry({ workspaceRoot, spillDirectory, ...registry }).register(
    createShellTool({ workspaceRoot, sandbox: 'none', ...options }),
  );
  return {
    spillDirectory,
    run: (command: string, extra: Parameters<ToolRegistry['execute']>[3] = {}) =>
      tools.execute('call', 'Bash', { command }, extra),
  };
}

const MARK =
  /\n\.\.\. \(truncated: (\d+) bytes in (\d+) lines were cut from the middle \(lines (\d+) to (\d+)\); showing the first (\d+) and the last (\d+) of (\d+) bytes\. (.*?)\) \.\.\.\n\n/;

describe('Bash output limit', () => {
  it('keeps the last line and the exit code of a long failing command, and saves all of it', async () => {
    const { run, spillDirectory } = setup();
    const result = await run('seq 1 40000; echo THE_ERROR_AT_THE_END >&2; exit 3');
    expect(result.isError).toBe(false);
    expect(result.truncated).toBe(true);
    expect(result.content.length).toBeLessThanOrEqual(50_000);
    expect(result.content.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.content.endsWith('\n39999\n40000\nTHE_ERROR_AT_THE_END\n\nExit code 3.')).toBe(
      true,
    );
    const path = result.fullOutputPath ?? '';
    expect(path.startsWith(spillDirectory)).toBe(true);
    expect(result.content).toContain(
      `The full output is saved in ${path}; read it with Read from line `,
    );
    const saved = readFileSync(path, 'utf8').split('\n');
    expect(saved).toHaveLength(40_002);
    expect(saved.slice(0, 40_000)).toEqual(Array.from({ length: 40_000 }, (_, i) => `${i + 1}`));
    expect(saved.slice(40_000)).toEqual(['THE_ERROR_AT_THE_END', '']);
  });

  it('says exactly what it cut from the middle: bytes, lines, and where to read on', async () => {
    const { run } = setup({ maxOutputBytes: 1000 });
    const result = await run('seq 1 200000');
    const match = MARK.exec(result.content);
    expect(match).not.toBeNull();
    const [cutBytes, cutLines, from, to, shownHead, shownTail, total] = (match ?? [])
      .slice(1, 8)
      .map(Number);
    expect(total).toBe(1_288_895);
    expect((shownHead ?? 0) + (shownTail ?? 0)).toBeLessThan(1000);
    expect((shownHead ?? 0) + (cutBytes ?? 0) + (shownTail ?? 0)).toBe(total);
    const [head, tail] = aroundMark(result.content);
    // The head ends with the line before the first cut one, the tail starts after the last.
    expect(head.endsWith(`\n${(from ?? 0) - 1}\n`)).toBe(true);
    expect(tail.startsWith(`${(to ?? 0) + 1}\n`)).toBe(true);
    expect(to).toBe((from ?? 0) + (cutLines ?? 0) - 1);
    expect(result.content.endsWith('\n199999\n200000\n\nExit code 0.')).toBe(true);
    expect(head.length).toBe(shownHead);
  });

  it('streams the output to the spill file while the command still runs', async () => {
    const { run, spillDirectory } = setup();
    const call = run('seq 1 40000; sleep 1.5; echo LATE');
    let during = '';
    for (let waited = 0; waited < 1200 && !during.endsWith('40000\n'); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [name] = readdirSafe(spillDirectory);
      if (name) during = readFileSync(join(spillDirectory, name), 'utf8');
    }
    expect(during.split('\n')).toHaveLength(40_001);
    const result = await call;
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8')).toBe(`${during}LATE\n`);
  });

  it('leaves no file behind for output that fits', async () => {
    const { run, spillDirectory } = setup();
    const result = await run('seq 1 1000');
    expect(result.truncated).toBe(false);
    expect(result.fullOutputPath).toBeUndefined();
    expect(readdirSafe(spillDirectory)).toEqual([]);
  });

  it('stops saving at spillMaxBytes and says how much the file holds', async () => {
    const { run } = setup({ spillMaxBytes: 5000 });
    const result = await run('seq 1 100000');
    const path = result.fullOutputPath ?? '';
    expect(statSync(path).size).toBe(5000);
    expect(result.content).toContain(
      `The output is saved in ${path} (only its first 5000 of 588895 bytes: the shell's spillMaxBytes ceiling); read it with Read from line`,
    );
    expect(result.content.endsWith('\n100000\n\nExit code 0.')).toBe(true);
  });

  it('keeps the call’s own result when the spill folder cannot be written', async () => {
    const blocker = join(temporary('tinyelf-bash-blocked-'), 'file');
    writeFileSync(blocker, '');
    const { run } = setup({}, { spillDirectory: join(blocker, 'spill') });
    const result = await run('seq 1 40000; echo LAST; exit 3');
    expect(result.truncated).toBe(true);
    expect(result.fullOutputPath).toBeUndefined();
    expect(result.content).toMatch(
      /The full output was not kept: it could not be saved \(ENOTDIR: not a directory, mkdir '[^']+'\)\.\) \.\.\./,
    );
    expect(result.content.endsWith('\n40000\nLAST\n\nExit code 3.')).toBe(true);
  });

  it('keeps the call’s own result when the disk is full, and removes the partial file', async () => {
    const workspaceRoot = temporary('tinyelf-bash-full-');
    // A real full disk: writes through this link go to /dev/full and fail with ENOSPC.
    const path = join(temporary('tinyelf-bash-full-spill-'), 'spill.txt');
    symlinkSync('/dev/full', path);
    const tool = createShellTool({ workspaceRoot, sandbox: 'none' });
    const output = await tool.execute(
      { command: 'seq 1 40000; echo LAST; exit 3' },
      {
        toolCallId: 'call',
        signal: new AbortController().signal,
        outputLimit: {
          maxChars: 50_000,
          keep: 'head-and-tail',
          openSpillFile: async () => ({ path, handle: await open(path, 'w') }),
        },
      },
    );
    expect(output).toMatchObject({ truncated: true });
    expect(output).not.toHaveProperty('fullOutputPath');
    const text = typeof output === 'string' ? output : (output.parts[0] as { text: string }).text;
    expect(text).toContain(
      'The full output was not kept: it could not be saved (ENOSPC: no space left on device, write); the partial file was removed.) ...',
    );
    expect(text.endsWith('\n40000\nLAST\n\nExit code 3.')).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('says there is no spill folder when called without a registry', async () => {
    const workspaceRoot = temporary('tinyelf-bash-direct-');
    const output = await createShellTool({ workspaceRoot, sandbox: 'none' }).execute({
      command: 'seq 1 40000',
    });
    const text = typeof output === 'string' ? output : (output.parts[0] as { text: string }).text;
    expect(text.length).toBeLessThanOrEqual(50_000);
    expect(text).toContain(
      'The full output was not kept: the tool was called without a registry, so there is no spill folder.) ...',
    );
  });

  it('says when saving full outputs is turned off', async () => {
    const { run } = setup({}, { spillDirectory: false });
    const result = await run('seq 1 40000');
    expect(result.content).toContain(
      'The full output was not kept: saving full outputs is turned off.) ...',
    );
  });

  it('never splits a UTF-8 character where it cuts', async () => {
    const { run } = setup({ maxOutputBytes: 1001 });
    // 3-byte and 4-byte characters, no line breaks, so the cuts fall inside characters.
    const result = await run("for i in $(seq 1 3000); do printf '€😀'; done");
    expect(result.truncated).toBe(true);
    expect(result.content).not.toContain('\uFFFD');
    const [head, tail] = aroundMark(result.content);
    expect(head).toMatch(/^(€😀)+€?\n$/u);
    expect(tail).toMatch(/^😀?(€😀)+\n\nExit code 0\.$/u);
  });
});

/** The kept head and tail on either side of the cut mark. */
function aroundMark(content: string): [string, string] {
  const match = MARK.exec(content);
  if (!match) throw new Error(`no cut mark in: ${content.slice(0, 200)}`);
  return [content.slice(0, match.index), content.slice(match.index + match[0].length)];
}

function readdirSafe(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}
