import type { SimpleCommand } from '../simple-command';
import { type NetworkTarget, urlHost } from './network-targets';
import { operands, type Rule, warn } from './rule';
import { readKnown } from './script-sources';

const urlPattern = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/** curl's URL globs: each `{a,b}` alternative and both ends of each `[N-M]` range. */
function globVariants(url: string): string[] {
  const variants = [url];
  for (let round = 0; round < 4; round++) {
    const next: string[] = [];
    for (const variant of variants.splice(0)) {
      const set = /\{([^{}]*)\}/.exec(variant);
      const range = /\[([^\]-]+)-([^\]:]+)(?::\d+)?\]/.exec(variant);
      const match = set ?? range;
      if (!match) {
        next.push(variant);
        continue;
      }
      const choices = set ? set[1]!.split(',') : [range![1]!, range![2]!];
      for (const choice of choices.slice(0, 16))
        next.push(
          variant.slice(0, match.index) + choice + variant.slice(match.index + match[0].length),
        );
    }
    variants.push(...next);
  }
  return variants;
}

/** The value of an option given as `-x V`, `-xV`, `--long V` or `--long=V`. */
function values(args: readonly string[], short: string[], long: string[]): string[] {
  const found: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (short.includes(arg) || long.includes(arg)) found.push(args[index + 1] ?? '');
    else if (long.some((name) => arg.startsWith(`${name}=`)))
      found.push(arg.slice(arg.indexOf('=') + 1));
    else if (
      short.some(
        (name) => arg.startsWith(name) && arg.length > name.length && !arg.startsWith('--'),
      )
    )
      found.push(arg.slice(2));
  }
  return found;
}

const urlClients =
  /^(GET|HEAD|POST|PUT|lwp-request|lwp-download|lwp-mirror|fetch|httping|chromium|chromium-browser|chrome|google-chrome(-stable)?|firefox|headless_shell|wkhtmltopdf|ldapsearch|ldapwhoami|ldapmodify|ldapadd|lftp|ncftp|smbclient|rclone|yt-dlp|youtube-dl|gnutls-cli|mosquitto_pub|mosquitto_sub|nats|kcat|ffmpeg|ffprobe)$/;
const bareHostClients =
  /^(ftp|tftp|lftp|gnutls-cli|ncftp|rdesktop|xfreerdp|vncviewer|snmpwalk|snmpget|mosh)$/;

/**
 * More ways commands reach hosts: curl URL globs (`http://{a,127.0.0.1}/`, `[1-1]`), URLs read
 * from a file or config known to the command (`wget -i FILE`, `curl -K FILE`), URL operands of
 * other clients (`GET`, `lwp-request`, headless browsers, `ldapsearch -H`), bare hosts of `ftp`,
 * `gnutls-cli`, ..., `dig @SERVER`, `nslookup NAME SERVER`, `docker -H`, `kubectl --server`.
 */
export function moreNetworkTargets(
  program: string,
  args: readonly string[],
  command: SimpleCommand,
): NetworkTarget[] {
  const targets: NetworkTarget[] = [];
  const addUrl = (url: string) => {
    const host = urlHost(url);
    if (host) targets.push({ host, shown: url });
  };
  if (/^(curl|wget|aria2c)$/.test(program)) {
    if (program === 'curl' && !args.some((arg) => arg === '-g' || arg === '--globoff'))
      for (const arg of args)
        if (/[{[]/.test(arg) && /:\/\/|^[\w.{[\]-]+(:\d+)?(\/|$)/.test(arg))
          for (const variant of globVariants(arg))
            addUrl(/:\/\//.test(variant) ? variant : `http://${variant}`);
    const files =
      program === 'curl'
        ? values(args, ['-K'], ['--config'])
        : values(args, ['-i'], ['--input-file']);
    for (const file of files) {
      const text = readKnown(file, command);
      for (const url of text?.match(urlPattern) ?? []) addUrl(url);
    }
  }
  if (urlClients.test(program))
    for (const arg of args) for (const url of arg.match(urlPattern) ?? []) addUrl(url);
  if (bareHostClients.test(program)) {
    const host = operands(args).find((arg) => !/^\d+$/.test(arg) && !arg.includes('://'));
    if (host) targets.push({ host: host.replace(/^.*@/, ''), shown: host });
  }
  if (/^(dig|kdig|drill|delv)$/.test(program))
    for (const arg of args)
      if (arg.startsWith('@')) targets.push({ host: arg.slice(1), shown: arg });
  if (/^(nslookup|host)$/.test(program)) {
    const server = operands(args)[1];
    if (server) targets.push({ host: server, shown: server });
  }
  if (/^(docker|podman|nerdctl)$/.test(program))
    for (const value of values(args, ['-H'], ['--host', '--url'])) addUrl(value);
  if (/^(kubectl|oc|helm)$/.test(program))
    for (const value of values(args, ['-s'], ['--server', '--kube-apiserver'])) addUrl(value);
  if (/^(redis-cli|valkey-cli|keydb-cli)$/.test(program))
    for (const value of values(args, ['-h'], ['--host']))
      if ((value.match(/:/g) ?? []).length > 1) targets.push({ host: value, shown: value });
  return targets;
}

/**
 * Reverse and bind shells: `socat EXEC:|SYSTEM:... TCP:host:port` (a shell wired to a
 * connection), `nc -e`/`-c`, `ncat --exec|--sh-exec|--lua-exec`.
 */
export const remoteShellRule: Rule = ({ program, args }) => {
  const wired =
    (program === 'socat' &&
      args.some((arg) => /^(exec|system):/i.test(arg)) &&
      args.some((arg) => /^(tcp|udp|ssl|openssl|sctp|socks|proxy|vsock)[\w-]*[:,]/i.test(arg))) ||
    (/^(nc|ncat|netcat|nc\.traditional|nc\.openbsd)$/.test(program) &&
      args.some((arg) => /^-[a-zA-Z]*[ec]$|^--(exec|sh-exec|lua-exec)(=|$)/.test(arg)));
  return wired
    ? [warn('remote-shell', `${program} connects a shell or program to a network connection.`)]
    : [];
};
