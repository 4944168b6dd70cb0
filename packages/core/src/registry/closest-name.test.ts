import { describe, expect, it } from 'vitest';
import { findClosestName } from './closest-name';

describe('findClosestName', () => {
  const names = ['Read', 'Write', 'Edit', 'Grep', 'Glob', 'mcp__github__create_issue'];
  it('finds typos, case slips and partial names', () => {
    expect(findClosestName('Reed', names)).toBe('Read');
    expect(findClosestName('write', names)).toBe('Write');
    expect(findClosestName('create_issue', names)).toBe('mcp__github__create_issue');
  });
  it('suggests nothing for unrelated names', () => {
    expect(findClosestName('spawn_agent', names)).toBeUndefined();
    expect(findClosestName('', names)).toBeUndefined();
  });
});
