import type { Finding } from '../finding';
import { isStatic } from '../shell-word';
import type { SimpleCommand } from '../simple-command';
import { urlHost } from './network-targets';
import { type Rule, type RuleContext, warn } from './rule';
import { readKnown } from './script-sources';

/** More commands that print stored secrets: `[program, test of its arguments, what it prints]`. */
const printers: readonly [RegExp, (args: readonly string[]) => boolean, string][] = [
  [
    /^(terraform|tofu)$/,
    (args) => args[0] === 'output' && args.some((arg) => /^-(raw|json)$/.test(arg)),
    'Terraform outputs, sensitive ones included',
  ],
  [/^pulumi$/, (args) => args.includes('--show-secrets'), 'Pulumi secrets'],
  [
    /^(kubectl|oc|k)$/,
    (args) =>
      (args.includes('view') && args.some((arg) => /^--(raw|flatten)(=true)?$/.test(arg))) ||
      (args[0] === 'create' && args[1] === 'token') ||
      (args[0] === 'whoami' && args.some((arg) => /^(-t|--show-token)$/.test(arg))),
    'cluster credentials',
  ],
  [
    /^minikube$/,
    (args) =>
      args[0] === 'kubectl' &&
      args.includes('view') &&
      args.some((arg) => /^--(raw|flatten)/.test(arg)),
    'cluster credentials',
  ],
  [/^doctl$/, (args) => args[0] === 'auth' && args[1] === 'token', 'the DigitalOcean token'],
  [/^(fly|flyctl)$/, (args) => args[0] === 'auth' && args[1] === 'token', 'the Fly.io token'],
  [
    /^gcloud$/,
    (args) => args[0] === 'config' && args[1] === 'config-helper',
    'a Google Cloud token',
  ],
  [/^keyctl$/, (args) => /^(print|pipe|read)$/.test(args[0] ?? ''), 'a kernel keyring secret'],
  [/^argocd$/, (args) => args[0] === 'account' && args[1] === 'generate-token', 'an Argo CD token'],
  [/^vault$/, (args) => args[0] === 'print' && args[1] === 'token', 'the Vault token'],
  [
    /^npm$/,
    (args) => args[0] === 'config' && args[1] === 'get' && /auth|token/i.test(args[2] ?? ''),
    'the npm token',
  ],
];

/** Environment variables named like secrets. */
const secretVariable =
  /\$\{?([A-Za-z_]*(?:TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)[A-Za-z0-9_]*|[A-Z][A-Z0-9_]*_KEY)\b/;

/** The services a token is for, by its variable's name: sending it there is ordinary. */
const ownHosts: [RegExp, RegExp][] = [
  [/^(GH|GITHUB)_/, /(^|\.)(github\.com|githubusercontent\.com|ghcr\.io)$/],
  [/^NPM_/, /(^|\.)(npmjs\.org|npmjs\.com)$/],
  [/^ANTHROPIC_/, /(^|\.)anthropic\.com$/],
  [/^OPENAI_/, /(^|\.)openai\.com$/],
  [/^AWS_/, /(^|\.)amazonaws\.com$/],
  [/^GITLAB_|^CI_JOB_TOKEN$/, /(^|\.)gitlab\.com$/],
  [/^(HF|HUGGING_?FACE)_/, /(^|\.)huggingface\.co$/],
  [/^SLACK_/, /(^|\.)slack\.com$/],
  [/^CLOUDFLARE_|^CF_/, /(^|\.)cloudflare\.com$/],
];

const senders = /^(curl|wget|nc|ncat|netcat|socat|http|https|xh|telnet|openssl|ssh|scp|aria2c)$/;

function hostsOf(args: readonly string[]): string[] {
  return args.flatMap((arg) => {
    const match = /^[a-z][a-z0-9+.-]*:\/\/[^\s]*$/i.exec(arg);
    const host = match ? urlHost(arg) : undefined;
    return host ? [host] : [];
  });
}

/** A secret-named variable sent to the network, unless every host is that secret's own service. */
function sentSecrets(program: string, args: readonly string[], command: SimpleCommand): Finding[] {
  if (!senders.test(program)) return [];
  const texts = [command.text];
  for (
    let producer = command.stdin?.producer, hop = 0;
    producer && hop < 4;
    producer = producer.stdin?.producer, hop++
  )
    texts.push(producer.text);
  const name = texts.map((text) => secretVariable.exec(text)?.[1]).find(Boolean);
  if (!name) return [];
  const hosts = hostsOf(args);
  const own = ownHosts.find(([pattern]) => pattern.test(name))?.[1];
  if (own && hosts.length && hosts.every((host) => own.test(host))) return [];
  return [
    warn(
      'secret-output',
      `${program} sends $${name}, a secret from the environment, over the network.`,
    ),
  ];
}

/** Names of files that hold secrets wherever they are (the workspace's `.env` included). */
const secretFileName =
  /^(\.env(\.(?!example$|sample$|template$|dist$|defaults$)[\w.-]+)?|id_(rsa|dsa|ecdsa|ed25519)|.*\.(pem|key|p12|pfx|keystore|jks)|credentials(\.json)?|\.netrc|\.npmrc|\.pypirc|secrets?\.(json|ya?ml|toml|env))$/;

/** A file with a secret's name uploaded by a network program (`curl -T .env`, `-F f=@.env`, `-d @.env`). */
function uploadedSecrets(program: string, args: readonly string[]): Finding[] {
  if (!senders.test(program)) return [];
  const files: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (/^(-T|--upload-file|--post-file|--body-file)$/.test(arg)) files.push(args[index + 1] ?? '');
    else if (/^--(upload-file|post-file|body-file)=/.test(arg))
      files.push(arg.slice(arg.indexOf('=') + 1));
    for (const match of arg.matchAll(/(?:^|=|[;,])[<@]([^;,\s]+)/g)) files.push(match[1]!);
  }
  const secret = files.find((file) => secretFileName.test(file.replace(/^.*\//, '')));
  return secret
    ? [warn('secret-file', `${program} uploads ${secret}, a file that holds secrets.`)]
    : [];
}

/** Paths named in a list a program reads its file names from (`tar -T`, `zip -@`, `cpio -o`, `rsync --files-from`). */
function listedNames(program: string, args: readonly string[], command: SimpleCommand): string[] {
  const lists: (string | undefined)[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const value = (names: RegExp) => {
      const attached = /^--[\w-]+=(.*)$/s.exec(arg)?.[1];
      if (names.test(arg.replace(/=.*$/s, ''))) lists.push(attached ?? args[++index]);
    };
    if (/^(tar|bsdtar)$/.test(program)) value(/^(-T|--files-from)$/);
    if (program === 'rsync') value(/^--(files-from|include-from)$/);
    if (/^(du|wc)$/.test(program) && program === 'du') value(/^--files0-from$/);
  }
  if (
    (program === 'zip' && args.includes('-@')) ||
    (program === 'cpio' && args.some((arg) => /^-[a-zA-Z]*o/.test(arg) || arg === '--create'))
  )
    lists.push('-');
  const names: string[] = [];
  for (const list of lists) {
    const text =
      list === '-' || list === '/dev/stdin'
        ? command.stdin?.text
        : list === undefined
          ? undefined
          : readKnown(list, command);
    if (text !== undefined)
      names.push(
        ...text
          .split(/[\n\0]/)
          .map((name) => name.trim())
          .filter(Boolean),
      );
  }
  return names;
}

/** Literal paths that code in a tool's own language reads (gawk getline, SQL readfile, sed r/R, vim :r). */
function codeReads(
  program: string,
  args: readonly string[],
): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  const code = args.join('\n');
  const home = (text: string) => text.replace(/ENVIRON\s*\[\s*"HOME"\s*\]\s*"/g, '"~');
  if (/^(g|m|n)?awk$/.test(program))
    for (const match of home(code).matchAll(/getline\b[^<\n]*<\s*\(?\s*"([^"]+)"/g))
      reads.push(match[1]!);
  if (/^(sqlite3?|duckdb)$/.test(program)) {
    for (const match of code.matchAll(
      /\b(?:readfile|read_text|read_blob|read_csv(?:_auto)?|read_json(?:_auto)?|read_parquet|load_extension)\s*\(\s*'([^']+)'/gi,
    ))
      reads.push(match[1]!);
    for (const match of code.matchAll(
      /^\s*\.(?:import|read|open|restore)\s+(?:--?\w+\s+)*('?)([^\s']+)\1/gm,
    ))
      reads.push(match[2]!);
    for (const match of code.matchAll(
      /^\s*\.(?:output|once|save|backup)\s+('?)([^\s']+)\1|\bVACUUM\s+INTO\s+'([^']+)'|\bwritefile\s*\(\s*'([^']+)'/gim,
    ))
      writes.push((match[2] ?? match[3] ?? match[4])!);
  }
  if (/^g?sed$/.test(program))
    for (const match of code.matchAll(/(?:^|[;{\n]|\/|\d)\s*[rR]\s+(\S+)/g)) reads.push(match[1]!);
  if (/^(vim?|nvim|ex|view)$/.test(program))
    for (const arg of args) {
      const command = arg.replace(/^[+]|^-c$/, '');
      const read = /^\s*:?\s*r(?:ead)?!?\s+(?!!)(\S+)/.exec(command)?.[1];
      if (read) reads.push(read);
      const write = /^\s*:?\s*(?:[%.$\d,]*)\s*(?:w(?:rite)?|sav(?:eas)?)!?\s+(?!!)(\S+)/.exec(
        command,
      )?.[1];
      if (write) writes.push(write);
    }
  return { reads, writes };
}

function quote(path: string): string {
  // `~/x` stays unquoted at its start so that bash's tilde expansion applies.
  const tilde = path.startsWith('~/') ? '~/' : '';
  return `${tilde}'${path.slice(tilde.length).replaceAll("'", `'\\''`)}'`;
}

function judged(script: string, command: SimpleCommand, context: RuleContext): readonly Finding[] {
  return context.classifyNested(script, command.cwd);
}

/**
 * Secrets read or sent without a path on the command line: more programs that print stored
 * secrets, secret-named environment variables sent over the network (`curl -d "$GITHUB_TOKEN"
 * https://elsewhere`), file lists (`tar -T`, `zip -@`, `cpio -o`, `rsync --files-from`), and
 * files that code in a tool's own language reads or writes (awk `getline < "..."`, SQLite
 * `readfile()`/`.import`/`.output`/`VACUUM INTO`, DuckDB `read_text()`, sed `r`, vim `:r`/`:w`),
 * each judged as `cat PATH` (or a write to PATH) would be.
 */
export const secretSourceRule: Rule = ({ program, args, command }, context) => {
  const findings: Finding[] = [];
  for (const [name, test, what] of printers)
    if (name.test(program) && test(args)) {
      findings.push(warn('secret-output', `${program} prints ${what}.`));
      break;
    }
  findings.push(...sentSecrets(program, args, command), ...uploadedSecrets(program, args));
  // Another user's or session's ssh agent: its keys sign for this command.
  const agent = command.environment?.get('SSH_AUTH_SOCK')?.[0];
  if (agent && isStatic(agent) && /^(ssh|scp|sftp|git|rsync|ssh-add)$/.test(program))
    findings.push(
      warn('secret-output', `${program} uses the ssh agent at ${agent}, and the keys it holds.`),
    );
  const { reads, writes } = codeReads(program, args);
  for (const path of [...listedNames(program, args, command), ...reads].slice(0, 16))
    if (isStatic(path)) findings.push(...judged(`cat -- ${quote(path)}`, command, context));
  for (const path of writes.slice(0, 8))
    if (isStatic(path)) findings.push(...judged(`: > ${quote(path)}`, command, context));
  return findings;
};
