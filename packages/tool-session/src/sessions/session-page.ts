import type { ChatMessage, SessionStore } from '@tinyelf/core';

/** A page of a session's transcript. */
export interface SessionMessagePage {
  /** The page's messages, oldest first. */
  readonly messages: ChatMessage[];
  /** Messages in the whole transcript. */
  readonly total: number;
}

/** Which part of a transcript to read, counted back from its newest message. */
export interface SessionPageRequest {
  /** How many messages. */
  readonly limit: number;
  /** How many of the newest messages to skip. @default 0 */
  readonly offset?: number;
}

/** A session store that reads part of a transcript without loading all of it (SQL stores do). */
export interface PagedSessionStore extends SessionStore {
  /** The `limit` messages before the newest `offset`, oldest first; throws for an unknown id. */
  recentMessages(id: string, request: SessionPageRequest): Promise<SessionMessagePage>;
}

/**
 * Reads the `limit` messages before the newest `offset` of a session: in the store when it can
 * page (see {@link PagedSessionStore}), otherwise from its whole transcript.
 */
export async function readRecentMessages(
  store: SessionStore,
  id: string,
  request: SessionPageRequest,
): Promise<SessionMessagePage> {
  const paged = store as Partial<PagedSessionStore>;
  if (typeof paged.recentMessages === 'function')
    return paged.recentMessages.call(store, id, request);
  const all = await store.messages(id);
  const end = Math.max(0, all.length - (request.offset ?? 0));
  return { messages: all.slice(Math.max(0, end - request.limit), end), total: all.length };
}
