import type { RiskWarning } from '@tinyelf/core';

/** Known token formats: the prefixes and shapes providers give their secrets. */
const secretPatterns: readonly [RegExp, string][] = [
  [/\b(AKIA|ASIA)[0-9A-Z]{16}\b/, 'an AWS access key id'],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}\b/, 'a GitHub token'],
  [/\bgithub_pat_[A-Za-z0-9_]{40,}\b/, 'a GitHub token'],
  [/\bglpat-[A-Za-z0-9_-]{20,}\b/, 'a GitLab token'],
  [/\bsk-[A-Za-z0-9_-]{20,}\b/, 'an API secret key'],
  [/\b[sr]k_(live|test)_[A-Za-z0-9]{16,}\b/, 'a Stripe secret key'],
  [/\bwhsec_[A-Za-z0-9]{24,}\b/, 'a webhook signing secret'],
  [/\bxox[abposre]-[A-Za-z0-9-]{10,}\b/, 'a Slack token'],
  [
    /hooks\.slack\.com\/services\/T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]{16,}/,
    'a Slack webhook',
  ],
  [/\bAIza[0-9A-Za-z_-]{30,}\b/, 'a Google API key'],
  [/\bya29\.[0-9A-Za-z_-]{20,}\b/, 'a Google OAuth token'],
  [/\bnpm_[A-Za-z0-9]{36}\b/, 'an npm token'],
  [/\bpypi-[A-Za-z0-9_-]{50,}\b/, 'a PyPI token'],
  [/\bhf_[A-Za-z0-9]{30,}\b/, 'a Hugging Face token'],
  [/\bdop_v1_[a-f0-9]{64}\b/, 'a DigitalOcean token'],
  [/\bshp(at|ss|ca|pa)_[a-fA-F0-9]{32}\b/, 'a Shopify token'],
  [/\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}\b/, 'a SendGrid key'],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
  [/\b(ssh-(rsa|ed25519)|openssh-key-v1)\b/, 'an SSH key'],
  [/\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/, 'a JSON Web Token'],
];

function knownSecret(text: string): string | undefined {
  return secretPatterns.find(([pattern]) => pattern.test(text))?.[1];
}

/** Base64 or base64url text decoded, when it decodes to mostly printable text; else undefined. */
function decodedBase64(segment: string): string | undefined {
  if (segment.length < 16 || !/^[A-Za-z0-9+/_-]+=*$/.test(segment)) return undefined;
  const text = Buffer.from(segment.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
    'latin1',
  );
  const printable = text.replace(/[^\x20-\x7e\n\r\t]/g, '').length;
  return printable >= text.length * 0.8 ? text : undefined;
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values())
    bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** A random-looking token: long, upper case, lower case and digits mixed, high entropy. */
function randomToken(segment: string, minLength: number): boolean {
  return (
    segment.length >= minLength &&
    /[A-Z]/.test(segment) &&
    /[a-z]/.test(segment) &&
    /\d/.test(segment) &&
    entropy(segment) >= 4.2
  );
}

/**
 * What a URL carries that looks like a secret: a known token format anywhere in it (decoded),
 * the same inside a base64 or base64url segment (a path part, a query value, a DNS label), or a
 * random-looking token where data, not names, belongs: a long mixed-case DNS label (names are
 * case-insensitive; a label that keeps both cases was made to carry data) or a long query value.
 */
function secretKind(url: string, decoded: string): string | undefined {
  const direct = knownSecret(decoded);
  if (direct) return direct;
  const raw = url.replace(/%[0-9a-f]{2}/gi, (sequence) => {
    try {
      return decodeURIComponent(sequence);
    } catch {
      return sequence;
    }
  });
  for (const segment of raw.split(/[/?&=#.:@;,]+/)) {
    const text = decodedBase64(segment);
    const inside = text === undefined ? undefined : knownSecret(text);
    if (inside) return `${inside} (base64-encoded)`;
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  const hostname = authority.replace(/^.*@/, '').replace(/:\d*$/, '');
  if (hostname.split('.').some((label) => randomToken(label, 20)))
    return 'an encoded secret in a host name label';
  const query = /\?([^#]*)/.exec(raw)?.[1] ?? '';
  for (const pair of query.split('&')) {
    const value = pair.slice(pair.indexOf('=') + 1);
    if (/^[A-Za-z0-9+/_-]+=*$/.test(value) && randomToken(value, 40))
      return 'a long random token (a key or encoded data)';
  }
  return undefined;
}

/**
 * Warnings for a URL that carries something shaped like a secret: a known token format (AWS,
 * GitHub, GitLab, Stripe, Slack, Google, npm, PyPI, Hugging Face, SendGrid, private and SSH
 * keys, JWTs), the same base64-encoded in a path part, query value or DNS label, or a long
 * random token in a query value or a mixed-case host label. A prompt-injected page may ask the
 * agent to send secrets to an attacker's server in the URL.
 */
export function secretInUrlWarnings(url: string): RiskWarning[] {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // keep the raw text
  }
  const kind = secretKind(url, decoded);
  return kind
    ? [
        {
          rule: 'secret-in-url',
          message: `The URL carries what looks like ${kind}; sending it to ${safeHost(url)} could leak it.`,
        },
      ]
    : [];
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'that server';
  }
}
