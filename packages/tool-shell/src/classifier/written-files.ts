import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { downloadTargets } from './download-targets';
import { downloadedPackages } from './package-installs';
import type { ShellScope } from './shell-scope';
import { isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { outputOf } from './static-output';

const downloaders = new Set(['curl', 'wget']);

/**
 * Records the files a command writes, as far as known: redirections, `tee`, downloads (`curl -o`,
 * `wget -O`, `git clone`, package downloads as globs), symbolic links, and copies.
 */
export function recordWrites(command: SimpleCommand, scope: ShellScope): void {
  const where = (target: string) =>
    isStatic(target) && (isAbsolute(target) || command.cwd !== undefined)
      ? resolve(command.cwd ?? '/', target)
      : undefined;
  const program = basename(command.words[0] ?? '');
  const downloaded = downloaders.has(program);
  const output = outputOf(command);
  for (const redirect of command.redirects) {
    if (!/>/.test(redirect.operator) || redirect.target.startsWith('/dev/')) continue;
    const path = where(redirect.target);
    if (!path) continue;
    const before = redirect.operator.endsWith('>>') ? scope.files.get(path)?.text : '';
    const text = output === undefined || before === undefined ? undefined : before + output;
    scope.files.set(path, { text, downloaded });
  }
  const args = command.words.slice(1);
  if (program === 'tee') {
    for (const arg of args.filter((word) => !word.startsWith('-'))) {
      const path = where(arg);
      if (path) scope.files.set(path, { text: command.stdin?.text, downloaded: false });
    }
  }
  if (downloaded) {
    for (const file of downloadTargets(program, args)) {
      const path = where(file);
      if (path) scope.files.set(path, { downloaded: true });
    }
  }
  if (program === 'ln' && args.some((arg) => /^-[a-zA-Z]*s|^--symbolic$/.test(arg))) {
    const operands = args.filter((arg) => !arg.startsWith('-'));
    const target = operands[0];
    const link =
      operands.length > 1 ? where(operands.at(-1)!) : target ? where(basename(target)) : undefined;
    if (target && link && isStatic(target)) {
      const pointsTo = resolve(isAbsolute(target) ? '/' : dirname(link), target);
      const existing = scope.files.get(link);
      scope.files.set(
        existing?.link === undefined && existing ? resolve(link, basename(target)) : link,
        { downloaded: false, link: pointsTo },
      );
    }
  }
  const packages = downloadedPackages(program, args);
  const folder = packages ? where(packages.folder) : undefined;
  if (packages && folder)
    for (const pattern of packages.patterns)
      scope.files.set(join(folder, pattern), { downloaded: true });
  if (program === 'git' && args.includes('clone')) {
    const operands = args.slice(args.indexOf('clone') + 1).filter((arg) => !arg.startsWith('-'));
    const folder = operands[1] ?? basename(operands[0] ?? '').replace(/\.git$/, '');
    const path = folder ? where(folder) : undefined;
    if (path) scope.files.set(path, { downloaded: true });
  }
  if ((program === 'cp' || program === 'mv') && args.length >= 2) {
    const source = where(args.at(-2)!);
    const target = where(args.at(-1)!);
    const known = source ? scope.files.get(source) : undefined;
    if (known && target) scope.files.set(target, known);
  }
}
