/** Model providers with a server-side web search tool. */
export type NativeSearchProvider = 'anthropic' | 'openai' | 'gemini' | 'xai';

/** Whether a provider name has built-in search. */
export function isNativeSearchProvider(
  provider: string | undefined,
): provider is NativeSearchProvider {
  return (
    provider === 'anthropic' || provider === 'openai' || provider === 'gemini' || provider === 'xai'
  );
}

/**
 * The provider's own search tool, in each definition format the registry emits: Anthropic's
 * `web_search_20250305` server tool, OpenAI's (and xAI's) `web_search` tool, Gemini's
 * `google_search` tool.
 */
export function nativeSearchDefinitions(
  provider: NativeSearchProvider,
  maxUses: number,
): Partial<Record<'openai' | 'anthropic' | 'gemini', Record<string, unknown>>> {
  switch (provider) {
    case 'anthropic':
      return { anthropic: { type: 'web_search_20250305', name: 'web_search', max_uses: maxUses } };
    case 'gemini':
      return { gemini: { google_search: {} } };
    default:
      return { openai: { type: 'web_search' } };
  }
}
