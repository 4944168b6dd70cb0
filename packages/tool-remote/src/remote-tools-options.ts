import type { JsonSchema } from '@tinyelf/core';

/** Where a remote TinyElf tool server is, and how to reach it: the `remote` section. */
export interface RemoteServerSettings {
  /**
   * The server's MCP endpoint: `http(s)://host:port/mcp`, as `tinyelf mcp serve --http` prints it
   * (or a load balancer in front of several such workers).
   */
  readonly url: string;
  /** The bearer token the server expects (its `TINYELF_MCP_TOKEN`). @default none */
  readonly token?: string;
  /**
   * A workspace id sent as the `x-tinyelf-workspace` header with every request, so that a load
   * balancer routes all of one workspace's calls to one worker. @default none
   */
  readonly workspace?: string;
  /** More headers for every request. @default none */
  readonly headers?: Readonly<Record<string, string>>;
  /** The handshake and tool listing must answer within this time. @default 10_000 */
  readonly connectTimeoutMs?: number;
}

/** Options of {@link createRemoteToolsPlugin}. */
export interface RemoteToolsOptions {
  /**
   * The server. The build configuration's `remote` section, when present, is used instead.
   * @default none: the plugin is ineligible until one is configured
   */
  readonly remote?: RemoteServerSettings;
}

/** The JSON Schema of the `remote` configuration section ({@link RemoteServerSettings}). */
export const REMOTE_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    url: {
      type: 'string',
      pattern: '^https?://',
      description: "The server's MCP endpoint, such as http://10.0.0.5:8080/mcp.",
    },
    token: { type: 'string', minLength: 1, description: 'The bearer token the server expects.' },
    workspace: {
      type: 'string',
      minLength: 1,
      description: 'Sent as the x-tinyelf-workspace header, for sticky routing.',
    },
    headers: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'More headers for every request.',
    },
    connectTimeoutMs: { type: 'integer', minimum: 1, description: 'Handshake time limit.' },
  },
  required: ['url'],
  additionalProperties: false,
};

/** The settings, checked: a clear error for what the schema would refuse. */
export function checkRemoteSettings(settings: unknown): RemoteServerSettings {
  const value = settings as Partial<RemoteServerSettings> | null;
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null)
    throw new TypeError('remote must be an object: { url, token?, workspace?, headers? }.');
  if (typeof value.url !== 'string' || !/^https?:\/\//.test(value.url))
    problems.push(`remote.url must be an http(s) URL, got ${JSON.stringify(value.url)}`);
  else if (!URL.canParse(value.url)) problems.push(`remote.url is not a URL: ${value.url}`);
  if (value.token !== undefined && (typeof value.token !== 'string' || !value.token))
    problems.push('remote.token must be a non-empty string');
  if (value.workspace !== undefined && (typeof value.workspace !== 'string' || !value.workspace))
    problems.push('remote.workspace must be a non-empty string');
  if (
    value.connectTimeoutMs !== undefined &&
    !(Number.isInteger(value.connectTimeoutMs) && value.connectTimeoutMs > 0)
  )
    problems.push('remote.connectTimeoutMs must be a positive integer');
  for (const key of Object.keys(value))
    if (!(key in (REMOTE_CONFIG_SCHEMA.properties as object)))
      problems.push(
        `remote.${key} is not a setting (use url, token, workspace, headers, connectTimeoutMs)`,
      );
  if (problems.length) throw new TypeError(`${problems.join('; ')}.`);
  return { connectTimeoutMs: 10_000, ...value } as RemoteServerSettings;
}
