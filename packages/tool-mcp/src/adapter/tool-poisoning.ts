import type { RiskWarning } from '@tinyelf/core';

const suspiciousPatterns: readonly [RegExp, string][] = [
  [/<\s*(important|system|instructions?|secret)\s*>/i, 'a hidden-instruction tag'],
  [
    /\b(do not|don't|never) (tell|mention|inform|show|reveal)\b[^.]{0,40}\b(user|human)\b/i,
    'an instruction to hide something from the user',
  ],
  [
    /\bignore (all |any )?(previous|prior|above) (instructions|prompts?)\b/i,
    'an instruction to ignore previous instructions',
  ],
  [
    /(~\/\.ssh|id_rsa|id_ed25519|\.aws\/credentials|\.env\b|\/etc\/passwd|private key)/i,
    'a reference to secret files',
  ],
  [
    /\bbefore (using|calling) (this|any) tool\b/i,
    'instructions for how the agent must behave before using the tool',
  ],
];

/**
 * Warnings for a tool whose description (or parameter descriptions) carries hidden
 * instructions, as poisoned MCP tools do: tags like `<IMPORTANT>`, orders to hide things from the
 * user, references to secret files. Such a tool needs explicit approval for every call.
 */
export function toolPoisoningWarnings(
  serverId: string,
  toolName: string,
  description: string,
  inputSchema: unknown,
): RiskWarning[] {
  const text = `${description}\n${JSON.stringify(inputSchema ?? {})}`;
  const found = suspiciousPatterns
    .filter(([pattern]) => pattern.test(text))
    .map(([, label]) => label);
  if (found.length === 0) return [];
  return [
    {
      rule: 'mcp-tool-poisoning',
      message: `The MCP tool ${toolName} of server ${serverId} has ${found.join(', ')} in its description; it may be trying to steer the agent.`,
    },
  ];
}
