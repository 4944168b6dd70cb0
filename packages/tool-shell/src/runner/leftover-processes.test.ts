import { describe, expect, it } from 'vitest';
import { hasEnvironmentEntry } from './leftover-processes';

describe('hasEnvironmentEntry', () => {
  it('finds a whole entry at the start, in the middle and at the end, never a part of one', () => {
    const needle = 'TINYELF_SHELL_CALL=abc';
    expect(hasEnvironmentEntry(`${needle}\0PATH=/bin\0`, needle)).toBe(true);
    expect(hasEnvironmentEntry(`PATH=/bin\0${needle}\0HOME=/root\0`, needle)).toBe(true);
    expect(hasEnvironmentEntry(`PATH=/bin\0${needle}`, needle)).toBe(true);
    expect(hasEnvironmentEntry(`PATH=/bin\0${needle}d\0`, needle)).toBe(false);
    expect(hasEnvironmentEntry(`PATH=/bin\0X${needle}\0`, needle)).toBe(false);
    expect(hasEnvironmentEntry(`X${needle}\0${needle}\0`, needle)).toBe(true);
    expect(hasEnvironmentEntry('', needle)).toBe(false);
  });
});
