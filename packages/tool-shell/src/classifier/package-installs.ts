import { basename } from 'node:path';
import { optionValues, parseOptions } from './option-parser';

/** Where a package manager takes a package from that it then builds or installs. */
export interface PackageSource {
  /** A path (a folder, an archive, a glob), or `.` for the project in the working folder. */
  readonly path?: string;
  /** A URL or VCS address (`https://.../x.tar.gz`, `git+https://...`, `github:user/repo`). */
  readonly url?: string;
}

/** A program and its arguments with `python -m pip` read as `pip`. */
function asTool(program: string, args: readonly string[]): [string, readonly string[]] {
  if (/^python[0-9.]*$/.test(program) && args[0] === '-m' && args[1])
    return [args[1], args.slice(2)];
  if (program === 'uv' && args[0] === 'pip') return ['pip', args.slice(1)];
  return [program.replace(/^pip[0-9.]*$/, 'pip'), args];
}

const pipValueOptions = {
  shortWithValue: 'rcetifbCd',
  longWithValue: [
    'requirement',
    'constraint',
    'editable',
    'target',
    'index-url',
    'extra-index-url',
    'find-links',
    'dest',
    'prefix',
    'root',
    'src',
    'platform',
    'python-version',
    'implementation',
    'abi',
    'no-binary',
    'only-binary',
    'config-settings',
    'global-option',
    'trusted-host',
    'cert',
    'client-cert',
    'cache-dir',
    'log',
    'proxy',
    'retries',
    'timeout',
    'exists-action',
    'report',
    'python',
  ],
};

const archive = /\.(whl|tar\.gz|tgz|tar\.bz2|tar\.xz|zip|gem|crate)$/;
const remote = /:\/\/|^(git|hg|svn|bzr)\+|^(github|gitlab|bitbucket|gist):/;

function source(operand: string): PackageSource | undefined {
  if (/^file:/.test(operand)) return { path: operand.replace(/^file:(\/\/)?/, '') };
  if (remote.test(operand)) return { url: operand };
  if (/^[./~]/.test(operand) || operand.includes('/') || archive.test(operand))
    return { path: operand };
  return undefined;
}

/**
 * What an install or build takes its code from: building or installing a package runs that
 * package's own code (pip runs `setup.py` or the build backend of a folder or sdist; npm, pnpm,
 * yarn and bun run lifecycle scripts; gem builds native extensions; cargo runs `build.rs`; make
 * runs the recipes). Package names from the registry are not listed: only paths, the project in
 * the working folder, and URLs.
 */
export function packageSources(program: string, args: readonly string[]): PackageSource[] {
  const [tool, rest] = asTool(basename(program), args);
  const [subcommand, ...operands] = rest;
  switch (tool) {
    case 'pip':
    case 'pipx': {
      if (subcommand !== 'install' && subcommand !== 'wheel') return [];
      const parsed = parseOptions(operands, pipValueOptions);
      const named = [...parsed.operands, ...optionValues(parsed, 'e', 'editable')];
      const links = optionValues(parsed, 'f', 'find-links').map((link) => `${link}/*`);
      return [...named, ...links].flatMap((operand) => source(operand) ?? []);
    }
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun': {
      const installs = /^(install|i|add|ci|isntall|in)$/;
      if (tool === 'yarn' && subcommand === undefined) return [{ path: '.' }];
      if (subcommand === undefined || !installs.test(subcommand)) return [];
      const named = operands.filter((operand) => !operand.startsWith('-'));
      return named.length ? named.flatMap((operand) => source(operand) ?? []) : [{ path: '.' }];
    }
    case 'gem':
      return subcommand === 'install' || subcommand === 'build'
        ? operands
            .filter((operand) => !operand.startsWith('-'))
            .flatMap((item) => source(item) ?? [])
        : [];
    case 'cargo': {
      const parsed = parseOptions(operands, { longWithValue: ['path', 'git', 'manifest-path'] });
      if (subcommand === 'install')
        return [
          ...optionValues(parsed, 'path').map((path) => ({ path })),
          ...optionValues(parsed, 'git').map((url) => ({ url })),
        ];
      return /^(build|b|run|r|test|t|bench|check|c)$/.test(subcommand ?? '') ? [{ path: '.' }] : [];
    }
    case 'make':
    case 'gmake':
    case 'bundle':
    case 'composer':
      return [{ path: '.' }];
    default:
      return [];
  }
}

/**
 * The files a package download leaves, as globs in the folder it writes to (`pip download X`,
 * `npm pack X`, `gem fetch X`, `apt-get download X`): their names are only known when it runs.
 */
export function downloadedPackages(
  program: string,
  args: readonly string[],
): { folder: string; patterns: string[] } | undefined {
  const [tool, rest] = asTool(basename(program), args);
  const [subcommand, ...operands] = rest;
  if (tool === 'pip' && subcommand === 'download') {
    const folder = optionValues(parseOptions(operands, pipValueOptions), 'd', 'dest')[0] ?? '.';
    return { folder, patterns: ['*.whl', '*.tar.gz', '*.zip', '*.tar.bz2'] };
  }
  if (tool === 'npm' && subcommand === 'pack' && operands.some((item) => !item.startsWith('-'))) {
    const parsed = parseOptions(operands, { longWithValue: ['pack-destination'] });
    return { folder: optionValues(parsed, 'pack-destination')[0] ?? '.', patterns: ['*.tgz'] };
  }
  if (tool === 'gem' && subcommand === 'fetch') return { folder: '.', patterns: ['*.gem'] };
  if (/^apt(-get)?$/.test(tool) && subcommand === 'download')
    return { folder: '.', patterns: ['*.deb'] };
  return undefined;
}
