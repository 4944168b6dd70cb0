import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TinyElfError } from '@tinyelf/core';
import type { TObject } from 'typebox';
import type { BuilderConfig } from './builder-config';
import { builderConfigSchema } from './builder-config-schema';

const fileNames = [
  'tinyelf.config.json',
  'tinyelf.config.mjs',
  'tinyelf.config.js',
  'tinyelf.config.ts',
];
let check: Promise<import('typebox/compile').Validator> | undefined;

/** The value at a JSON Pointer (`/plugins/0`) in a configuration, or undefined. */
function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/**
 * Checks a configuration against the schema and refuses it with every problem named (its path and
 * what was expected), before anything starts.
 */
export async function validateBuilderConfig(
  config: unknown,
  source = 'the configuration',
): Promise<BuilderConfig> {
  check ??= Promise.all([import('typebox/compile'), builderConfigSchema()]).then(
    ([{ Compile }, schema]) => Compile(schema),
  );
  const compiled = await check;
  if (compiled.Check(config)) return config as BuilderConfig;
  // TypeBox stops at the first property that fails, so each top-level section is checked alone.
  const { Errors } = await import('typebox/value');
  const schema = compiled.Type() as TObject;
  const record = (typeof config === 'object' && config !== null ? config : {}) as Record<
    string,
    unknown
  >;
  const errors = [
    ...compiled.Errors(config).filter((error) => error.instancePath === ''),
    ...Object.entries(schema.properties)
      .filter(([key]) => record[key] !== undefined)
      .flatMap(([key, property]) =>
        Errors(property, record[key]).map((error) => ({
          ...error,
          instancePath: `/${key}${error.instancePath}`,
        })),
      ),
  ];
  const problems = errors.map((error) => {
    const value = valueAt(config, error.instancePath);
    return `- ${error.instancePath.slice(1).replace(/\//g, '.') || '(top)'}: ${error.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)?.slice(0, 40)})`}`;
  });
  throw new TinyElfError({
    code: 'INVALID_CONFIG',
    message: `${source} is not valid:\n${[...new Set(problems)].join('\n')}`,
  });
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
