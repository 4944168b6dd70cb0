import type { SensitivePathEntry } from './sensitive-path-entry';

/**
 * Files that hold secrets of the user or the machine: ssh and signing keys, cloud, registry and
 * git credentials, tokens of CLIs and coding agents, password stores, browser profiles, shell
 * histories, `.env` files of other projects, `/etc/shadow`, process environments, container and
 * Kubernetes secrets. Reading one from outside the workspace (or sending it anywhere) is a
 * warning.
 */
export const SECRET_FILES: readonly SensitivePathEntry[] = [
  {
    rule: 'ssh-key',
    kind: 'holds-secrets',
    patterns: [
      '.ssh/id_*',
      '.ssh/*.pem',
      '.ssh/*_key',
      '.ssh/*.key',
      '/etc/ssh/ssh_host_*_key',
      '/etc/ssl/private/**',
    ],
    except: ['*.pub'],
    reason: 'a private key',
  },
  {
    rule: 'cloud-credentials',
    kind: 'holds-secrets',
    patterns: [
      '.aws/credentials',
      '.aws/config',
      '.aws/sso/**',
      '.aws/cli/**',
      '.config/gcloud/**',
      '.azure/**',
      '.kube/config',
      '.kube/**',
      '.docker/config.json',
      '.oci/**',
      '.s3cfg',
      '.boto',
      '.config/rclone/rclone.conf',
      '.terraform.d/credentials.tfrc.json',
      '.vault-token',
      '/var/run/secrets/**',
      '/run/secrets/**',
    ],
    reason: 'cloud, cluster or container credentials',
  },
  {
    rule: 'registry-credentials',
    kind: 'holds-secrets',
    patterns: [
      '.netrc',
      '_netrc',
      '.npmrc',
      '.yarnrc.yml',
      '.pypirc',
      '.git-credentials',
      '.config/git/credentials',
      '.config/gh/hosts.yml',
      '.config/hub',
      '.cargo/credentials',
      '.cargo/credentials.toml',
      '.gem/credentials',
      '.m2/settings.xml',
      '.m2/settings-security.xml',
      '.gradle/gradle.properties',
      '.pgpass',
      '.my.cnf',
    ],
    reason: 'package-registry, git or database credentials',
  },
  {
    rule: 'agent-credentials',
    kind: 'holds-secrets',
    patterns: [
      '.claude/.credentials.json',
      '.codex/auth.json',
      '.gemini/oauth_creds.json',
      '.config/tinyelf/**',
    ],
    reason: "a coding agent's tokens",
  },
  {
    rule: 'key-store',
    kind: 'holds-secrets',
    patterns: [
      '.gnupg/**',
      '.password-store/**',
      '.local/share/keyrings/**',
      'Library/Keychains/**',
      '.config/op/**',
      '.mozilla/**',
      '.config/google-chrome/**',
      '.config/chromium/**',
      '.config/BraveSoftware/**',
      'Library/Application Support/Google/Chrome/**',
    ],
    reason: 'a key store, password store or browser profile',
  },
  {
    rule: 'shell-history',
    kind: 'holds-secrets',
    patterns: [
      '.bash_history',
      '.zsh_history',
      '.history',
      '.python_history',
      '.node_repl_history',
      '.psql_history',
      '.mysql_history',
      '.local/share/fish/fish_history',
    ],
    reason: 'a command history, where typed secrets end up',
  },
  {
    rule: 'environment-file',
    kind: 'holds-secrets',
    patterns: ['.env', '.env.*', '/proc/*/environ', '/proc/*/task/*/environ'],
    except: ['.env.example', '.env.sample', '.env.template', '.env.dist'],
    reason: 'environment variables, where API keys live',
  },
  {
    rule: 'system-secrets',
    kind: 'holds-secrets',
    patterns: ['/etc/shadow', '/etc/gshadow', '/etc/shadow-', '/etc/sudoers', '/etc/sudoers.d/**'],
    reason: 'password hashes or privilege rules of the system',
  },
];
