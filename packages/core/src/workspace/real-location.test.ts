import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realLocation } from './real-location';

function workspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'real-location-')));
  mkdirSync(join(root, 'src', 'app'), { recursive: true });
  mkdirSync(join(root, 'secrets'));
  writeFileSync(join(root, 'src', 'app', 'main.ts'), '');
  writeFileSync(join(root, 'secrets', 'key'), 'k');
  return root;
}

describe('realLocation', () => {
  it('gives what realpath gives for a path that is there, links followed', () => {
    const root = workspace();
    symlinkSync(join(root, 'secrets'), join(root, 'src', 'linked'));
    expect(realLocation(join(root, 'src', 'app', 'main.ts'))).toBe(
      join(root, 'src', 'app', 'main.ts'),
    );
    expect(realLocation(join(root, 'src', 'linked', 'key'))).toBe(join(root, 'secrets', 'key'));
    expect(realLocation(root)).toBe(root);
  });

  it('resolves the existing part of a new path: a new file or folder below a linked folder', () => {
    const root = workspace();
    symlinkSync(join(root, 'secrets'), join(root, 'src', 'linked'));
    expect(realLocation(join(root, 'src', 'app', 'new.ts'))).toBe(
      join(root, 'src', 'app', 'new.ts'),
    );
    expect(realLocation(join(root, 'src', 'linked', 'new.ts'))).toBe(
      join(root, 'secrets', 'new.ts'),
    );
    expect(realLocation(join(root, 'src', 'linked', 'a', 'b', 'c.ts'))).toBe(
      join(root, 'secrets', 'a', 'b', 'c.ts'),
    );
  });

  it('follows dangling links, also in the missing part and in a chain', () => {
    const root = workspace();
    symlinkSync(join(root, 'secrets', 'later'), join(root, 'src', 'dangling'));
    symlinkSync(join(root, 'src', 'dangling'), join(root, 'src', 'chain'));
    symlinkSync('../secrets/relative', join(root, 'src', 'relative'));
    expect(realLocation(join(root, 'src', 'dangling'))).toBe(join(root, 'secrets', 'later'));
    expect(realLocation(join(root, 'src', 'dangling', 'x', 'y'))).toBe(
      join(root, 'secrets', 'later', 'x', 'y'),
    );
    expect(realLocation(join(root, 'src', 'chain', 'x'))).toBe(join(root, 'secrets', 'later', 'x'));
    expect(realLocation(join(root, 'src', 'relative'))).toBe(join(root, 'secrets', 'relative'));
  });

  it('keeps a path below a file as it is, and refuses a link loop', () => {
    const root = workspace();
    const below = join(root, 'src', 'app', 'main.ts', 'x');
    expect(realLocation(below)).toBe(below);
    symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
    symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
    expect(() => realLocation(join(root, 'loop-a', 'x'))).toThrow(/symbolic links|ELOOP/);
  });

  it('sees a folder swapped for a link between two calls, and the swap back', () => {
    const root = workspace();
    const path = join(root, 'src', 'app', 'main.ts');
    expect(realLocation(path)).toBe(path);
    renameSync(join(root, 'src', 'app'), join(root, 'app-moved'));
    symlinkSync(join(root, 'secrets'), join(root, 'src', 'app'));
    expect(realLocation(path)).toBe(join(root, 'secrets', 'main.ts'));
    rmSync(join(root, 'src', 'app'));
    renameSync(join(root, 'app-moved'), join(root, 'src', 'app'));
    expect(realLocation(path)).toBe(path);
  });
});
