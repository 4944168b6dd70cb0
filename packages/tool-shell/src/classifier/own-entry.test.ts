import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify-command';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-own-entry-')));
const options = { workspaceRoot, homeDir: '/home/elf' };

describe('program names that are also names on Object.prototype', () => {
  // Tables keyed by program name must not answer for names every object inherits.
  const commands = [
    'toString',
    'constructor --x=1 a',
    '__proto__ -a',
    'hasOwnProperty --foo=bar',
    'valueOf -C x',
    'isPrototypeOf --x',
    'propertyIsEnumerable a b',
    'toLocaleString -e x',
    '__defineGetter__ x',
    'x=1; constructor "$x" | __proto__ > out.txt',
  ];
  for (const command of commands)
    it(`classifies ${command} as an ordinary program`, async () => {
      const result = await classifyCommand(command, options);
      expect(result.verdict).toBe('allow');
    });

  it('still follows the real wrappers and tables', async () => {
    expect((await classifyCommand('nice rm -rf /', options)).verdict).toBe('block');
    expect((await classifyCommand('toString rm -rf /', options)).verdict).not.toBe('allow');
  });
});
