import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ITool, ToolContext } from '../tool/tool';
import type { SpillFile } from '../tool/tool-output';
import { ToolRegistry } from './tool-registry';

function tool(name: string, execute: ITool['execute'], extra: Partial<ITool> = {}): ITool {
  return {
    name,
    description: `The ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute,
    ...extra,
  };
}

const temporaryDirectory = () => mkdtempSync(join(tmpdir(), 'tinyelf-limit-'));
const lines = Array.from({ length: 1000 }, (_, index) => `line ${index + 1}`).join('\n');

describe('outputKeep', () => {
  it('tail: keeps the end, says what was cut before it and saves the full text', async () => {
    const spillDirectory = temporaryDirectory();
    const registry = new ToolRegistry({ maxChars: 100, spillDirectory }).register(
      tool('log', async () => lines, { outputKeep: 'tail' }),
    );
    const result = await registry.execute('c', 'log', {});
    expect(result.truncated).toBe(true);
    expect(result.content.endsWith('\nline 999\nline 1000')).toBe(true);
    expect(result.content).toMatch(
      /^\.\.\. \(truncated: showing the last \d+ of 8892 characters; \d+ characters in 9\d\d lines before them were cut\. The full output is saved in /,
    );
    expect(result.content).not.toContain('line 1\n');
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8')).toBe(lines);
  });

  it('head-and-tail: keeps both ends and names the cut lines for Read', async () => {
    const spillDirectory = temporaryDirectory();
    const registry = new ToolRegistry({ maxChars: 200, spillDirectory }).register(
      tool('build', async () => lines, { outputKeep: 'head-and-tail' }),
    );
    const result = await registry.execute('c', 'build', {});
    const [head, tail] = result.content.split(/\n\.\.\. \(truncated: .*\) \.\.\.\n\n/);
    expect(head?.startsWith('line 1\nline 2\n')).toBe(true);
    expect(tail?.endsWith('line 999\nline 1000')).toBe(true);
    const firstCut = Number(/lines (\d+) to (\d+)/.exec(result.content)?.[1]);
    const lastCut = Number(/lines (\d+) to (\d+)/.exec(result.content)?.[2]);
    expect(head).toContain(`line ${firstCut - 1}\n`);
    expect(head).not.toContain(`line ${firstCut}\n`);
    expect(tail?.startsWith(`line ${lastCut + 1}\n`)).toBe(true);
    expect(result.content).toContain(`read it with Read from line ${firstCut} (offset/limit)`);
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8')).toBe(lines);
  });

  it('applies to error results too, with the retry hint after the kept tail', async () => {
    const registry = new ToolRegistry({ maxChars: 100, spillDirectory: false }).register(
      tool(
        'fails',
        async () => {
          throw new Error(`${lines}\nTHE REAL ERROR`);
        },
        { outputKeep: 'head-and-tail' },
      ),
    );
    const result = await registry.execute('c', 'fails', {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain('THE REAL ERROR\n\n[Analyze the error above');
    expect(result.content).toContain(
      'The full output was not kept: saving full outputs is turned off.',
    );
  });
});

describe('output a tool cut and saved itself', () => {
  it('gives the tool the limit and a spill file in the registry folder', async () => {
    const spillDirectory = temporaryDirectory();
    let seen: ToolContext['outputLimit'];
    const registry = new ToolRegistry({ maxChars: 300, spillDirectory }).register(
      tool(
        'saver',
        async (_params, context) => {
          seen = context?.outputLimit;
          const file = await context?.outputLimit?.openSpillFile?.();
          await file?.handle.writeFile(lines);
          await file?.handle.close();
          return {
            parts: [{ type: 'text', text: 'line 1 ... line 1000' }],
            fullOutputPath: file?.path,
          };
        },
        { outputKeep: 'tail' },
      ),
    );
    const result = await registry.execute('c', 'saver', {});
    expect(seen).toMatchObject({ maxChars: 300, keep: 'tail' });
    expect(result).toMatchObject({ content: 'line 1 ... line 1000', truncated: true });
    expect(result.fullOutputPath?.startsWith(spillDirectory)).toBe(true);
    expect(readFileSync(result.fullOutputPath ?? '', 'utf8')).toBe(lines);
    // The registry saved nothing more.
    expect(readdirSync(spillDirectory)).toHaveLength(1);
  });

  it('cuts text that still does not fit without saving it again, pointing at the tool’s file', async () => {
    const spillDirectory = temporaryDirectory();
    const own = join(temporaryDirectory(), 'own.txt');
    writeFileSync(own, lines);
    const registry = new ToolRegistry({ maxChars: 100, spillDirectory }).register(
      tool(
        'sloppy',
        async () => ({ parts: [{ type: 'text', text: lines }], fullOutputPath: own }),
        {
          outputKeep: 'tail',
        },
      ),
    );
    const result = await registry.execute('c', 'sloppy', {});
    expect(result.truncated).toBe(true);
    expect(result.fullOutputPath).toBe(own);
    expect(result.content).toContain(`The full output is saved in ${own};`);
    expect(readdirSync(spillDirectory)).toHaveLength(0);
  });

  it('offers no spill file when the registry keeps no full outputs', async () => {
    let seen: ToolContext['outputLimit'];
    const registry = new ToolRegistry({ spillDirectory: false }).register(
      tool('probe', async (_params, context) => {
        seen = context?.outputLimit;
        return 'ok';
      }),
    );
    await registry.execute('c', 'probe', {}, { maxChars: 1234 });
    expect(seen).toEqual({ maxChars: 1234, keep: 'head' });
  });

  it('rejects the spill file when the folder cannot be written', async () => {
    const blocker = join(temporaryDirectory(), 'file');
    writeFileSync(blocker, '');
    const registry = new ToolRegistry({ spillDirectory: join(blocker, 'sub') }).register(
      tool('probe', async (_params, context) => {
        try {
          await context?.outputLimit?.openSpillFile?.();
          return 'opened';
        } catch (error) {
          return `not opened: ${(error as NodeJS.ErrnoException).code}`;
        }
      }),
    );
    expect((await registry.execute('c', 'probe', {})).content).toBe('not opened: ENOTDIR');
  });
});

describe('the spill folder while a tool still writes', () => {
  it('never prunes a spill file that is still open, however old or many', async () => {
    const spillDirectory = temporaryDirectory();
    let writing: SpillFile | undefined;
    const registry = new ToolRegistry({ maxChars: 10, spillDirectory, spillMaxFiles: 1 })
      .register(
        tool('streamer', async (_params, context) => {
          writing = await context?.outputLimit?.openSpillFile?.();
          return 'opened';
        }),
      )
      .register(tool('long', async () => lines));
    await registry.execute('c', 'streamer', {});
    const open = writing as SpillFile;
    await open.handle.write('still writing\n');
    const old = new Date(Date.now() - 3 * 86_400_000);
    utimesSync(open.path, old, old);
    for (let index = 0; index < 3; index++) await registry.execute('c', 'long', {});
    await open.handle.write('the end\n');
    expect(readFileSync(open.path, 'utf8')).toBe('still writing\nthe end\n');
    await open.handle.close();
    utimesSync(open.path, old, old);
    await registry.execute('c', 'long', {});
    // Closed, it is pruned like any other saved output.
    expect(existsSync(open.path)).toBe(false);
  });
});
