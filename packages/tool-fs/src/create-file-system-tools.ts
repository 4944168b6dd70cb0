import type { ITool } from '@tinyelf/core';
import { createFileSystemServices } from './file-system-services';
import type { FileSystemToolsOptions } from './file-system-tools-options';
import { createEditTool } from './tools/edit';
import { createGlobTool } from './tools/glob';
import { createGrepTool } from './tools/grep';
import { createListDirTool } from './tools/list-dir';
import { createReadTool } from './tools/read';
import { createWriteTool } from './tools/write';

/**
 * The six file tools (Read, Write, Edit, ListDir, Glob, Grep) sharing one workspace path guard
 * and one record of what was read, so Edit can refuse files changed on disk since.
 */
export function createFileSystemTools(options: FileSystemToolsOptions): ITool[] {
  const services = createFileSystemServices(options);
  return [
    createReadTool(services),
    createWriteTool(services),
    createEditTool(services),
    createListDirTool(services),
    createGlobTool(services),
    createGrepTool(services),
  ] as ITool[];
}
