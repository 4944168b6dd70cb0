import type { IncomingHttpHeaders } from 'node:http';

/** The host names every server accepts in `Host` and `Origin`: the loopback names. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What {@link createRequestOriginGuard} accepts besides the loopback names. */
export interface RequestOriginGuardOptions {
  /** The address the server is bound to (accepted unless it is `0.0.0.0` or `::`). */
  readonly boundAddress: string;
  /** More host names (`mcp.example.com`, `10.0.0.5`, `[fd00::1]`), accepted in `Host` and `Origin`. */
  readonly allowedHosts?: readonly string[];
  /** More origins, exactly (`https://app.example.com`), accepted in `Origin`. */
  readonly allowedOrigins?: readonly string[];
}

/** A host name as `URL` spells it: lower case, IPv6 in brackets. */
function normalizeHostname(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** The host name of a `Host` header (`name`, `name:port`, `[v6]:port`), or undefined when it is malformed. */
function hostnameOf(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
      return undefined;
    return url.hostname;
  } catch {
    return undefined;
  }
}

/**
 * Protection against DNS rebinding and cross-site requests: returns a check of a request's
 * headers that gives the reason to refuse it (answered 403), or undefined to let it through. The
 * `Host` header must name an allowed host (the loopback names, the bound address, `allowedHosts`);
 * an `Origin` header, when a browser sends one, must be an allowed host's origin or one of
 * `allowedOrigins`; `Origin: null` (a sandboxed page, a file, a redirect) is refused.
 */
export function createRequestOriginGuard(
  options: RequestOriginGuardOptions,
): (headers: IncomingHttpHeaders) => string | undefined {
  const hostnames = new Set([
    ...LOOPBACK_HOSTNAMES,
    ...(options.allowedHosts ?? []).map(normalizeHostname),
  ]);
  const bound = normalizeHostname(options.boundAddress);
  if (bound !== '0.0.0.0' && bound !== '[::]') hostnames.add(bound);
  const origins = new Set(
    (options.allowedOrigins ?? []).map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        return origin;
      }
    }),
  );
  return (headers) => {
    const host = headers.host === undefined ? undefined : hostnameOf(headers.host);
    if (host === undefined || !hostnames.has(host))
      return `The Host header "${headers.host ?? ''}" is not allowed: this server answers ${[...hostnames].join(', ')} (add names with allowedHosts).`;
    const origin = headers.origin;
    if (origin === undefined) return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    const allowed =
      parsed !== undefined &&
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      (origins.has(parsed.origin) || hostnames.has(parsed.hostname));
    return allowed
      ? undefined
      : `The Origin "${origin}" is not allowed: only pages served from ${[...hostnames].join(', ')} may call this server (add origins with allowedOrigins).`;
  };
}
