import { defineJsonSchemaTool, type ITool, TinyElfError } from '@tinyelf/core';
import { fenceUntrusted } from '../content/untrusted-content';
import { isNativeSearchProvider, nativeSearchDefinitions } from './native-search';
import { SERVICE_NAMES, type SearchServiceConfig, searchWith } from './search-services';

/** Options of {@link setupWebSearch}. */
export interface WebSearchOptions {
  /** The agent's model provider (`anthropic`, `openai`, `gemini`, `xai`, or another). */
  readonly provider?: string;
  /** Use the provider's built-in search when it has one. @default true */
  readonly nativeSearch?: boolean;
  /** Searches the native tool may make per request. @default 5 */
  readonly nativeMaxUses?: number;
  /** Search services in fallback order. @default from the environment: TAVILY_API_KEY, JINA_API_KEY, SEARXNG_URL */
  readonly services?: readonly SearchServiceConfig[];
  /** Where services are read from when `services` is not given. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The HTTP transport (the `fetch` signature). @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Per service request. @default 15_000 */
  readonly timeoutMs?: number;
}

/** What {@link setupWebSearch} decided. */
export interface WebSearchSetup {
  /** Which tier answers: the provider's own search, a search service, or none. */
  readonly tier: 'native' | 'service' | 'unavailable';
  /** The tool to register; absent when search is unavailable. */
  readonly tool?: ITool;
  /** Why this tier: which provider or services, or why there is no search. */
  readonly reason: string;
}

/** WebSearch's parameters (plain JSON Schema: no TypeBox to load when the registry is built). */
interface WebSearchParams {
  readonly query: string;
  readonly count?: number;
}

const parameters = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'What to search the web for.' },
    count: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      default: 5,
      description: 'How many results.',
    },
  },
  required: ['query'],
};

const description =
  'Searches the web and returns the top results with title, URL and a snippet. Use WebFetch to read a result.';

/**
 * Decides how web search works for a registry, in three tiers: (1) the model provider's own
 * search when it has one (a tool whose definition is the provider's server-side search tool),
 * (2) the configured search services (Tavily, Jina, SearXNG), each tried in turn when the one
 * before fails, (3) none, with the reason.
 */
export function setupWebSearch(options: WebSearchOptions = {}): WebSearchSetup {
  if (options.nativeSearch !== false && isNativeSearchProvider(options.provider)) {
    const provider = options.provider;
    const tool = defineJsonSchemaTool<WebSearchParams>({
      name: 'WebSearch',
      description,
      parameters,
      readOnly: true,
      providerDefinitions: nativeSearchDefinitions(provider, options.nativeMaxUses ?? 5),
      execute: async () => {
        throw new TinyElfError({
          code: 'NATIVE_TOOL',
          message: `WebSearch runs on the ${provider} side: the model's own search tool answers it, so it is not run here.`,
        });
      },
    });
    return { tier: 'native', tool, reason: `${provider} has built-in web search` };
  }
  const services = options.services ?? servicesFromEnvironment(options.env ?? process.env);
  if (services.length === 0) {
    return {
      tier: 'unavailable',
      reason: `no search: the model provider (${options.provider ?? 'none configured'}) has no built-in search${options.nativeSearch === false ? ' in use' : ''}, and no search service is configured (set TAVILY_API_KEY, JINA_API_KEY or SEARXNG_URL, or pass services)`,
    };
  }
  const transport = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tool = defineJsonSchemaTool<WebSearchParams>({
    name: 'WebSearch',
    description,
    parameters,
    readOnly: true,
    async execute({ query, count }, context) {
      const failures: string[] = [];
      for (const service of services) {
        const signal = context?.signal
          ? AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs);
        try {
          const results = (await searchWith(service, query, count ?? 5, transport, signal)).slice(
            0,
            count ?? 5,
          );
          const name = SERVICE_NAMES[service.kind];
          const note = failures.length ? ` (${failures.join('; ')}; ${name} answered)` : '';
          if (results.length === 0) return `${name} found nothing for "${query}"${note}.`;
          const lines = results.map(
            (result, index) =>
              `${index + 1}. ${result.title || result.url}\n   ${result.url}${result.snippet ? `\n   ${result.snippet}` : ''}`,
          );
          return `Results from ${name} for "${query}"${note}:\n\n${fenceUntrusted(lines.join('\n'), name)}`;
        } catch (error) {
          if (context?.signal?.aborted) throw error;
          failures.push(`${SERVICE_NAMES[service.kind]} failed: ${(error as Error).message}`);
        }
      }
      throw new TinyElfError({
        code: 'SEARCH_FAILED',
        message: `Every search service failed: ${failures.join('; ')}.`,
      });
    },
  });
  return {
    tier: 'service',
    tool,
    reason: `search services: ${services.map((service) => SERVICE_NAMES[service.kind]).join(', ')}`,
  };
}

/** The services the environment configures, in the order Tavily, Jina, SearXNG. */
export function servicesFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): SearchServiceConfig[] {
  const services: SearchServiceConfig[] = [];
  if (env.TAVILY_API_KEY)
    services.push({ kind: 'tavily', apiKey: env.TAVILY_API_KEY, baseUrl: env.TAVILY_BASE_URL });
  if (env.JINA_API_KEY)
    services.push({ kind: 'jina', apiKey: env.JINA_API_KEY, baseUrl: env.JINA_BASE_URL });
  if (env.SEARXNG_URL) services.push({ kind: 'searxng', baseUrl: env.SEARXNG_URL });
  return services;
}
