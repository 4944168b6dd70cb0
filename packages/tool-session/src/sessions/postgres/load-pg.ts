import { TinyElfError } from '@tinyelf/core';

/** The part of the `pg` package the store uses. */
export type PgModule = typeof import('pg');

/**
 * Imports `pg`, an optional peer dependency of this package (installed only by those who keep
 * sessions in PostgreSQL, so the JSONL default loads nothing of it); when it is not installed, the
 * error says so and what to do.
 */
export async function loadPg(load: () => Promise<unknown> = () => import('pg')): Promise<PgModule> {
  try {
    const loaded = (await load()) as PgModule & { default?: PgModule };
    return loaded.default ?? loaded;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !/['"]pg['"]/.test(message)) throw error;
    throw new TinyElfError({
      code: 'DEPENDENCY_NOT_INSTALLED',
      message:
        "Sessions are configured with store: 'postgres', but the pg package is not installed: install it (npm i pg) or use store: 'jsonl', the default.",
      cause: error,
    });
  }
}
