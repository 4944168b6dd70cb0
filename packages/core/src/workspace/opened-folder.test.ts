import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { TinyElfError } from '../errors/tinyelf-error';
import { descriptorPathsWork } from './descriptor-location';
import { openError } from './open-error';
import { OpenedFolder, openAndLocate } from './opened-folder';
import { WorkspaceGuard } from './workspace-guard';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-opened-')));
  root = join(base, 'ws');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'dir', 'sub'), { recursive: true });
  mkdirSync(join(outside, 'sub'), { recursive: true });
  writeFileSync(join(root, 'dir', 'file.txt'), 'inside');
  writeFileSync(join(outside, 'file.txt'), 'OUTSIDE-SECRET');
});

/** Replaces `dir` by a symbolic link to the outside folder (the real folder moves to `moved`). */
function swapDirForLink(): void {
  renameSync(join(root, 'dir'), join(base, 'moved'));
  symlinkSync(outside, join(root, 'dir'));
}

describe('opening, then verifying what was opened', () => {
  it('uses /proc/self/fd on Linux', () => {
    expect(descriptorPathsWork()).toBe(process.platform === 'linux');
  });

  it('locates what was really opened when a folder on the path was swapped after the check', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    const checked = guard.resolve('dir/file.txt');
    swapDirForLink();
    const opened = openAndLocate(checked.real, 'file');
    closeSync(opened.descriptor);
    expect(opened.location).toBe(join(outside, 'file.txt'));
    expect(guard.permits(opened.location!)).toBe(false);
  });

  it('open() refuses an object that is outside, and a last part that is a symbolic link', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    const { opened } = guard.open('dir/file.txt', 'file');
    expect(readFileSync(opened.descriptor, 'utf8')).toBe('inside');
    closeSync(opened.descriptor);
    swapDirForLink();
    expect(() => guard.open('dir/file.txt', 'file')).toThrow(/outside the workspace/);
    // O_NOFOLLOW: ELOOP, or ENOTDIR with O_DIRECTORY (Linux).
    expect(() => openAndLocate(join(root, 'dir'), 'folder')).toThrow(/ELOOP|ENOTDIR/);
    expect(() => guard.open('dir/missing.txt', 'file')).toThrow(/outside the workspace/);
    try {
      guard.open('nothing-here.txt', 'file');
      expect.unreachable();
    } catch (error) {
      expect(TinyElfError.hasCode(error, 'FILE_NOT_FOUND')).toBe(true);
    }
  });

  it('an open folder keeps listing and opening its own entries after it is swapped away', () => {
    const opened = openAndLocate(join(root, 'dir'), 'folder');
    const folder = new OpenedFolder(opened.descriptor, opened.location!);
    try {
      swapDirForLink();
      expect(
        folder
          .entries()
          .map((entry) => entry.name)
          .sort(),
      ).toEqual(['file.txt', 'sub']);
      const file = folder.openFile('file.txt')!;
      expect(readFileSync(file.descriptor, 'utf8')).toBe('inside');
      closeSync(file.descriptor);
      const sub = folder.openFolder('sub');
      expect(sub?.entries()).toEqual([]);
      sub?.close();
    } finally {
      folder.close();
    }
  });

  it('never opens an entry through a symbolic link, nor a name that leaves the folder', () => {
    symlinkSync(outside, join(root, 'dir', 'link'));
    symlinkSync(join(outside, 'file.txt'), join(root, 'dir', 'file-link'));
    const opened = openAndLocate(join(root, 'dir'), 'folder');
    const folder = new OpenedFolder(opened.descriptor, opened.location!);
    try {
      expect(folder.openFolder('link')).toBeUndefined();
      expect(folder.openFile('file-link')).toBeUndefined();
      expect(folder.openFolder('..')).toBeUndefined();
      expect(folder.openFile('sub/../file.txt')).toBeUndefined();
      expect(folder.statEntry('link')?.isSymbolicLink()).toBe(true);
      expect(folder.linkTarget('link')).toBe(outside);
    } finally {
      folder.close();
    }
  });
});

describe('WorkspaceGuard.open errors', () => {
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as TinyElfError).code;
    }
    return 'no error';
  };

  it('says a file is not a folder, and a folder that became a symbolic link changed', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    expect(codeOf(() => guard.open('dir/file.txt', 'folder'))).toBe('NOT_A_DIRECTORY');
    const checked = guard.resolve('dir');
    swapDirForLink();
    // What the kernel says for the swapped folder, and how open() words it.
    expect(codeOf(() => openAndLocate(checked.real, 'folder'))).toBe('ENOTDIR');
    const enotdir = Object.assign(new Error('ENOTDIR'), { code: 'ENOTDIR' });
    expect((openError(enotdir, 'dir', () => true) as TinyElfError).code).toBe('PATH_CHANGED');
    expect((openError(enotdir, 'dir', () => false) as TinyElfError).code).toBe('NOT_A_DIRECTORY');
  });

  it('permits what is inside and refuses what is outside', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root, deniedPaths: ['dir/sub'] });
    expect(guard.permits(join(root, 'anything'))).toBe(true);
    expect(guard.permits(outside)).toBe(false);
    expect(guard.permits(join(root, 'dir', 'sub', 'x'))).toBe(false);
    expect(
      new WorkspaceGuard({ workspaceRoot: root, restrictToWorkspace: false }).permits(outside),
    ).toBe(true);
  });
});
