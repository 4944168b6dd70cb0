import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { createFileSystemTools } from '../create-file-system-tools';
import type { FileSystemToolsOptions } from '../file-system-tools-options';

/** A real temporary workspace with a sibling "outside" folder, and a registry of the file tools. */
export interface TestWorkspace {
  readonly root: string;
  readonly outside: string;
  readonly registry: ToolRegistry;
  write(path: string, content: string | Buffer): string;
  call(tool: string, params: Record<string, unknown>): ReturnType<ToolRegistry['execute']>;
}

/** Creates a workspace with the given files (relative paths) and the tools over it. */
export function createTestWorkspace(
  files: Record<string, string> = {},
  options: Partial<FileSystemToolsOptions> = {},
): TestWorkspace {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-fs-')));
  const root = join(base, 'ws');
  const outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  const write = (path: string, content: string | Buffer) => {
    const full = path.startsWith('/') ? path : join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    return full;
  };
  for (const [path, content] of Object.entries(files)) write(path, content);
  const registry = new ToolRegistry({ workspaceRoot: root, maxChars: 1_000_000 }).registerAll(
    createFileSystemTools({ workspaceRoot: root, ...options }),
  );
  let calls = 0;
  return {
    root,
    outside,
    registry,
    write,
    call: (tool, params) => registry.execute(`call-${++calls}`, tool, params),
  };
}
