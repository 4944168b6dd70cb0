import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { TinyElfError } from '../errors/tinyelf-error';
import { type CheckedUrl, checkUrl, type UrlGuardOptions } from './url-guard';

/**
 * Where to open the connection for a checked URL. The default connects to the checked address
 * itself; tests point public addresses at a loopback server.
 */
export type ConnectFunction = (target: {
  /** The URL's host name (the TLS server name and Host header stay this). */
  hostname: string;
  /** The address the guard checked. */
  address: string;
  /** Its IP family. */
  family: 4 | 6;
  /** The URL's port. */
  port: number;
  /** The URL's scheme, `http:` or `https:`. */
  protocol: string;
}) => {
  /** The address to connect to. */
  address: string;
  /** The port to connect to. */
  port: number;
  /** Whether to speak TLS. */
  protocol: 'http:' | 'https:';
};

/** Options of {@link fetchGuarded}. */
export interface GuardedFetchOptions {
  /** How every hop's URL is checked (private networks, allowed hosts, DNS lookup). */
  readonly guard: UrlGuardOptions;
  /** The whole fetch, redirects included. @default 30_000 */
  readonly timeoutMs?: number;
  /** Body bytes kept (decoded, when decoding); the rest is cut off while streaming. @default 5 MB */
  readonly maxBytes?: number;
  /** Redirects followed at most; each one is checked like the first URL. @default 10 */
  readonly maxRedirects?: number;
  /** The `User-Agent` header sent. */
  readonly userAgent: string;
  /** The `Accept` header sent. @default '*\/*' */
  readonly accept?: string;
  /**
   * Ask for and decode gzip, deflate and br bodies. Turn it off for files whose bytes matter
   * (archives checked against a digest). @default true
   */
  readonly decode?: boolean;
  /** Where to open the connection for a checked address (a test seam). @default the checked address */
  readonly connect?: ConnectFunction;
  /** Cancels the fetch. */
  readonly signal?: AbortSignal;
  /**
   * Told as the final response's body arrives, once per chunk: the bytes received so far (as sent,
   * before decoding) and the `Content-Length`, when the server sent one.
   */
  readonly onBodyProgress?: (received: number, total?: number) => void;
}

/** A response fetched by {@link fetchGuarded}. */
export interface GuardedResponse {
  /** The URL of the last hop (after redirects). */
  readonly finalUrl: string;
  /** Its HTTP status. */
  readonly status: number;
  /** Its headers. */
  readonly headers: IncomingHttpHeaders;
  /** The body (decoded when `decode` is on), at most `maxBytes`. */
  readonly body: Buffer;
  /** The body was longer than `maxBytes` and was cut. */
  readonly truncated: boolean;
}

/**
 * Fetches a URL with every hop checked by the URL guard and connected to the address the guard
 * checked (no second DNS lookup, so no rebinding), redirects followed by hand, the body decoded
 * (gzip, deflate, br) and capped while it streams, and one deadline for the whole fetch.
 */
export async function fetchGuarded(
  input: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const maxRedirects = options.maxRedirects ?? 10;
  let current = input;
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const checked = await checkUrl(current, options.guard);
      const response = await open(checked, options, signal);
      const location = response.headers.location;
      if (
        response.statusCode &&
        [301, 302, 303, 307, 308].includes(response.statusCode) &&
        location
      ) {
        response.destroy();
        current = new URL(location, checked.url).href;
        continue;
      }
      const { body, truncated } = await readBody(
        response,
        options.maxBytes ?? 5 * 1024 * 1024,
        signal,
        options.decode !== false,
        options.onBodyProgress,
      );
      return {
        finalUrl: checked.url.href,
        status: response.statusCode ?? 0,
        headers: response.headers,
        body,
        truncated,
      };
    }
  } catch (error) {
    if (deadline.aborted)
      throw new TinyElfError({
        code: 'TOOL_TIMEOUT',
        message: `Fetching ${input} took longer than ${timeoutMs / 1000} s and was stopped.`,
        cause: error,
      });
    if (options.signal?.aborted)
      throw new TinyElfError({
        code: 'TOOL_ABORTED',
        message: `Fetching ${input} was aborted.`,
        cause: error,
      });
    throw error;
  }
  throw new TinyElfError({
    code: 'TOO_MANY_REDIRECTS',
    message: `${input} redirected more than ${maxRedirects} times; the chain was not followed further.`,
  });
}

function open(
  checked: CheckedUrl,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { url } = checked;
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const target = options.connect?.({
    hostname: url.hostname,
    address: checked.address,
    family: checked.family,
    port,
    protocol: url.protocol,
  }) ?? {
    address: checked.address,
    port,
    protocol: url.protocol as 'http:' | 'https:',
  };
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: target.address.replace(/^\[|\]$/g, ''),
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      servername: url.hostname.replace(/^\[|\]$/g, ''),
      headers: {
        host: url.host,
        'user-agent': options.userAgent,
        accept: options.accept ?? '*/*',
        'accept-encoding': options.decode === false ? 'identity' : 'gzip, deflate, br',
      },
      signal,
    });
    outgoing.on('response', resolve);
    outgoing.on('error', (error) =>
      reject(
        signal.aborted
          ? error
          : new TinyElfError({
              code: 'FETCH_FAILED',
              message: `Could not fetch ${url.href}: ${(error as NodeJS.ErrnoException).code ?? error.message}.`,
              cause: error,
            }),
      ),
    );
    outgoing.end();
  });
}

function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  decode: boolean,
  report: GuardedFetchOptions['onBodyProgress'],
): Promise<{ body: Buffer; truncated: boolean }> {
  const encoding = decode ? String(response.headers['content-encoding'] ?? '').toLowerCase() : '';
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  const stream = decoder ? response.pipe(decoder) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      response.destroy();
      decoder?.destroy();
      resolve({ body: Buffer.concat(chunks), truncated });
    };
    const onAbort = () => {
      if (done) return;
      done = true;
      response.destroy();
      decoder?.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - size;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    if (report) {
      const length = Number(response.headers['content-length']);
      const total = Number.isFinite(length) && length >= 0 ? length : undefined;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (!done) report(received, total);
      });
    }
    stream.on('end', () => finish(false));
    stream.on('error', (error) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      reject(
        new TinyElfError({
          code: 'FETCH_FAILED',
          message: `The response could not be read: ${error.message}.`,
          cause: error,
        }),
      );
    });
  });
}
