/** The shapes of secrets {@link redactSecrets} removes. */
const patterns: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}\b/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g,
  /(\bBearer\s+)[A-Za-z0-9._~+/-]{16,}=*/gi,
  /((?:api[_-]?key|token|secret|password|passwd)\s*[=:]\s*["']?)[^\s"',]{6,}/gi,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];

/**
 * Replaces secrets (OpenAI-style `sk-` keys, AWS access key ids, GitHub, Slack and Google tokens,
 * JWTs, bearer tokens, passwords and tokens in assignments, private keys) with `[REDACTED]`. The
 * session tools and the registry's audit log use it; an after-hook can too.
 */
export function redactSecrets(text: string): string {
  let result = text;
  for (const pattern of patterns) {
    result = result.replace(pattern, (match, prefix?: string) =>
      typeof prefix === 'string' && match.startsWith(prefix) && prefix.length < match.length
        ? `${prefix}[REDACTED]`
        : '[REDACTED]',
    );
  }
  return result;
}
