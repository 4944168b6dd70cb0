import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatPrintf } from './printf-format';

// Each format runs through the real bash printf builtin and through formatPrintf.
describe('formatPrintf prints what bash printf prints', () => {
  const formats: string[][] = [
    ['%s\\n', 'a', 'b'],
    ['\\x25s|%s', 'x'],
    ['%5s|%-5s|%.2s|', 'ab', 'cd', 'efgh'],
    ['%b', 'a\\tb\\0101\\cstop'],
    ['%d %x %X %o %05d', '42', '255', '255', '8', '7'],
    ['%c%c', 'rm', 'mv'],
    ['\\162\\155 %%s %s', 'z'],
    ['%s=%s;', 'k1', 'v1', 'k2'],
    ['no conversions'],
  ];
  it.each(formats)('printf %j', (...words) => {
    const [format, ...args] = words as [string, ...string[]];
    const bash = execFileSync('bash', ['-c', 'printf "$@"', 'printf', format, ...args], {
      encoding: 'utf8',
    });
    expect(formatPrintf(format, args)).toBe(bash);
  });
});
