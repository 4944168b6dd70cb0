import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { TinyElfError } from '../errors/tinyelf-error';
import { categorizeAddress } from './ip-address';
import { classifyHost, describeNonPublicHost } from './non-public-host';

/** `dns.lookup` with `{ all: true }`: how the guard resolves host names (injectable for tests). */
export type LookupFunction = typeof dnsLookup;

/** Options of {@link checkUrl}. */
export interface UrlGuardOptions {
  /** Allow private, loopback and link-local addresses (intranets, tests). @default false */
  readonly allowPrivateNetwork?: boolean;
  /** Host names (exact, or `*.suffix`) allowed whatever they resolve to. @default [] */
  readonly allowedHosts?: readonly string[];
  /** The DNS lookup, with the signature of `dns.lookup`. @default dns.lookup */
  readonly lookup?: LookupFunction;
}

/** A URL the guard accepted, with the address to connect to (so DNS cannot change in between). */
export interface CheckedUrl {
  /** The URL, parsed (WHATWG). */
  readonly url: URL;
  /** The checked address to connect to. */
  readonly address: string;
  /** Its IP family. */
  readonly family: 4 | 6;
}

/**
 * The message of a refused URL: `The URL <url> is not allowed: <reason>.` (the reason as
 * {@link describeNonPublicHost} words it, or a scheme refusal).
 */
export function urlBlockedMessage(url: string, reason: string): string {
  return `The URL ${url} is not allowed: ${reason}.`;
}

function blocked(url: string, reason: string): TinyElfError {
  return new TinyElfError({ code: 'URL_BLOCKED', message: urlBlockedMessage(url, reason) });
}

/**
 * Checks a URL before it is fetched: only http and https; the host is resolved and every address
 * it resolves to must be public (loopback, private, link-local, CGNAT, multicast, unspecified,
 * reserved and cloud metadata addresses are refused, in any encoding WHATWG URL accepts:
 * decimal, octal, hex, short forms, IPv4-mapped and NAT64 IPv6), and `localhost` names are refused
 * with or without a trailing dot. Resolves to the address to connect to. Throws a `URL_BLOCKED`
 * TinyElfError otherwise.
 */
export async function checkUrl(
  input: string | URL,
  options: UrlGuardOptions = {},
): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new TinyElfError({
      code: 'INVALID_URL',
      message: `${JSON.stringify(String(input))} is not a valid URL; give an absolute http:// or https:// URL.`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw blocked(
      url.href,
      `only http and https are fetched, not ${url.protocol.replace(/:$/, '')}`,
    );
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const bareName = hostname.toLowerCase().replace(/\.+$/, '');
  const allowedHost = options.allowedHosts?.some((pattern) =>
    pattern.startsWith('*.')
      ? bareName.endsWith(pattern.slice(1))
      : bareName === pattern.toLowerCase(),
  );
  const open = options.allowPrivateNetwork === true || allowedHost === true;
  const byName = isIP(hostname) ? undefined : classifyHost(hostname);
  if (!open && byName) throw blocked(url.href, describeNonPublicHost(byName));

  const addresses = isIP(hostname)
    ? [{ address: hostname, family: isIP(hostname) as 4 | 6 }]
    : await resolve(bareName, options.lookup ?? dnsLookup, url.href);
  if (addresses.length === 0) throw blocked(url.href, `${hostname} did not resolve to any address`);
  if (!open) {
    for (const { address } of addresses) {
      const category = categorizeAddress(address);
      if (!category) continue;
      const found = { host: hostname, canonical: address, address, category };
      throw blocked(url.href, describeNonPublicHost(found, isIP(hostname) ? undefined : hostname));
    }
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

function resolve(
  hostname: string,
  lookup: LookupFunction,
  href: string,
): Promise<{ address: string; family: number }[]> {
  return new Promise((done, fail) => {
    lookup(
      hostname,
      { all: true, verbatim: true },
      (error: NodeJS.ErrnoException | null, addresses: LookupAddress[] | string) => {
        if (error)
          fail(
            new TinyElfError({
              code: 'DNS_FAILED',
              message: `The host of ${href} could not be resolved (${error.code ?? error.message}).`,
              cause: error,
            }),
          );
        else
          done(
            Array.isArray(addresses)
              ? addresses
              : [{ address: addresses, family: isIP(addresses) }],
          );
      },
    );
  });
}
