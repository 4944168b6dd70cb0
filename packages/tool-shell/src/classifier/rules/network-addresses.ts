import { isIPv6 } from 'node:net';
import type { SimpleCommand } from '../simple-command';
import { type NetworkTarget, urlHost } from './network-targets';
import { operands, operandsSkipping, type Rule, warn } from './rule';

/**
 * Programs that only print, search or transform text: an address among their arguments is data
 * (`echo "open http://127.0.0.1:3000"`, `grep -rn 169.254.169.254 src/`), never a connection.
 */
const textPrograms =
  /^(echo|printf|grep|egrep|fgrep|rg|ag|ack|sed|awk|gawk|mawk|jq|yq|cat|tee|logger|wall|sort|uniq|cut|tr|head|tail|less|more|wc|test|\[|\[\[|expr|ipcalc|sipcalc|column|fold|fmt|nl|paste|diff|cmp|comm|look|sponge|xxd|od|hexdump|base64|sha\d*sum|md5sum|ls|stat|file|touch|mkdir|cp|mv|rm|ln|chmod|chown|find|fd|gh|glab|hub|tig|nano|vi|vim|nvim|emacs|code|true|false|:|export|declare|local|readonly|alias|set|unset|type|command|which|whereis|hash|help|man|info|apropos|history|read|mapfile|readarray)$/;

/** Programs (and `python -m` modules) that listen: an address they are given is where they bind. */
const serverPrograms =
  /^(vite|uvicorn|gunicorn|hypercorn|daphne|waitress-serve|flask|jupyter|jupyter-lab|jupyter-notebook|http-server|serve|live-server|webpack-dev-server|webpack|hugo|next|nuxt|astro|remix|php|rails|mkdocs|jekyll|bundle|ng|vue-cli-service|parcel|esbuild|wrangler|http\.server|SimpleHTTPServer|streamlit|gradio|sphinx-autobuild|caddy|nginx|httpd|redis-server|mongod|postgres|mysqld|minio|ollama|npx|pnpx|bunx|npm|pnpm|yarn)$/;

/** Subcommands that start a server (`rails s`, `hugo server`, `npm run dev`). */
const serverSubcommands =
  /^(serve|server|s|dev|start|preview|runserver|run|watch|up|develop|lab|notebook)$/;

/** Option names whose value is where a server listens, not a host it reaches. */
const bindOptions = /^(-b|--bind[\w-]*|--listen[\w-]*|-l|--ip|--interface|-p|--publish|--expose)$/;

/** Option names whose value is a host, `host:port` or address for a client (any program). */
const hostOptions =
  /^(-h|-H|-host|--host(name)?|-server|--server[\w-]*|-address|--address|--addr|-addr|-http-addr|--http-addr|-grpc-addr|--grpc-addr|--endpoint[\w-]*|-endpoint[\w-]*|--url|-url|--registry|--proxy|--https-proxy|--index(-url)?|--extra-index-url|--find-links|--trusted-host|--broker[\w-]*|--bootstrap-server|--master|--api-server|--api-url|--remote|--target|--dest(ination)?|--connect|-connect|--peer|--seed)$/;

/** Options of ssh `-o Name=value` that name the host connected to or through. */
const sshHostSettings = /^(hostname|proxyjump|jumphost)$/i;

/** Programs that take container image references (`host:port/name`, `host/name`). */
const imagePrograms =
  /^(docker|podman|nerdctl|buildah|skopeo|crane|oras|regctl|ctr|crictl|kaniko|dive|trivy|grype|syft|cosign|helm)$/;

/** A dotted IPv4 in any radix per part, four parts (`10.0.0.1`, `0177.0.0.1`, `0x7f.0.0.1`). */
const dottedQuad = /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){3}\.?$/i;

/**
 * The host a bare word names when it is an address, in the spellings a client reads:
 * `10.0.0.1`, `10.0.0.1:5000`, `10.0.0.1:5000/img`, `user@10.0.0.1`, `[::1]:80`, `::1`,
 * `0x7f000001`, `10.0.0.0/8` (a range, judged by its first address). Short forms (`127.1`,
 * `2130706433`) count only where the word is known to be a host (`loose`), since they are
 * also version numbers and counts.
 */
export function addressHost(word: string, loose = false): string | undefined {
  const text = word.replace(/^[^@/\s]*@/, '');
  const bracketed = /^(\[[0-9a-f:.]+(?:%[\w.]+)?\])(?::\d+)?(?:\/.*)?$/i.exec(text);
  if (bracketed) return bracketed[1];
  if (isIPv6(text.replace(/\/\d{1,3}$/, ''))) return text.replace(/\/\d{1,3}$/, '');
  const match = /^([0-9a-fx.]+)(?::(\d+))?(?:\/.*)?$/i.exec(text);
  if (!match) return undefined;
  const host = match[1]!;
  if (dottedQuad.test(host) || /^0x[0-9a-f]{8}$/i.test(host)) return host;
  // Loose: `127.1`, `0x7f.1`, `0x7f000001`, `2130706433` (a whole address, not a small count).
  if (loose && /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){1,3}\.?$/i.test(host)) return host;
  if (loose && (/^0x[0-9a-f]{7,8}$/i.test(host) || (/^\d+$/.test(host) && Number(host) >= 2 ** 24)))
    return host;
  if (match[2] && /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){0,2}$/i.test(host) && /\D/.test(host))
    return host;
  return undefined;
}

/** The registry host of an image reference: `host[:port]/...` when the first part is a host. */
function imageRegistry(reference: string): string | undefined {
  const ref = reference.replace(/^(docker|oci|docker-daemon|containers-storage):\/*/, '');
  const first = /^(\[[^\]]+\]|[^/\s]+)\//.exec(ref)?.[1] ?? (/^[^/\s]+:\d+$/.test(ref) ? ref : '');
  if (!first || !/[.:[]|^localhost/.test(first)) return undefined;
  return first.startsWith('[')
    ? first.slice(0, first.indexOf(']') + 1)
    : first.replace(/:\d+$/, '');
}

/** `-x V`, `-xV` (single-letter), `--long V` and `--long=V`: name and value pairs. */
function optionPairs(args: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (!arg.startsWith('-') || arg === '-' || arg === '--') continue;
    const equals = arg.indexOf('=');
    if (equals > 0) pairs.push([arg.slice(0, equals), arg.slice(equals + 1)]);
    else {
      const next = args[index + 1];
      if (next !== undefined && !next.startsWith('-')) pairs.push([arg, next]);
      if (/^-[a-zA-Z]./.test(arg) && !arg.startsWith('--'))
        pairs.push([arg.slice(0, 2), arg.slice(2)]);
    }
  }
  return pairs;
}

const urlPattern = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>,;]+/gi;

/**
 * Hosts any program is given by address, generalising the known client table: scheme URLs
 * anywhere in an argument (`npm --registry URL`, `go env -w GOPROXY=URL`, `terraform init
 * -backend-config="address=URL"`, `helm repo add x URL`), host options of any client (`-h`,
 * `-H`, `-S`, `-host`, `--endpoint-url`, `-http-addr=`, ... with `host[:port]` values in any
 * spelling), address operands (`cqlsh 10.0.0.1`, `masscan 10.0.0.0/8`), container image
 * references naming a registry (`docker pull 127.0.0.1:5000/img`), `--add-host name:ADDRESS`,
 * ssh's `-o HostName=`/`-o ProxyJump=`. Text programs and the bind addresses of servers give none.
 */
export function addressTargets(program: string, args: readonly string[]): NetworkTarget[] {
  let name = program;
  let rest = args;
  // `python -m MODULE ...` runs the module as the program.
  if (/^python[0-9.]*$/.test(program)) {
    const at = args.indexOf('-m');
    if (at < 0) return [];
    name = args[at + 1] ?? '';
    rest = args.slice(at + 2);
  } else if (
    /^(node|deno|bun|ruby|perl|php|bash|sh|zsh|dash|ksh)$/.test(program) &&
    program !== 'php'
  )
    return [];
  if (textPrograms.test(name)) return [];
  // git: its remotes are read by the client table; settings given for one run are read here.
  if (name === 'git')
    rest = rest.flatMap((arg, index) =>
      rest[index - 1] === '-c' || rest[index - 1] === '--config'
        ? [arg.slice(arg.indexOf('=') + 1)]
        : arg.startsWith('--config=')
          ? [arg.slice(arg.indexOf('=', 9) + 1)]
          : [],
    );
  const runner = /^(npm|pnpm|yarn|npx|pnpx|bunx|bundle|php)$/.test(name);
  const serving =
    serverPrograms.test(name) &&
    (!runner ||
      operands(rest).some((word) => serverSubcommands.test(word) || serverPrograms.test(word)) ||
      rest.includes('-S'));
  if (serving) return [];
  const targets: NetworkTarget[] = [];
  const add = (host: string | undefined, shown: string) => {
    if (host && !/^(0+\.){3}0+$|^\[?::\]?$|^0$/.test(host)) targets.push({ host, shown });
  };
  for (const arg of rest) for (const url of arg.match(urlPattern) ?? []) add(urlHost(url), url);
  const pairs = optionPairs(rest);
  for (const [option, value] of pairs) {
    if (bindOptions.test(option)) continue;
    if (option === '--add-host') {
      const address = value.replace(/^[^:=]*[:=]/, '');
      add(addressHost(address, true), value);
    } else if (option === '-o' && /^(ssh|scp|sftp|sshfs|autossh)$/.test(name)) {
      const [key, setting] = value.split(/[=\s](.*)/s);
      if (key && setting && sshHostSettings.test(key))
        for (const hop of setting.split(','))
          add(
            addressHost(hop.replace(/:\d+$/, ''), true) ??
              (/^localhost$/i.test(hop) ? hop : undefined),
            hop,
          );
    } else if (hostOptions.test(option)) {
      for (const part of value.split(',')) {
        const plain = part.replace(/^[a-z+]*:\/\//i, '');
        add(
          addressHost(plain, true) ?? (/^localhost(:\d+)?$/i.test(plain) ? 'localhost' : undefined),
          part,
        );
      }
    }
  }
  if (/^(ssh|scp|sftp|sshfs|autossh)$/.test(name))
    for (let index = 0; index < rest.length; index++) {
      const arg = rest[index]!;
      if (!/^-o\S/.test(arg)) continue;
      const [key, setting] = arg.slice(2).split(/[=\s](.*)/s);
      if (key && setting && sshHostSettings.test(key))
        for (const hop of setting.split(',')) add(addressHost(hop.replace(/:\d+$/, ''), true), hop);
    }
  const image = imagePrograms.test(name);
  const plainOperands = operandsSkipping(rest, bindOptions);
  for (const word of plainOperands) {
    if (image) {
      const registry = imageRegistry(word);
      if (registry && registry !== 'localhost') add(registry, word);
      else if (registry === 'localhost') add('localhost', word);
    }
    // Values of options the table does not know count too, but only as full addresses.
    add(addressHost(word), word);
  }
  return targets;
}

/** Variable names that point a program at a registry, index, proxy, mirror or API endpoint. */
const endpointVariable =
  /^(?!no_proxy$)(\w*_)?(proxy|registry|index(_url)?|extra_index_url|endpoint(_url)?(_\w+)?|mirror|repositories_\w+_url|registries_\w+_index|addr|http_addr|grpc_addr|host|server|url)$|^(GOPROXY|GONOSUMDB|GOSUMDB|GOPRIVATE_PROXY|DOCKER_HOST|CONTAINER_HOST|VAULT_ADDR|CONSUL_HTTP_ADDR|NOMAD_ADDR|AWS_ENDPOINT_URL\w*|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|UV_INDEX_URL|UV_DEFAULT_INDEX|npm_config_\w+|YARN_\w*REGISTRY\w*|COREPACK_NPM_REGISTRY|CONDA_CHANNELS|GEM_SOURCE|BUNDLE_MIRROR\w*|CARGO_\w+_INDEX|HELM_REPO\w*|KUBERNETES_SERVICE_HOST|KUBE_APISERVER)$/i;

/** Names that are about local data, not where a program connects (`DATABASE_URL` for tests). */
const localVariables =
  /^(database_url|db_url|db_host|pghost|redis_url|base_url|public_url|site_url|app_url)$/i;

/**
 * Hosts named by the environment a program runs with: registries, indexes, proxies, mirrors and
 * endpoints (`GOPROXY=`, `npm_config_registry=`, `COREPACK_NPM_REGISTRY=`,
 * `POETRY_REPOSITORIES_X_URL=`, `PIP_INDEX_URL=`, `AWS_ENDPOINT_URL=`, `VAULT_ADDR=`,
 * `DOCKER_HOST=`), whether set before the command, exported, or given through `env`.
 */
export function environmentTargets(
  command: SimpleCommand,
  args: readonly string[],
): NetworkTarget[] {
  const targets: NetworkTarget[] = [];
  const judge = (name: string, value: string) => {
    if (!endpointVariable.test(name) || localVariables.test(name)) return;
    if (
      /^(\w*_)?(host|server|url|addr)$/i.test(name) &&
      !/proxy|registry|index|endpoint|mirror|repositor/i.test(name) &&
      !/^(VAULT|CONSUL|NOMAD|DOCKER|CONTAINER|KUBE)/i.test(name)
    )
      return;
    for (const part of value.split(/[,|\s]+/)) {
      const host = /:\/\//.test(part)
        ? urlHost(part.replace(/^[a-z]+\+(?=[a-z]+:\/\/)/i, ''))
        : (addressHost(part, true) ??
          (/^localhost(:\d+)?(\/|$)/i.test(part) ? 'localhost' : undefined));
      if (host) targets.push({ host, shown: `${name}=${value}` });
    }
  };
  for (const [name, values] of command.environment ?? []) {
    const value = values?.[0];
    if (value) judge(name, value);
  }
  for (const word of command.words.slice(1, command.words.length - args.length)) {
    const assignment = /^([A-Za-z_]\w*)=(.+)$/s.exec(word);
    if (assignment) judge(assignment[1]!, assignment[2]!);
  }
  return targets;
}

/** The sockets of container engines: whoever can write to one runs containers as root. */
const engineSocket = /(^|[:=/])(docker|containerd|podman|crio|buildkitd?)\.sock\b/;

/**
 * A program other than the engine's own client opening a container engine's socket (`socat -
 * UNIX-CONNECT:/var/run/docker.sock`, `curl --unix-socket /run/docker.sock`, `nc -U ...`): the
 * engine's API runs any container, with the host's root folder mounted, as root.
 */
export const engineSocketRule: Rule = ({ program, args }) =>
  !textPrograms.test(program) &&
  !/^(docker|podman|nerdctl|ctr|crictl|buildctl|systemctl|ls|stat)$/.test(program) &&
  args.some((arg) => engineSocket.test(arg))
    ? [
        warn(
          'private-network',
          `${program} opens a container engine's socket, whose API runs containers as root on this machine.`,
        ),
      ]
    : [];
