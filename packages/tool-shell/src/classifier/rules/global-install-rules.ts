import { type Rule, warn } from './rule';

/** `name` given as an option (`-g`, `--global`, `--location=global`) in the arguments. */
const has = (args: readonly string[], pattern: RegExp) => args.some((arg) => pattern.test(arg));

/**
 * Why a package manager's command installs outside the project (system or home folders, with
 * the package's install scripts), or takes packages from an index of the command's choice;
 * undefined for a project-local install.
 */
function globalInstall(program: string, args: readonly string[]): string | undefined {
  const [first = '', second = ''] = args.filter((arg) => !arg.startsWith('-'));
  switch (program) {
    case 'npm':
    case 'pnpm':
    case 'bun':
      if (/^(link|ln)$/.test(first) && args.filter((arg) => !arg.startsWith('-')).length === 1)
        return 'links the package into the global folder';
      return /^(i|install|add|isntall|in|ins|inst|insta|instal|isnt|isnta|isntal|update|up|upgrade)$/.test(
        first,
      ) && has(args, /^(-g|--global|--location=global|--global=true)$/)
        ? 'installs globally, outside the project'
        : undefined;
    case 'yarn':
      return first === 'global' && /^(add|upgrade)$/.test(second)
        ? 'installs globally, outside the project'
        : undefined;
    case 'composer':
      return first === 'global' ? 'installs into the global composer folder' : undefined;
    case 'pipx':
    case 'cargo':
    case 'gem':
      // `cargo install --path DIR` builds the project's own crate.
      return (first === 'install' && !(program === 'cargo' && has(args, /^--path(=|$)/))) ||
        (program === 'pipx' && /^(inject|upgrade)$/.test(first))
        ? 'installs a program into the home or system folders'
        : undefined;
    case 'go':
      // Without `@version`, go install builds the version the project's go.mod pins.
      return first === 'install' &&
        args.some((arg) => /^[a-z0-9-]+(\.[a-z0-9-]+)+\/[^@\s]*@/.test(arg))
        ? 'downloads a module the project does not pin, builds it and installs it into the home folder'
        : undefined;
    case 'uv':
      if (first === 'tool' && second === 'install')
        return 'installs a program into the home folder';
      return first === 'pip' && has(args, /^--(system|break-system-packages)$/)
        ? 'installs into the system Python'
        : undefined;
    case 'pip':
    case 'pip3':
      if (first !== 'install') return undefined;
      if (has(args, /^--(break-system-packages|root)(=|$)/))
        return 'installs into the system Python';
      return pipSources(args).some((source) => !PUBLIC_PYTHON_INDEX.test(source))
        ? 'takes packages from an index of its choice, whose install scripts run'
        : undefined;
    case 'apt':
    case 'apt-get':
    case 'aptitude':
    case 'dnf':
    case 'yum':
    case 'zypper':
    case 'apk':
    case 'brew':
    case 'snap':
    case 'flatpak':
      return /^(install|reinstall|add|localinstall|in)$/.test(first)
        ? 'installs a system package, whose install scripts run with its rights'
        : undefined;
    case 'pacman':
      return has(args, /^-(S|U)/) ? 'installs a system package' : undefined;
    case 'dpkg':
      return has(args, /^(-i|--install|-[a-zA-Z]*i[a-zA-Z]*|--unpack)$/)
        ? 'installs a package file, whose install scripts run with its rights'
        : undefined;
    case 'rpm':
      return has(args, /^(-i|-U|-F|--install|--upgrade|--freshen|-[a-zA-Z]*[iUF][a-zA-Z]*)$/) &&
        !has(args, /^-q/)
        ? 'installs a package file, whose install scripts run with its rights'
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Package managers installing outside the project (`npm i -g`, `yarn global add`, `npm link`,
 * `pipx`/`cargo`/`gem install`, `go install host/path`, `pip install --user`, system package
 * managers, `dpkg -i`, `rpm -i`) or from an index of the command's choice
 * (`pip install --extra-index-url URL`): a warning.
 */
export const globalInstallRule: Rule = ({ program, args }) => {
  const [tool, rest] =
    /^python[0-9.]*$/.test(program) && args[0] === '-m' && args[1]
      ? [args[1], args.slice(2)]
      : [program.replace(/^pip[0-9.]+$/, 'pip'), args];
  const reason = globalInstall(tool, rest);
  return reason ? [warn('global-install', `${tool} ${reason}.`)] : [];
};

/** The Python Package Index itself, the index pip uses anyway (`-i https://pypi.org/simple`). */
const PUBLIC_PYTHON_INDEX = /^https:\/\/(pypi\.org|pypi\.python\.org)\/simple\/?$/;

/**
 * The package sources a `pip install` names: the values of `-i`/`--index-url`,
 * `--extra-index-url`, `-f`/`--find-links`, attached (`-ihttps://…`, `--index-url=…`) or given
 * as the next argument.
 */
function pipSources(args: readonly string[]): string[] {
  const sources: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const long = /^--(index-url|extra-index-url|find-links)(=(.*))?$/.exec(arg);
    if (long) {
      sources.push(long[3] ?? args[++index] ?? '');
      continue;
    }
    const short = /^-([if])(.*)$/.exec(arg);
    if (short) sources.push(short[2] || (args[++index] ?? ''));
  }
  return sources;
}
