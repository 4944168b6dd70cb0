import type { Finding } from '../finding';
import { type Rule, warn } from './rule';

/** Commands that print a stored secret, as `[program, test of its arguments, what it prints]`. */
const secretPrinters: readonly [RegExp, (args: readonly string[]) => boolean, string][] = [
  [
    /^gpg2?$/,
    // gpg takes any unambiguous prefix of a long option (`--export-secret-k`).
    (args) =>
      args.some(
        (arg) =>
          arg.length >= 11 &&
          ['--export-secret-keys', '--export-secret-subkeys', '--export-secret-ssh-key'].some(
            (option) => option.startsWith(arg.replace(/=.*$/, '')),
          ),
      ),
    'private keys',
  ],
  [
    /^security$/,
    (args) => /^find-(generic|internet)-password$/.test(args[0] ?? ''),
    'a keychain password',
  ],
  [/^secret-tool$/, (args) => args[0] === 'lookup', 'a keyring secret'],
  [
    /^gh$/,
    (args) =>
      args[0] === 'auth' &&
      (args[1] === 'token' || args.includes('--show-token') || args.includes('-t')),
    'the GitHub token',
  ],
  [
    /^glab$/,
    (args) => args[0] === 'auth' && (args.includes('--show-token') || args.includes('-t')),
    'the GitLab token',
  ],
  [
    /^docker-credential-.+$/,
    (args) => args[0] === 'get' || args[0] === 'list',
    'registry credentials',
  ],
  [
    /^(bw|rbw|lpass|keeper|bws)$/,
    (args) => /^(get|show|export|secret)$/.test(args[0] ?? ''),
    'a vault secret',
  ],
  [
    /^(sops|age|ansible-vault)$/,
    (args) => args.some((arg) => /^(-d|--decrypt|decrypt|view)$/.test(arg)),
    'decrypted secrets',
  ],
  [
    /^vault$/,
    (args) => args[0] === 'read' || (args[0] === 'kv' && args[1] === 'get'),
    'a Vault secret',
  ],
  [
    /^op$/,
    (args) => args[0] === 'read' || (args[0] === 'item' && args[1] === 'get'),
    'a 1Password secret',
  ],
  [/^pass$/, (args) => args[0] === 'show', 'a password-store entry'],
  [
    /^git$/,
    (args) =>
      args.some((arg) =>
        /^credential(-store|-cache|-osxkeychain|-libsecret|-manager(-core)?)?$/.test(arg),
      ) && args.some((arg) => arg === 'fill' || arg === 'get'),
    'stored git credentials',
  ],
  [
    /^git$/,
    (args) =>
      args.includes('--get-regexp') && args.some((arg) => /credential|token|password/i.test(arg)),
    'credential settings',
  ],
  [
    /^kubectl$/,
    (args) =>
      (args.includes('view') && args.includes('--raw')) ||
      (args[0] === 'get' && /^secrets?$/.test(args[1] ?? '')),
    'cluster credentials or secrets',
  ],
  [
    /^aws$/,
    (args) =>
      (args[0] === 'configure' && args[1] === 'get') ||
      (args[0] === 'secretsmanager' && args[1] === 'get-secret-value') ||
      args.includes('--with-decryption') ||
      (args[0] === 'sts' &&
        /^(get-session-token|assume-role.*|get-federation-token)$/.test(args[1] ?? '')) ||
      (args[0] === 'configure' && args[1] === 'export-credentials') ||
      /^get-(login-password|authorization-token|login)$/.test(args[1] ?? '') ||
      (args[0] === 'ssm' &&
        /^get-parameters?(-by-path)?$/.test(args[1] ?? '') &&
        args.includes('--with-decryption')) ||
      (args[0] === 'iam' && args[1] === 'create-access-key'),
    'AWS credentials or secrets',
  ],
  [
    /^gcloud$/,
    (args) =>
      (args[0] === 'auth' &&
        /^(print-(access|identity)-token|application-default)$/.test(args[1] ?? '')) ||
      (args[0] === 'secrets' && args[1] === 'versions' && args[2] === 'access') ||
      (args[0] === 'iam' &&
        args[1] === 'service-accounts' &&
        args[2] === 'keys' &&
        args[3] === 'create'),
    'a Google Cloud token',
  ],
  [
    /^az$/,
    (args) =>
      (args[0] === 'account' && args[1] === 'get-access-token') ||
      (args[0] === 'keyvault' &&
        /^(secret|key|certificate)$/.test(args[1] ?? '') &&
        /^(show|download|backup)$/.test(args[2] ?? '')) ||
      (args.includes('keys') &&
        args.includes('list') &&
        /^(storage|cognitiveservices|cosmosdb|redis)$/.test(args[0] ?? '')),
    'an Azure token or secret',
  ],
  [/^heroku$/, (args) => args[0] === 'auth:token', 'the Heroku token'],
  [/^doppler$/, (args) => args[0] === 'secrets', 'Doppler secrets'],
];

const environmentDumps = /^(env|printenv|set|export|declare|typeset)$/;
const senders = /^(curl|wget|nc|ncat|netcat|socat|ssh|scp|http|https|xh|telnet|openssl)$/;
const secretName =
  /\$\{?[A-Za-z_]*(?:TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)|printenv\s+[A-Za-z_]*(?:TOKEN|SECRET|PASSW|KEY|CREDENTIAL)/i;
const secretVariable =
  /(?:https?|wss?|ftp):\/\/[^\s'"]*\$\{?([A-Za-z_]*(?:TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?|AUTH)[A-Za-z0-9_]*)/i;

/** Programs that print the variables they are given (`echo $X`, `printenv X`, `declare -p X`). */
const printers = /^(echo|printf|print|printenv|declare|typeset|export)$/;
/** A variable named as a secret: `$AWS_SECRET_ACCESS_KEY`, `${GITHUB_TOKEN}`, `printenv DB_PASSWORD`. */
const printedName =
  /(?:\$\{?!?|printenv\s+(?:-\S+\s+)*|-p\s+)([A-Za-z_][A-Za-z0-9_]*(?:TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?|SESSION_KEY)[A-Za-z0-9_]*|(?:TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|PRIVATE_KEY|CREDENTIALS?)[A-Za-z0-9_]*)/gi;

/**
 * The secret-named variable a printing command shows, if any: names that identify rather than
 * hold a secret (`AWS_ACCESS_KEY_ID`, `*_TOKEN_FILE`, `*_SECRET_NAME`) are not secrets.
 */
function printedSecret(text: string): string | undefined {
  for (const match of text.matchAll(printedName)) {
    const name = match[1]!;
    if (
      !/_(ID|FILE|PATH|URL|URI|NAME|TYPE|DIR|ARN|REGION|HEADER|LENGTH|TTL|EXPIRY|EXPIRES(_AT)?)$/i.test(
        name,
      )
    )
      return name;
  }
  return undefined;
}

/**
 * Commands that print stored secrets (`gh auth token`, `gpg --export-secret-keys`, `security
 * find-generic-password`, `vault read`, `aws configure get`, `kubectl get secret`, ...), the
 * environment piped to a network program (`env | curl -d @- ...`), and secret variables put into a
 * URL (`curl "https://x/?t=$GITHUB_TOKEN"`, logged by every server and proxy on the way, as
 * WebFetch warns for secret-shaped URL values).
 */
export const secretOutputRule: Rule = ({ program, args, command }) => {
  const findings: Finding[] = [];
  for (const [name, test, what] of secretPrinters)
    if (name.test(program) && test(args)) {
      findings.push(warn('secret-output', `${program} prints ${what}.`));
      break;
    }
  // BSD-style `ps e` (`ps auxeww`) prints every process's environment.
  if (program === 'ps' && args.some((arg) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(arg)))
    findings.push(
      warn('secret-output', 'ps e prints the environment of every process, where API keys live.'),
    );
  const printed = printers.test(program) ? printedSecret(command.text) : undefined;
  if (printed)
    findings.push(
      warn('secret-output', `${program} prints $${printed}, a secret from the environment.`),
    );
  const dns = /^(dig|kdig|drill|nslookup|host|delv|resolvectl)$/.test(program);
  if (senders.test(program) || dns) {
    // The environment, through a pipe (also behind encoders: `env | base64 | curl`) or a
    // substitution (`curl -d "$(env)"`, `dig "$(printenv SECRET).example"`).
    let producer = command.stdin?.producer;
    for (
      let hop = 0;
      hop < 4 && producer && !environmentDumps.test(producer.words[0]?.replace(/^.*\//, '') ?? '');
      hop++
    )
      producer = producer.stdin?.producer;
    const [dump, ...dumpArgs] = producer?.words ?? [];
    const substituted =
      /\$\(\s*(env|printenv|set|export\s+-p|declare\s+-x|typeset\s+-x|compgen\s+-e)\s*[)|]/.test(
        command.text,
      ) ||
      (dns && secretName.test(command.text));
    if (substituted)
      findings.push(
        warn(
          'secret-output',
          `${program} sends the environment or a secret variable, where API keys live.`,
        ),
      );
    else if (
      dump &&
      environmentDumps.test(dump.replace(/^.*\//, '')) &&
      (dump.endsWith('env') ? dumpArgs.length === 0 : dumpArgs.every((arg) => arg.startsWith('-')))
    )
      findings.push(
        warn('secret-output', `${program} sends the environment (${dump}), where API keys live.`),
      );
    const variable = secretVariable.exec(command.text)?.[1];
    if (variable)
      findings.push(
        warn(
          'secret-in-url',
          `${program} puts $${variable} into a URL, where servers and proxies on the way log it.`,
        ),
      );
  }
  return findings;
};
