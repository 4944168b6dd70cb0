import { describe, expect, it } from 'vitest';
import { interpreterEffects, literalValue } from './interpreter-effects';

describe('interpreter code as the shell commands with the same effect', () => {
  it('folds literals, home spellings and literal variables', () => {
    expect(literalValue('"rm -r" + "f /"')).toBe('rm -rf /');
    expect(literalValue("'/' . 'etc'")).toBe('/etc');
    expect(literalValue('os.path.expanduser("~")')).toBe('~');
    expect(literalValue('name')).toBeUndefined();
  });
  it('reads recursive deletes, deletes, writes and fork loops', () => {
    expect(interpreterEffects("import shutil as s; s.rmtree('/')")).toEqual(['rm -rf /']);
    expect(interpreterEffects("fs.rmSync('dist', {recursive: true})")).toEqual(['rm -rf dist']);
    expect(interpreterEffects("fs.rmSync('a.txt')")).toEqual(['rm -f a.txt']);
    expect(interpreterEffects('open("/etc/passwd", "w")')).toEqual([': > /etc/passwd']);
    expect(interpreterEffects('open("/etc/passwd")')).toEqual([]);
    expect(interpreterEffects("open(F, '>', '/etc/fstab')")).toEqual([': > /etc/fstab']);
    expect(interpreterEffects('sys.stdout.write("/etc/passwd")')).toEqual([]);
    expect(interpreterEffects('fork while 1')).toEqual(['f(){ f|f& };f']);
    expect(interpreterEffects('while True:\n  c = s.accept()\n  os.fork()')).toEqual([]);
  });
});
