/** One search result. */
export interface SearchResult {
  /** The page's title. */
  readonly title: string;
  /** Its address. */
  readonly url: string;
  /** What the service quotes from it. */
  readonly snippet: string;
}

/** A search service the WebSearch tool can ask, in the order configured. */
export type SearchServiceConfig =
  | {
      /** Tavily (`POST /search`, bearer key). */
      readonly kind: 'tavily';
      /** The API key. */
      readonly apiKey: string;
      /** Another endpoint (a proxy). @default 'https://api.tavily.com' */
      readonly baseUrl?: string;
    }
  | {
      /** Jina search (`GET s.jina.ai/?q=`). */
      readonly kind: 'jina';
      /** The API key, if the account has one. */
      readonly apiKey?: string;
      /** Another endpoint. @default 'https://s.jina.ai' */
      readonly baseUrl?: string;
    }
  | {
      /** A SearXNG instance (`GET /search?format=json`). */
      readonly kind: 'searxng';
      /** The instance's address. */
      readonly baseUrl: string;
    };

/** The name of a service, for messages. */
export const SERVICE_NAMES = { tavily: 'Tavily', jina: 'Jina', searxng: 'SearXNG' } as const;

type Fetch = typeof fetch;

/**
 * Asks one service, speaking its documented HTTP API: Tavily `POST /search` with a bearer key,
 * Jina `GET s.jina.ai/?q=` with `Accept: application/json`, SearXNG `GET /search?format=json`.
 * Throws with a short reason when the service fails (network, HTTP status, unexpected body).
 */
export async function searchWith(
  service: SearchServiceConfig,
  query: string,
  count: number,
  transport: Fetch,
  signal: AbortSignal,
): Promise<SearchResult[]> {
  switch (service.kind) {
    case 'tavily': {
      const body = await request(
        transport,
        `${trim(service.baseUrl ?? 'https://api.tavily.com')}/search`,
        signal,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${service.apiKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ query, max_results: count, search_depth: 'basic' }),
        },
      );
      return list(body, 'results').map((item) => ({
        title: text(item.title),
        url: text(item.url),
        snippet: text(item.content),
      }));
    }
    case 'jina': {
      const body = await request(
        transport,
        `${trim(service.baseUrl ?? 'https://s.jina.ai')}/?q=${encodeURIComponent(query)}`,
        signal,
        {
          headers: {
            accept: 'application/json',
            'x-respond-with': 'no-content',
            ...(service.apiKey ? { authorization: `Bearer ${service.apiKey}` } : {}),
          },
        },
      );
      return list(body, 'data').map((item) => ({
        title: text(item.title),
        url: text(item.url),
        snippet: text(item.description ?? item.content),
      }));
    }
    case 'searxng': {
      const body = await request(
        transport,
        `${trim(service.baseUrl)}/search?q=${encodeURIComponent(query)}&format=json`,
        signal,
        { headers: { accept: 'application/json' } },
      );
      return list(body, 'results').map((item) => ({
        title: text(item.title),
        url: text(item.url),
        snippet: text(item.content),
      }));
    }
  }
}

async function request(
  transport: Fetch,
  url: string,
  signal: AbortSignal,
  init: RequestInit,
): Promise<unknown> {
  let response: Response;
  try {
    response = await transport(url, { ...init, signal });
  } catch (error) {
    throw new Error(signal.aborted ? 'timed out' : `network error (${(error as Error).message})`);
  }
  if (!response.ok)
    throw new Error(
      `HTTP ${response.status}${response.status === 429 ? ' (rate limit or quota)' : ''}`,
    );
  try {
    return await response.json();
  } catch {
    throw new Error('the answer was not JSON');
  }
}

function list(body: unknown, key: string): Record<string, unknown>[] {
  const items = (body as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(items)) throw new Error(`the answer has no "${key}" list`);
  return items.filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function trim(url: string): string {
  return url.replace(/\/+$/, '');
}
