import { createHash, timingSafeEqual } from 'node:crypto';

/** The `WWW-Authenticate` value of a 401: a bearer token is what this server takes. */
export const BEARER_CHALLENGE = 'Bearer realm="tinyelf-mcp"';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Whether an `Authorization` header carries this bearer token. The scheme is matched without
 * regard to case (RFC 9110: `bearer` and `BEARER` are `Bearer`); the token is compared in
 * constant time (as digests, so its length does not show either).
 */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^[ \t]*([A-Za-z]+)[ \t]+(\S+)[ \t]*$/.exec(header ?? '');
  if (!match || match[1]!.toLowerCase() !== 'bearer') return false;
  return timingSafeEqual(digest(match[2]!), digest(token));
}
