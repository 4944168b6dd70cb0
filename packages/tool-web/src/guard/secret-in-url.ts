import type { RiskWarning } from '@tinyelf/core';

const secretPatterns: readonly [RegExp, string][] = [
  [/\b(AKIA|ASIA)[0-9A-Z]{16}\b/, 'an AWS access key id'],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}\b/, 'a GitHub token'],
  [/\bsk-[A-Za-z0-9_-]{20,}\b/, 'an API secret key'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}\b/, 'a Slack token'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, 'a Google API key'],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a private key'],
  [/\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/, 'a JSON Web Token'],
];

/**
 * Warnings for a URL that carries something shaped like a secret (an AWS key id, a GitHub or
 * Slack token, a private key, a JWT): a prompt-injected page may ask the agent to send secrets to
 * an attacker's server in a query string.
 */
export function secretInUrlWarnings(url: string): RiskWarning[] {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // keep the raw text
  }
  for (const [pattern, kind] of secretPatterns) {
    if (pattern.test(decoded))
      return [
        {
          rule: 'secret-in-url',
          message: `The URL carries what looks like ${kind}; sending it to ${safeHost(url)} could leak it.`,
        },
      ];
  }
  return [];
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'that server';
  }
}
