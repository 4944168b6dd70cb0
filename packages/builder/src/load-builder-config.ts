import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TinyElfError } from '@tinyelf/core';
import type { BuilderConfig } from './builder-config';
import { builderConfigSchema } from './builder-config-schema';

const fileNames = [
  'tinyelf.config.json',
  'tinyelf.config.mjs',
  'tinyelf.config.js',
  'tinyelf.config.ts',
];
let check:
  | Promise<import('@sinclair/typebox/compiler').TypeCheck<import('@sinclair/typebox').TObject>>
  | undefined;

/**
 * Checks a configuration against the schema and refuses it with every problem named (its path and
 * what was expected), before anything starts.
 */
export async function validateBuilderConfig(
  config: unknown,
  source = 'the configuration',
): Promise<BuilderConfig> {
  check ??= Promise.all([import('@sinclair/typebox/compiler'), builderConfigSchema()]).then(
    ([{ TypeCompiler }, schema]) => TypeCompiler.Compile(schema),
  );
  const compiled = await check;
  if (compiled.Check(config)) return config as BuilderConfig;
  const problems = [...compiled.Errors(config)].map(
    (error) =>
      `- ${error.path.slice(1).replace(/\//g, '.') || '(top)'}: ${error.message.toLowerCase()}${allowedValues(error.schema)}${error.value === undefined ? '' : ` (got ${JSON.stringify(error.value)?.slice(0, 40)})`}`,
  );
  throw new TinyElfError({
    code: 'INVALID_CONFIG',
    message: `${source} is not valid:\n${[...new Set(problems)].join('\n')}`,
  });
}

/** For a choice between fixed values (`"auto" | "bubblewrap" | "none"`): `; allowed: ...`. */
function allowedValues(schema: unknown): string {
  const choices = (schema as { anyOf?: readonly { const?: unknown }[] }).anyOf?.map(
    (choice) => choice.const,
  );
  if (!choices?.length || choices.some((value) => value === undefined)) return '';
  return `; allowed: ${choices.map((value) => JSON.stringify(value)).join(', ')}`;
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
