import { canonicalHost } from '../network/host-spelling';
import type { ToolPermissionSpecifiers } from './tool-permission-specifiers';

/** The WebFetch syntax, for error messages. */
export const DOMAIN_SPECIFIER_SYNTAX =
  '`domain:example.com` (the host and its subdomains; no scheme, port, path or wildcard)';

function domainOf(specifier: string): string | undefined {
  if (!specifier.startsWith('domain:')) return undefined;
  const name = specifier.slice('domain:'.length).trim();
  if (name === '' || /[/:*?#@\s]/.test(name.replace(/^\[.*\]$/, ''))) return undefined;
  try {
    return canonicalHost(new URL(`http://${name}`).hostname);
  } catch {
    return undefined;
  }
}

function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  for (const text of [url, `https://${url}`]) {
    try {
      const parsed = new URL(text);
      if (parsed.hostname) return canonicalHost(parsed.hostname);
    } catch {}
  }
  return undefined;
}

/**
 * WebFetch's specifier: `domain:example.com` matches a `url` whose host is example.com or one of
 * its subdomains (`docs.example.com`), compared in canonical form (lower case, trailing dot and
 * IPv4 spellings normalised, names in punycode). A URL that cannot be read matches deny and ask
 * rules and no allow rule.
 */
export const domainSpecifiers: ToolPermissionSpecifiers = {
  syntax: DOMAIN_SPECIFIER_SYNTAX,
  problem: (specifier) =>
    domainOf(specifier) === undefined
      ? `WebFetch rules take ${DOMAIN_SPECIFIER_SYNTAX}`
      : undefined,
  match(params, specifiers, kind) {
    const host = hostOf(params.url);
    if (host === undefined) return kind === 'allow' ? [] : specifiers.slice(0, 1);
    return specifiers.filter((specifier) => {
      const domain = domainOf(specifier);
      return domain !== undefined && (host === domain || host.endsWith(`.${domain}`));
    });
  },
  suggest(params) {
    const host = hostOf(params.url);
    return host === undefined ? [] : [`domain:${host}`];
  },
};
