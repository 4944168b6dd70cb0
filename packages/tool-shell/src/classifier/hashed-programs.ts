import { resolve } from 'node:path';
import type { ShellScope } from './shell-scope';
import { DYNAMIC } from './shell-word';

/**
 * The program a name runs after `hash -p PATH NAME`, or through a `PATH` that starts with a
 * folder where the command linked another program under that name (`ln -s /usr/bin/rm .b/ls;
 * PATH=.b:$PATH ls`).
 */
export function hashedProgram(name: string, scope: ShellScope, commandScope: ShellScope): string {
  const hashed = scope.get(`hash:${name}`)?.[0];
  if (hashed) return hashed;
  const path = commandScope.get('PATH')?.[0];
  if (!path || name.includes('/') || scope.cwd === undefined) return name;
  for (const folder of path.split(':')) {
    if (folder.includes(DYNAMIC)) break;
    const link = scope.files.get(resolve(scope.cwd, folder || '.', name))?.link;
    if (link) return link;
  }
  return name;
}
