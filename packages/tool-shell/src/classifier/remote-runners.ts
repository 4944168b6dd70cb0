import type { Payload } from './payload';

const remote = /^(git\+|https?:\/\/|github:|gitlab:|sourcehut:|git:\/\/|tarball\+|file\+https?:)/;

/**
 * Package runners given code from a repository or URL rather than a registry: `go run
 * host/path@version`, `uvx --from git+...`, `pipx run --spec git+...`, `deno run https://...`,
 * `nix run github:...`, `gh extension install`, editors' `--install-extension`, and `gh alias set
 * --shell` (a command kept to run later).
 */
export function remoteRunners(program: string, args: readonly string[]): Payload[] | undefined {
  const found = (source: string | undefined): Payload[] | undefined =>
    source === undefined ? undefined : [{ kind: 'remote-code', source }];
  switch (program) {
    case 'go':
      return args[0] === 'run'
        ? found(args.slice(1).find((arg) => /^[a-z0-9-]+(\.[a-z0-9-]+)+\/[^@\s]+@/.test(arg)))
        : undefined;
    case 'uvx':
    case 'uv':
    case 'pipx': {
      const runs = program === 'uvx' || /^(run|tool)$/.test(args[0] ?? '');
      if (!runs) return undefined;
      const at = args.findIndex((arg) => /^--(from|spec|with)(=|$)/.test(arg));
      const value =
        at === -1
          ? undefined
          : args[at]!.includes('=')
            ? args[at]!.slice(args[at]!.indexOf('=') + 1)
            : args[at + 1];
      return found([value, ...args].find((arg) => arg !== undefined && remote.test(arg)));
    }
    case 'deno':
      return /^(run|install|compile)$/.test(args[0] ?? '')
        ? found(args.slice(1).find((arg) => /^https?:\/\//.test(arg)))
        : undefined;
    case 'nix':
      return /^(run|shell|develop|build|profile)$/.test(args[0] ?? '')
        ? found(args.slice(1).find((arg) => remote.test(arg)))
        : undefined;
    case 'gh':
      if (args[0] === 'extension' && /^(install|upgrade)$/.test(args[1] ?? ''))
        return found(args[2] ?? 'a GitHub extension');
      if (
        args[0] === 'alias' &&
        args[1] === 'set' &&
        args.some((arg) => arg === '--shell' || arg === '-s')
      ) {
        const operands = args.slice(2).filter((arg) => !arg.startsWith('-'));
        return operands[1] === undefined ? [] : [{ kind: 'script', text: operands[1] }];
      }
      return undefined;
    case 'code':
    case 'codium':
    case 'cursor':
    case 'code-insiders': {
      const at = args.indexOf('--install-extension');
      return at === -1 ? undefined : found(args[at + 1] ?? 'an extension');
    }
    default:
      return undefined;
  }
}
