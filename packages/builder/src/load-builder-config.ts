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
type Validator = import('typebox/schema').Validator;
/** The whole schema's validator, and one per section (TypeBox stops reporting after some errors). */
let check: Promise<{ whole: Validator; sections: [string, Validator][] }> | undefined;

/**
 * Checks a configuration against the schema and refuses it with every problem named (its path and
 * what was expected), before anything starts.
 */
export async function validateBuilderConfig(
  config: unknown,
  source = 'the configuration',
): Promise<BuilderConfig> {
  check ??= Promise.all([import('typebox/schema'), builderConfigSchema()]).then(
    ([{ Compile }, schema]) => ({
      whole: Compile(schema),
      sections: Object.entries(schema.properties).map(([name, section]): [string, Validator] => [
        name,
        Compile(section),
      ]),
    }),
  );
  const { whole, sections } = await check;
  if (whole.Check(config)) return config as BuilderConfig;
  const errors =
    typeof config === 'object' && config !== null && !Array.isArray(config)
      ? sections.flatMap(([name, section]) => {
          const value = (config as Record<string, unknown>)[name];
          if (value === undefined || section.Check(value)) return [];
          return section.Errors(value)[1].map((error) => ({
            ...error,
            instancePath: `/${name}${error.instancePath}`,
          }));
        })
      : whole.Errors(config)[1];
  // One problem per place: the outermost schema that failed there (a union's own message).
  const problems = new Map<string, { schemaPath: string; line: string }>();
  for (const error of errors) {
    const known = problems.get(error.instancePath);
    if (known && known.schemaPath.length <= error.schemaPath.length) continue;
    const path = error.instancePath.slice(1).replace(/\//g, '.') || '(top)';
    const value = valueAt(config, error.instancePath);
    const got = value === undefined ? '' : ` (got ${JSON.stringify(value)?.slice(0, 40)})`;
    problems.set(error.instancePath, {
      schemaPath: error.schemaPath,
      line: `- ${path}: ${error.message}${got}`,
    });
  }
  throw new TinyElfError({
    code: 'INVALID_CONFIG',
    message: `${source} is not valid:\n${[...problems.values()].map((problem) => problem.line).join('\n')}`,
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

/** The value a JSON pointer (`/policy/safeTools`) points to in the configuration. */
function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}
