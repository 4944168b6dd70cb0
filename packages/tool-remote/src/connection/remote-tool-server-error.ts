import { TinyElfError } from '@tinyelf/core';

/**
 * Why talking to a remote tool server failed:
 * - `REMOTE_CONNECTION_FAILED`: the server could not be reached, or the connection dropped during
 *   the call (the worker is gone, the load balancer has no live worker); the next call tries again.
 * - `REMOTE_UNAUTHORIZED`: the server refused the token.
 * - `REMOTE_VERSION_MISMATCH`: the server implements another plugin API or extension version.
 * - `REMOTE_PROTOCOL_ERROR`: the server answered something this plugin cannot use (not a TinyElf
 *   tool server, a JSON-RPC error, a malformed reply).
 */
export type RemoteToolServerErrorCode =
  | 'REMOTE_CONNECTION_FAILED'
  | 'REMOTE_UNAUTHORIZED'
  | 'REMOTE_VERSION_MISMATCH'
  | 'REMOTE_PROTOCOL_ERROR';

const codes: readonly string[] = [
  'REMOTE_CONNECTION_FAILED',
  'REMOTE_UNAUTHORIZED',
  'REMOTE_VERSION_MISMATCH',
  'REMOTE_PROTOCOL_ERROR',
];

/** A failure of the connection to a remote tool server (not of the tool it ran). */
export class RemoteToolServerError extends TinyElfError {
  /** The server's URL. */
  readonly url: string;

  constructor(options: {
    code: RemoteToolServerErrorCode;
    url: string;
    message: string;
    cause?: unknown;
  }) {
    super({ code: options.code, message: options.message, cause: options.cause });
    this.name = 'RemoteToolServerError';
    this.url = options.url;
  }

  /** True for a RemoteToolServerError from any copy of this package. */
  static override isInstance(error: unknown): error is RemoteToolServerError {
    return TinyElfError.isInstance(error) && codes.includes(error.code);
  }
}
