import type { Payload } from './payload';

const lifecycle =
  /^(install|i|ci|add|rebuild|pack|publish|restart|start|stop|test|t|run|run-script|rum|urn)$/;

/**
 * What npm, pnpm and yarn run from `package.json`: the scripts (`npm run X`, `npm test`,
 * `npm install`'s lifecycle scripts, `yarn X`), judged from a `package.json` written earlier in
 * the same command; and `npm pkg set scripts.X=CODE`, which writes shell code that runs later.
 */
export function packageScripts(all: readonly string[]): Payload[] {
  const { folder, at } = projectFolder(all);
  const args = all.slice(at);
  const manifest =
    folder === undefined ? 'package.json' : `${folder.replace(/\/+$/, '')}/package.json`;
  const [verb, key] = args;
  if (verb === 'pkg' && key === 'set')
    return args
      .slice(2)
      .filter((arg) => /^scripts\.[^=]+=/.test(arg))
      .map((arg) => ({ kind: 'script' as const, text: arg.replace(/^[^=]*=/, '') }));
  if (verb === undefined || lifecycle.test(verb) || !verb.startsWith('-'))
    return [{ kind: 'script-file', path: manifest, format: 'package-json' }];
  return [];
}

/** Options before the verb that take a value. */
const valued =
  /^(--prefix|-C|--dir|--cwd|--workspace|-w|--filter|-F|--loglevel|--registry|--tag|--userconfig|--cache)$/;

/**
 * The project folder chosen before the verb (`npm --prefix DIR`, `npm -C DIR`, `pnpm -C|--dir
 * DIR`, `yarn --cwd DIR`), whose `package.json` runs, and where the verb starts.
 */
function projectFolder(args: readonly string[]): { folder?: string; at: number } {
  let folder: string | undefined;
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index]!;
    const attached = /^--(prefix|dir|cwd)=(.+)$/s.exec(arg);
    if (attached) folder = attached[2];
    else if (/^(--prefix|-C|--dir|--cwd)$/.test(arg)) folder = args[++index];
    else if (valued.test(arg)) index++;
    else if (!arg.startsWith('-')) break;
  }
  return { ...(folder !== undefined ? { folder } : {}), at: index };
}
