import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** What is kept per server: the client registration, the tokens, and the flow in progress. */
export interface StoredOAuthState {
  /** The server URL the state belongs to; another URL under the same id starts afresh. */
  readonly serverUrl: string;
  /** The redirect URL the client was registered with. */
  redirectUrl?: string;
  /** The client registration (dynamic or configured), as the SDK saved it. */
  clientInformation?: OAuthClientInformationMixed;
  /** The tokens, as the SDK saved them. */
  tokens?: OAuthTokens;
  /** When the access token expires (ms since the epoch), when the server said. */
  expiresAt?: number;
  /** The PKCE verifier of the authorization in progress. */
  codeVerifier?: string;
}

/** The folder of the token files: the TINYELF_MCP_OAUTH_DIR environment variable, else ~/.tinyelf/mcp-oauth. */
export function defaultOAuthDirectory(): string {
  return process.env.TINYELF_MCP_OAUTH_DIR || join(homedir(), '.tinyelf', 'mcp-oauth');
}

/**
 * One server's OAuth state in `<directory>/<server>.json`: the folder is created `0700`, the file
 * written `0600` (a temporary file renamed over it, so a crash never leaves half a file).
 */
export class OAuthTokenStore {
  /** The file's path. */
  readonly path: string;

  constructor(
    private readonly directory: string,
    serverId: string,
    private readonly serverUrl: string,
  ) {
    this.path = join(directory, `${serverId}.json`);
  }

  /** The stored state, or a fresh one when there is none or it is for another URL. */
  async read(): Promise<StoredOAuthState> {
    try {
      const state = JSON.parse(await readFile(this.path, 'utf8')) as StoredOAuthState;
      if (state.serverUrl === this.serverUrl) return state;
    } catch {
      // No file yet, or an unreadable one: start afresh.
    }
    return { serverUrl: this.serverUrl };
  }

  /** Writes the state, readable by the user only. */
  async write(state: StoredOAuthState): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.path);
  }

  /** Deletes the file; resolves to whether there was one. */
  async delete(): Promise<boolean> {
    try {
      await readFile(this.path);
    } catch {
      return false;
    }
    await rm(this.path, { force: true });
    return true;
  }
}
