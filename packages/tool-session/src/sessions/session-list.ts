import type { SessionRecord, SessionStore } from '@tinyelf/core';
import { TinyElfError } from '@tinyelf/core';

/** Which page of the session list to read (newest first). */
export interface SessionListRequest {
  /** How many sessions. */
  readonly limit: number;
  /** How many of the newest sessions to skip (ignored with a cursor). @default 0 */
  readonly offset?: number;
  /** Where the previous page ended ({@link SessionListPage.next}): the page starts after it. */
  readonly cursor?: string;
}

/** A page of the session list. */
export interface SessionListPage {
  /** The page's sessions, newest first (by last change, then id). */
  readonly sessions: SessionRecord[];
  /** Sessions in the whole list. */
  readonly total: number;
  /** The cursor of the next page, when there are older sessions. */
  readonly next?: string;
}

/** A session store that reads one page of its session list without loading the rest. */
export interface PagedSessionList extends SessionStore {
  /** The page of the list the request names; throws `INVALID_CURSOR` for a cursor it did not make. */
  listPage(request: SessionListRequest): Promise<SessionListPage>;
}

/** A position in the list: the last change of the page's last session (as the store keeps it) and its id. */
export interface SessionListPosition {
  /** The session's last change, at the store's precision. */
  readonly updatedAt: string;
  /** The session's id (breaks ties in `updatedAt`). */
  readonly id: string;
}

/** The opaque cursor of a position. */
export function encodeSessionCursor(position: SessionListPosition): string {
  return Buffer.from(JSON.stringify([position.updatedAt, position.id])).toString('base64url');
}

/** The position a cursor names; throws `INVALID_CURSOR` for anything a store did not make. */
export function decodeSessionCursor(cursor: string): SessionListPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0]))
    )
      return { updatedAt: value[0], id: value[1] };
  } catch {
    // reported below
  }
  throw new TinyElfError({
    code: 'INVALID_CURSOR',
    message: `The cursor "${cursor.slice(0, 80)}" is not one SessionsList gave; pass the cursor of the previous page as it was, or leave it out to start from the newest session.`,
  });
}

/** Newest first: by last change, then by id. */
export function compareSessions(a: SessionRecord, b: SessionRecord): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Reads a page of a store's session list: in the store when it can page (see
 * {@link PagedSessionList}), otherwise from its whole list.
 */
export async function readSessionList(
  store: SessionStore,
  request: SessionListRequest,
): Promise<SessionListPage> {
  const paged = store as Partial<PagedSessionList>;
  if (typeof paged.listPage === 'function') return paged.listPage.call(store, request);
  const after = request.cursor === undefined ? undefined : decodeSessionCursor(request.cursor);
  const all = (await store.list()).sort(compareSessions);
  const start = after
    ? all.findIndex(
        (record) =>
          record.updatedAt < after.updatedAt ||
          (record.updatedAt === after.updatedAt && record.id > after.id),
      )
    : (request.offset ?? 0);
  const sessions = start < 0 ? [] : all.slice(start, start + request.limit);
  const last = sessions.at(-1);
  const more = start >= 0 && start + sessions.length < all.length;
  return {
    sessions,
    total: all.length,
    ...(last && more ? { next: encodeSessionCursor(last) } : {}),
  };
}
