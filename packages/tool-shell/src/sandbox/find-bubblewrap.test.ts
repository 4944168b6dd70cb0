import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBubblewrap } from './find-bubblewrap';

function plant(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'bwrap');
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

describe('findBubblewrap', () => {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-find-')));
  const planted = plant(join(workspaceRoot, 'node_modules', '.bin'));
  const system = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-system-bin-')));
  const real = plant(system);

  it('skips a bwrap in a PATH folder inside the workspace, and relative PATH entries', () => {
    const path = ['.', 'node_modules/.bin', join(workspaceRoot, 'node_modules', '.bin'), system];
    expect(findBubblewrap(workspaceRoot, 'bwrap', path.join(':'))).toEqual({ path: real });
    expect(findBubblewrap(workspaceRoot, planted)).toEqual({
      reason: `${planted} is inside the workspace, so it is not used`,
    });
  });

  it('says what is missing', () => {
    expect(
      findBubblewrap(workspaceRoot, 'bwrap', join(workspaceRoot, 'node_modules', '.bin')),
    ).toEqual({
      reason:
        'bwrap is not installed (no bwrap in an absolute PATH folder outside the workspace; Debian/Ubuntu package: bubblewrap)',
    });
    expect(findBubblewrap(workspaceRoot, './bwrap')).toEqual({
      reason: 'bubblewrapPath must be a name on PATH or an absolute path, not ./bwrap',
    });
  });
});
