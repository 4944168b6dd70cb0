import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { PathOutsideWorkspaceError } from '../errors/path-outside-workspace-error';
import { isWithin, WorkspaceGuard } from './workspace-guard';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-guard-')));
  root = join(base, 'ws');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'src', 'app.ts'), 'export {}');
  writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE-SECRET');
});

function refused(guard: WorkspaceGuard, path: string): string {
  try {
    guard.resolve(path);
  } catch (error) {
    expect(PathOutsideWorkspaceError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error(`"${path}" was accepted`);
}

describe('WorkspaceGuard', () => {
  it('resolves relative paths against the root and accepts absolute paths inside', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    expect(guard.resolve('src/app.ts')).toEqual({
      requested: 'src/app.ts',
      real: join(root, 'src/app.ts'),
      relative: 'src/app.ts',
      exists: true,
    });
    expect(guard.resolve(join(root, 'src')).relative).toBe('src');
    expect(guard.resolve('src/../new.txt')).toMatchObject({ relative: 'new.txt', exists: false });
    expect(guard.resolve('.').relative).toBe('.');
  });

  it('does not expand ~ or $VAR', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    expect(guard.resolve('~/notes').real).toBe(join(root, '~/notes'));
    expect(guard.resolve('$HOME/x').real).toBe(join(root, '$HOME/x'));
  });

  it('refuses .. escapes, absolute paths outside and prefix-sharing siblings, naming the root', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    expect(refused(guard, '../outside/secret.txt')).toBe(
      `The path "../outside/secret.txt" is outside the workspace ${root}; only files inside the workspace can be used.`,
    );
    refused(guard, '/etc/passwd');
    mkdirSync(`${root}_evil`);
    refused(guard, `${root}_evil/x`);
    refused(guard, 'src/../..');
  });

  it('follows symbolic links for the file and each parent, dangling and chained ones too', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    symlinkSync(outside, join(root, 'out'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'b'));
    symlinkSync('b', join(root, 'a'));
    symlinkSync(join(outside, 'not-yet.txt'), join(root, 'dangling'));
    symlinkSync('/proc/self/root/etc', join(root, 'proc'));
    expect(refused(guard, 'out/secret.txt')).toContain('resolves through a symbolic link');
    refused(guard, 'out/new/deeper/file.txt');
    refused(guard, 'a');
    refused(guard, 'dangling');
    refused(guard, 'proc/passwd');
    refused(guard, '/proc/self/root/etc/passwd');
    symlinkSync('src', join(root, 'inside-link'));
    expect(guard.resolve('inside-link/app.ts').real).toBe(join(root, 'src/app.ts'));
  });

  it('refuses NUL bytes and empty paths, and reports symlink loops', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    expect(() => guard.resolve('a\0b')).toThrowError('The path contains a NUL byte');
    expect(() => guard.resolve('')).toThrowError('The path is empty');
    symlinkSync('loop2', join(root, 'loop1'));
    symlinkSync('loop1', join(root, 'loop2'));
    expect(() => guard.resolve('loop1/x')).toThrowError('loop of symbolic links');
  });

  it('refuses writes to hard-linked files', () => {
    const guard = new WorkspaceGuard({ workspaceRoot: root });
    linkSync(join(outside, 'secret.txt'), join(root, 'hl.txt'));
    expect(guard.resolve('hl.txt').exists).toBe(true);
    expect(() => guard.resolveForWrite('hl.txt')).toThrowError(/has 2 hard links/);
    expect(guard.resolveForWrite('src/app.ts').exists).toBe(true);
  });

  it('allows everything but denied paths when unrestricted, and extra allowed folders when restricted', () => {
    const open = new WorkspaceGuard({
      workspaceRoot: root,
      restrictToWorkspace: false,
      deniedPaths: [join(outside, 'secret.txt')],
    });
    expect(open.resolve('/etc/hostname').real).toBe('/etc/hostname');
    expect(() => open.resolve('../outside/secret.txt')).toThrowError(/denied by configuration/);
    const extra = new WorkspaceGuard({ workspaceRoot: root, allowedPaths: [outside] });
    expect(extra.resolve('../outside/secret.txt').exists).toBe(true);
    const denied = new WorkspaceGuard({ workspaceRoot: root, deniedPaths: ['src'] });
    expect(() => denied.resolve('src/app.ts')).toThrowError(/denied/);
  });

  it('uses the real location of a root given through a symbolic link', () => {
    symlinkSync(root, join(base, 'ws-link'));
    const guard = new WorkspaceGuard({ workspaceRoot: join(base, 'ws-link') });
    expect(guard.root).toBe(root);
    expect(guard.resolve(join(base, 'ws-link', 'src')).relative).toBe('src');
  });

  it('isWithin is separator-aware', () => {
    expect(isWithin('/ws', '/ws')).toBe(true);
    expect(isWithin('/ws', '/ws/a')).toBe(true);
    expect(isWithin('/ws', '/ws_evil/a')).toBe(false);
    expect(isWithin('/', '/etc')).toBe(true);
  });
});
