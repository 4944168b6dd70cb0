import { ownEntry } from '../own-entry';
import { operands, operandsSkipping } from './rule';

/** A host a command connects to, with the text to show for it. */
export interface NetworkTarget {
  /** The host as written (a name or an address in any spelling). */
  readonly host: string;
  /** What to show: the URL or `host:port` as the command gives it. */
  readonly shown: string;
}

/** Options that take a value, per program (so their value is not read as a host). */
const valueOptions: Record<string, RegExp> = {
  ssh: /^-[bcDEeFIiJLlmOopQRSWwB]$/,
  scp: /^-[cDFiJloPSX]$/,
  sftp: /^-[BbcDFiJloPRSsX]$/,
  nc: /^-[egGIiMmOPpqsTVwX]$/,
  curl: /^(-[oOdFHuAbceEKrTXxYyzmC]|--(output|data[\w-]*|form[\w-]*|header|user|user-agent|cookie[\w-]*|cert|key|config|range|upload-file|request|proxy[\w-]*|max-time|connect-timeout|retry[\w-]*|resolve|connect-to|write-out|referer|cacert|capath|output-dir|limit-rate|json|variable|url-query|aws-sigv4|oauth2-bearer|trace[\w-]*|dump-header|stderr))$/,
  wget: /^(-[OoaAtTPeUBDIRQXlw]|--(output-document|output-file|append-output|tries|timeout|directory-prefix|user-agent|header|post-data|post-file|body-data|body-file|method|user|password|execute|referer|level|wait|accept|reject|include-directories|exclude-directories|quota|base))$/,
};

const schemeUrl = /^[a-z][a-z0-9+.-]*:\/\/[^\s]*$/i;

/** The host of a URL (any scheme): WHATWG parsing for web schemes, the authority otherwise. */
export function urlHost(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.hostname) return url.hostname;
  } catch {
    // Fall back to the authority below.
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(text)?.[1];
  if (authority === undefined) return undefined;
  const hostPort = authority.replace(/^.*@/, '');
  return hostPort.startsWith('[')
    ? hostPort.slice(0, hostPort.indexOf(']') + 1)
    : hostPort.replace(/:\d*$/, '');
}

/** `[user@]host[:port]` or `[user@]host:path` (scp, rsync, git's scp-like syntax). */
function remoteHost(text: string, needsColon: boolean): string | undefined {
  if (text.startsWith('/') || text.startsWith('.') || text.startsWith('-')) return undefined;
  const bracketed = /^(?:[^@/]*@)?(\[[^\]]+\])(?::|$)/.exec(text);
  if (bracketed) return bracketed[1];
  const match = /^(?:[^@/:]*@)?([^@/:\s]+)(:|$)/.exec(text);
  if (!match || (needsColon && match[2] !== ':')) return undefined;
  return match[1];
}

/** The value of `-h host`, `-hhost`, `--host host` or `--host=host`. */
function optionValues(args: readonly string[], short: string, long: readonly string[]): string[] {
  const values: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === short || long.includes(arg)) values.push(args[index + 1] ?? '');
    else if (short && arg.startsWith(short) && arg.length > short.length && !arg.startsWith('--'))
      values.push(arg.slice(short.length));
    else {
      const assigned = long.find((option) => arg.startsWith(`${option}=`));
      if (assigned) values.push(arg.slice(assigned.length + 1));
    }
  }
  return values;
}

/** Operands, skipping the values of options that take one. */
function plainOperands(program: string, args: readonly string[]): string[] {
  const takesValue = ownEntry(valueOptions, program);
  return takesValue ? operandsSkipping(args, takesValue) : operands(args);
}

const urlPrograms =
  /^(curl|wget|http|https|xh|xhs|aria2c|lynx|links|w3m|websocat|wscat|grpcurl|ab|hey|wrk|siege|k6)$/;
const databasePrograms =
  /^(redis-cli|psql|pg_dump|pg_dumpall|pg_restore|pg_isready|mysql|mysqldump|mariadb|mariadb-dump|mongo|mongosh|mongodump|mongorestore|clickhouse-client|memcached-tool|influx)$/;

/**
 * The hosts a network command connects to, read the way the program reads its arguments: URLs
 * (any scheme, and bare hosts for curl and wget), httpie's `:port` shorthand (localhost), `nc
 * host port`, `telnet`, socat addresses, ssh destinations and jumps, `host:path` of scp, sftp and
 * rsync, database clients' `-h`/`--host` and connection URLs and `host=` strings, git remotes,
 * `openssl s_client -connect`, nmap targets. Programs that are not network clients give none.
 */
export function networkTargets(program: string, args: readonly string[]): NetworkTarget[] {
  const targets: NetworkTarget[] = [];
  const add = (host: string | undefined, shown: string) => {
    if (host) targets.push({ host, shown });
  };
  const urls = () => {
    for (const arg of args) if (schemeUrl.test(arg)) add(urlHost(arg), arg);
  };
  if (urlPrograms.test(program)) {
    urls();
    if (program === 'curl' || program === 'wget' || program === 'aria2c') {
      for (const operand of plainOperands(program, args))
        if (!schemeUrl.test(operand)) add(urlHost(`http://${operand}`), operand);
      for (const value of optionValues(args, '', ['--url']))
        add(urlHost(schemeUrl.test(value) ? value : `http://${value}`), value);
      // --resolve HOST:PORT:ADDRESS[,ADDRESS]; --connect-to HOST1:PORT1:HOST2:PORT2.
      for (const value of optionValues(args, '', ['--resolve']))
        for (const address of value.replace(/^\+/, '').split(':').slice(2).join(':').split(','))
          add(address.replace(/^\[|\]$/g, ''), value);
      for (const value of optionValues(args, '', ['--connect-to'])) {
        const host = /^(?:\[[^\]]*\]|[^:]*):[^:]*:(\[[^\]]*\]|[^:]*):/.exec(value)?.[1];
        add(host === '' ? undefined : host, value);
      }
    }
    if (!/^(curl|wget|aria2c|http|https|xh|xhs)$/.test(program))
      for (const operand of operands(args))
        if (/^(\[[^\]]+\]|[\w.-]+):\d+(\/|$)/.test(operand))
          add(remoteHost(operand, false), operand);
    if (/^(http|https|xh|xhs)$/.test(program)) {
      for (const operand of operands(args)) {
        if (/^:\d*(\/|$)/.test(operand)) add('localhost', operand);
        else if (/^[\w.-]+(:\d+)?(\/|$)/.test(operand) && !/^[A-Z]+$/.test(operand))
          add(urlHost(`http://${operand}`), operand);
      }
    }
  } else if (/^(nc|ncat|netcat|telnet|nmap)$/.test(program)) {
    if (program !== 'nmap' && args.some((arg) => /^-[a-zA-Z]*l/.test(arg) || arg === '--listen'))
      return [];
    const hosts = plainOperands(program === 'nmap' ? 'nmap' : 'nc', args);
    for (const host of program === 'nmap' ? hosts : hosts.slice(0, 1)) add(host, hosts.join(' '));
  } else if (program === 'socat') {
    for (const arg of operands(args)) {
      const match =
        /^(?:tcp[46]?|tcp[46]?-connect|udp[46]?|udp[46]?-connect|openssl|openssl-connect|sctp-connect|proxy)(?::|:.*?:)(\[[^\]]+\]|[^:,]+)/i.exec(
          arg,
        );
      if (match) add(match[1], arg);
    }
  } else if (program === 'ssh' || program === 'sftp' || program === 'scp' || program === 'rsync') {
    urls();
    // Forwarded ports: -L [bind:]port:host:hostport, -R likewise, -W host:port.
    for (const value of [...optionValues(args, '-L', []), ...optionValues(args, '-R', [])]) {
      const fields = value.match(/\[[^\]]*\]|[^:]+/g) ?? [];
      if (fields.length >= 3) add(fields.at(-2), value);
    }
    for (const value of optionValues(args, '-W', [])) add(remoteHost(value, false), value);
    for (const value of optionValues(args, '-J', []))
      for (const jump of value.split(',')) add(remoteHost(jump, false), jump);
    const hosts = plainOperands(program, args).filter((arg) => !schemeUrl.test(arg));
    if (program === 'ssh' || program === 'sftp')
      add(remoteHost(hosts[0] ?? '', false), hosts[0] ?? '');
    else for (const arg of hosts) add(remoteHost(arg, true), arg);
  } else if (databasePrograms.test(program)) {
    urls();
    for (const value of optionValues(
      args,
      program === 'mongo' || program === 'mongosh' ? '' : '-h',
      ['--host', '--hostname'],
    ))
      add(value.split(',')[0]?.replace(/:\d+$/, ''), value);
    for (const arg of args) {
      const conninfo = /(?:^|\s)host=([^\s]+)/.exec(arg);
      if (conninfo) add(conninfo[1], arg);
    }
    if (/^(mongo|mongosh)$/.test(program))
      for (const operand of operands(args))
        if (!schemeUrl.test(operand)) add(remoteHost(operand, false), operand);
  } else if (program === 'git') {
    const sub = operands(args)[0];
    if (sub && /^(clone|fetch|pull|push|ls-remote|remote|submodule|archive)$/.test(sub)) {
      urls();
      for (const operand of operands(args).slice(1))
        if (!schemeUrl.test(operand) && /^[^/.][^/]*:/.test(operand))
          add(remoteHost(operand, true), operand);
    }
  } else if (/^(pip[0-9.]*|uv|pipx|poetry)$/.test(program)) {
    urls();
  } else if (program === 'openssl') {
    for (const value of optionValues(args, '-connect', [])) add(remoteHost(value, false), value);
  }
  return targets;
}

/** `/dev/tcp/host/port` and `/dev/udp/host/port`: bash opens a connection for these redirections. */
export function deviceSocketTarget(path: string): NetworkTarget | undefined {
  const match = /^\/dev\/(tcp|udp)\/([^/]+)\/([^/]+)$/.exec(path);
  return match ? { host: match[2]!, shown: path } : undefined;
}
