import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TinyElfError } from '@tinyelf/core';
import type { BuilderConfig } from './builder-config';
import { builderConfigProblems, throwConfigProblems } from './builder-config-problems';

const fileNames = [
  'tinyelf.config.json',
  'tinyelf.config.mjs',
  'tinyelf.config.js',
  'tinyelf.config.ts',
];
/**
 * Checks a configuration's own keys (types, allowed values, unknown keys inside its sections) and
 * refuses it with every problem named, before anything starts. Top-level keys that are not the
 * builder's are left to the build, which knows the plugins' sections.
 */
export async function validateBuilderConfig(
  config: unknown,
  source = 'the configuration',
): Promise<BuilderConfig> {
  throwConfigProblems(await builderConfigProblems(config), source);
  return config as BuilderConfig;
}

/**
 * Loads the configuration of a workspace: `tinyelf.config.json`, `tinyelf.config.mjs`,
 * `tinyelf.config.js` or `tinyelf.config.ts` (its default export; `.ts` needs a TypeScript loader) in the folder, or a given file. No file: `{}` (the
 * defaults). The workspace root defaults to the file's folder.
 */
export async function loadBuilderConfig(options: { folder?: string; file?: string } = {}): Promise<{
  /** The checked configuration (the defaults when no file was found). */
  config: BuilderConfig;
  /** The file it came from. */
  file?: string;
}> {
  const folder = resolve(options.folder ?? process.cwd());
  const file = options.file
    ? resolve(folder, options.file)
    : fileNames.map((name) => join(folder, name)).find((candidate) => existsSync(candidate));
  if (!file) return { config: { workspaceRoot: folder } };
  let raw: unknown;
  try {
    raw = file.endsWith('.json')
      ? JSON.parse(readFileSync(file, 'utf8'))
      : ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      throw new TinyElfError({
        code: 'INVALID_CONFIG',
        message: `${file} is TypeScript, which this Node cannot import by itself: run with a TypeScript loader (node --import tsx) or rename it to tinyelf.config.mjs.`,
        cause: error,
      });
    }
    throw new TinyElfError({
      code: 'INVALID_CONFIG',
      message: `${file} cannot be read: ${(error as Error).message}`,
      cause: error,
    });
  }
  const config = await validateBuilderConfig(raw, file);
  return {
    config: { ...config, workspaceRoot: resolve(dirname(file), config.workspaceRoot ?? '.') },
    file,
  };
}
