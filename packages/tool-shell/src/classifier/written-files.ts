import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { downloadTargets } from './download-targets';
import { recordCopies } from './file-copies';
import { recordGitConfigWrite } from './git-config-writes';
import { openedPath } from './linked-paths';
import { downloadedPackages } from './package-installs';
import { downloads } from './rules/code-sources';
import type { ShellScope } from './shell-scope';
import { isStatic } from './shell-word';
import type { SimpleCommand } from './simple-command';
import { outputOf, readFiles, staticPipelineOutput } from './static-output';

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
  // Writing through a symbolic link made earlier writes the file it points to; the link stays.
  const through = (target: string) => {
    const path = where(target);
    return path === undefined ? undefined : openedPath(path, '/', scope.files);
  };
  const program = basename(command.words[0] ?? '');
  recordGitConfigWrite(command, scope);
  const downloaded = downloaders.has(program);
  // What a write would hold, worked out only for a command that writes (a `>` redirection or
  // `tee`), before anything is recorded: most commands write nothing.
  const writes = program === 'tee' || command.redirects.some(({ operator }) => />/.test(operator));
  const fetched = downloaded || (writes && downloads(command));
  const output = !writes
    ? undefined
    : command.stdin?.producer
      ? pipelineOutput(command)
      : outputOf(command);
  // `exec 3>f` opens f, empty, on descriptor 3; later `cmd >&3` appends cmd's output to f.
  const opensDescriptors = command.words.length === 1 && command.words[0] === 'exec';
  for (const redirect of command.redirects) {
    let target = redirect.target;
    let appending = redirect.operator.endsWith('>>');
    if (/^(>&|&>)$/.test(redirect.operator) && /^\d+$/.test(target)) {
      const file = scope.descriptors.get(target);
      if (file === undefined || (redirect.descriptor ?? '1') !== '1') continue;
      target = file;
      appending = true;
    }
    if (!/>/.test(redirect.operator) || target.startsWith('/dev/')) continue;
    const path = through(target);
    if (!path) continue;
    const before = appending ? scope.files.get(path)?.text : '';
    const written = opensDescriptors ? '' : output;
    const text = written === undefined || before === undefined ? undefined : before + written;
    // Appended to a file that existed before: what was added is known, not the whole file.
    const appended = appending && text === undefined ? written : undefined;
    scope.files.set(path, {
      text,
      downloaded: fetched,
      ...(appended !== undefined ? { appended } : {}),
    });
  }
  // `3< FILE`, `3< <(cmd)`: the program reads FILE or cmd's output as /dev/fd/3.
  for (const redirect of command.redirects) {
    if (redirect.operator !== '<' || !redirect.descriptor || redirect.descriptor === '0') continue;
    const substitution = command.substitutions?.find((item) => item.path === redirect.target);
    const path = where(redirect.target);
    const file = substitution
      ? {
          text: substitution.output,
          downloaded: substitution.commands.some((inner) =>
            downloaders.has(basename(inner.words[0] ?? '')),
          ),
        }
      : path
        ? scope.files.get(path)
        : undefined;
    if (file) scope.files.set(`/dev/fd/${redirect.descriptor}`, file);
  }
  const args = command.words.slice(1);
  if (program === 'tee') {
    for (const arg of args.filter((word) => !word.startsWith('-'))) {
      const path = through(arg);
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
    const path = through(file);
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
  if (command.output !== undefined) return command.output;
  const chain: SimpleCommand[] = [];
  for (
    let current: SimpleCommand | undefined = command;
    current && chain.length < 8;
    current = current.stdin?.producer
  )
    // A redirection of a whole pipeline (no words of its own) passes its last stage's output on.
    if (current.words.length > 0) chain.unshift(current);
  return staticPipelineOutput(
    chain.map(
      (item, index) =>
        (index === 0 ? readFiles(item) : undefined) ?? {
          words: item.words,
          input: item.stdin?.producer ? undefined : item.stdin?.text,
        },
    ),
  );
}
