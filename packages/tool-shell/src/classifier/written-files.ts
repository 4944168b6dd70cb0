import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { downloadTargets } from './download-targets';
import { recordCopies } from './file-copies';
import { downloadedPackages } from './package-installs';
import { downloads } from './rules/code-sources';
import type { ShellScope } from './shell-scope';
import { isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { outputOf, staticPipelineOutput } from './static-output';

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
  const fetched = downloaded || downloads(command);
  const output = command.stdin?.producer ? pipelineOutput(command) : outputOf(command);
  for (const redirect of command.redirects) {
    if (!/>/.test(redirect.operator) || redirect.target.startsWith('/dev/')) continue;
    const path = where(redirect.target);
    if (!path) continue;
    const appending = redirect.operator.endsWith('>>');
    const before = appending ? scope.files.get(path)?.text : '';
    const text = output === undefined || before === undefined ? undefined : before + output;
    // Appended to a file that existed before: what was added is known, not the whole file.
    const appended = appending && text === undefined ? output : undefined;
    scope.files.set(path, {
      text,
      downloaded: fetched,
      ...(appended !== undefined ? { appended } : {}),
    });
  }
  const args = command.words.slice(1);
  if (program === 'tee') {
    for (const arg of args.filter((word) => !word.startsWith('-'))) {
      const path = where(arg);
      if (path) scope.files.set(path, { text: command.stdin?.text, downloaded: fetched });
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
  // Programs that copy their standard input into a file: `dd of=F`, `cp|install /dev/stdin F`,
  // `sponge F`.
  const fromInput = (
    program === 'dd' && !args.some((arg) => /^if=(?!\/dev\/stdin$|-$)/.test(arg))
      ? args.filter((arg) => arg.startsWith('of=')).map((arg) => arg.slice(3))
      : []
  ).concat(
    /^(cp|install|mv)$/.test(program) &&
      args.some((arg) => arg === '/dev/stdin' || arg === '/dev/fd/0' || arg === '-') &&
      args.length >= 2
      ? [args.at(-1)!]
      : program === 'sponge'
        ? args.filter((arg) => !arg.startsWith('-'))
        : [],
  );
  for (const file of fromInput) {
    const path = where(file);
    if (path)
      scope.files.set(path, {
        text: command.stdin?.text,
        downloaded: downloaders.has(basename(command.stdin?.producer?.words[0] ?? '')),
      });
  }
  if (fromInput.length === 0) recordCopies(command, scope, where);
}

/** The output of a command at the end of a pipeline (`echo ... | base64 -d > f`), when known. */
function pipelineOutput(command: SimpleCommand): string | undefined {
  const chain: SimpleCommand[] = [];
  for (
    let current: SimpleCommand | undefined = command;
    current && chain.length < 8;
    current = current.stdin?.producer
  )
    chain.unshift(current);
  return staticPipelineOutput(
    chain.map((item) => ({
      words: item.words,
      input: item.stdin?.producer ? undefined : item.stdin?.text,
    })),
  );
}
