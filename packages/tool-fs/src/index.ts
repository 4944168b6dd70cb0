export { createFileSystemTools } from './create-file-system-tools';
export { createFileSystemPlugin, FILE_SYSTEM_PLUGIN_NAME } from './file-system-plugin';
export type { FileSystemToolsOptions } from './file-system-tools-options';
export { protectedPathWarnings, secretReadWarnings } from './protected-paths';
