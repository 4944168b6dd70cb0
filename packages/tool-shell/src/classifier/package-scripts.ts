import type { Payload } from './payload';

const lifecycle =
  /^(install|i|ci|add|rebuild|pack|publish|restart|start|stop|test|t|run|run-script|rum|urn)$/;

/**
 * What npm, pnpm and yarn run from `package.json`: the scripts (`npm run X`, `npm test`,
 * `npm install`'s lifecycle scripts, `yarn X`), judged from a `package.json` written earlier in
 * the same command; and `npm pkg set scripts.X=CODE`, which writes shell code that runs later.
 */
export function packageScripts(args: readonly string[]): Payload[] {
  const [verb, key] = args;
  if (verb === 'pkg' && key === 'set')
    return args
      .slice(2)
      .filter((arg) => /^scripts\.[^=]+=/.test(arg))
      .map((arg) => ({ kind: 'script' as const, text: arg.replace(/^[^=]*=/, '') }));
  if (verb === undefined || lifecycle.test(verb) || !verb.startsWith('-'))
    return [{ kind: 'script-file', path: 'package.json', format: 'package-json' }];
  return [];
}
