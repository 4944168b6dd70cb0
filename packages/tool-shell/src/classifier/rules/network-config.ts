import type { SimpleCommand } from '../simple-command';
import type { NetworkTarget } from './network-targets';
import { urlHost } from './network-targets';
import { readKnown } from './script-sources';

/** Variables that send a program's connections through a proxy (curl, wget, pip, npm, git, ...). */
const proxyVariables = [
  'ALL_PROXY',
  'all_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'HTTPS_PROXY',
  'https_proxy',
  'FTP_PROXY',
  'ftp_proxy',
  'SOCKS_PROXY',
  'socks_proxy',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'PIP_PROXY',
];

const urlPattern = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

function proxyHost(value: string): NetworkTarget | undefined {
  const url = /:\/\//.test(value) ? value : `http://${value}`;
  const host = urlHost(url);
  return host ? { host, shown: value } : undefined;
}

/** The value of `-x V`, `-xV`, `--long V`, `--long=V`. */
function optionValues(args: readonly string[], short: readonly string[], long: readonly string[]) {
  const found: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (short.includes(arg) || long.includes(arg)) found.push(args[index + 1] ?? '');
    else if (long.some((name) => arg.startsWith(`${name}=`)))
      found.push(arg.slice(arg.indexOf('=') + 1));
    else if (short.some((name) => arg.startsWith(name) && !arg.startsWith('--') && arg.length > 2))
      found.push(arg.slice(2));
  }
  return found;
}

/**
 * Hosts a command reaches through its configuration rather than its operands: proxies set in
 * the environment (`ALL_PROXY`, `https_proxy`, ...) or in options (`curl -x`, `--proxy`,
 * `--preproxy`, `--socks5*`, `wget -e http_proxy=...`, `git -c http.proxy=`), URLs read from
 * standard input (`curl -K -`, `wget -i -`), Kafka brokers (`kcat -b`, `--bootstrap-server`).
 */
export function configuredNetworkTargets(
  program: string,
  args: readonly string[],
  command: SimpleCommand,
): NetworkTarget[] {
  const targets: NetworkTarget[] = [];
  const add = (target: NetworkTarget | undefined) => {
    if (target) targets.push(target);
  };
  for (const name of proxyVariables) {
    const value = command.environment?.get(name)?.[0];
    if (value) add(proxyHost(value));
  }
  // `env NAME=value program`, `sudo NAME=value program`: set for the program run.
  for (const word of command.words.slice(1, command.words.length - args.length)) {
    const assignment = /^([A-Za-z_]\w*)=(.+)$/s.exec(word);
    if (assignment && proxyVariables.includes(assignment[1]!)) add(proxyHost(assignment[2]!));
  }
  if (program === 'curl') {
    for (const value of optionValues(
      args,
      ['-x'],
      [
        '--proxy',
        '--preproxy',
        '--socks4',
        '--socks4a',
        '--socks5',
        '--socks5-hostname',
        '--proxy1.0',
      ],
    ))
      add(proxyHost(value));
    if (optionValues(args, ['-K'], ['--config']).includes('-'))
      for (const url of command.stdin?.text?.match(urlPattern) ?? []) add(proxyHost(url));
    // A config line `url = host/path` names a URL without a scheme.
    for (const line of command.stdin?.text?.split('\n') ?? [])
      if (optionValues(args, ['-K'], ['--config']).includes('-')) {
        const value = /^\s*-?-?url\s*[=:]?\s*"?([^"\s]+)/.exec(line)?.[1];
        if (value && !/:\/\//.test(value)) add(proxyHost(value));
      }
  }
  if (program === 'wget') {
    for (const value of optionValues(args, ['-e'], ['--execute'])) {
      const setting = /^\s*(https?_proxy|ftp_proxy)\s*=\s*(\S+)/i.exec(value);
      if (setting) add(proxyHost(setting[2]!));
    }
    if (optionValues(args, ['-i'], ['--input-file']).includes('-'))
      for (const line of command.stdin?.text?.split('\n') ?? [])
        if (line.trim()) add(proxyHost(line.trim()));
  }
  if (program === 'git')
    for (const value of optionValues(args, ['-c'], []))
      if (/^(https?\.)?(proxy|http\.[^=]*\.proxy)=/i.test(value) || /^https?\.proxy=/i.test(value))
        add(proxyHost(value.slice(value.indexOf('=') + 1)));
  if (/^(kcat|kafkacat)$/.test(program) || /^kafka-/.test(program))
    for (const value of optionValues(args, ['-b'], ['--bootstrap-server', '--broker-list']))
      for (const broker of value.split(',')) add(proxyHost(broker));
  // `curl -K file` written earlier is read by moreNetworkTargets; a known stdin file here too.
  if (program === 'curl' && command.stdin?.file)
    for (const url of readKnown(command.stdin.file, command)?.match(urlPattern) ?? [])
      add(proxyHost(url));
  return targets;
}
