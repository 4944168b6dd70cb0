import type { ChatMessage } from './model-client';

/** What a session is doing. */
export type SessionStatus = 'idle' | 'running' | 'interrupted' | 'failed';

/** A session's summary. */
export interface SessionRecord {
  /** The session's id (safe as a folder name). */
  readonly id: string;
  /** A short title for lists. */
  readonly title: string;
  /** The agent the session runs. */
  readonly agent: string;
  /** What it is doing now. */
  readonly status: SessionStatus;
  /** Messages in its transcript. */
  readonly messageCount: number;
  /** When it was created (ISO 8601). */
  readonly createdAt: string;
  /** When it last changed (ISO 8601). */
  readonly updatedAt: string;
}

/** Where sessions are kept. */
export interface SessionStore {
  /** Starts a new, empty session for an agent. */
  create(input: { title: string; agent: string }): Promise<SessionRecord>;
  /** Newest first. */
  list(): Promise<SessionRecord[]>;
  /** One session's summary, or undefined for an unknown id. */
  get(id: string): Promise<SessionRecord | undefined>;
  /** Adds a message to a session's transcript. */
  append(id: string, message: ChatMessage): Promise<void>;
  /** A session's transcript, oldest first. */
  messages(id: string): Promise<ChatMessage[]>;
  /** Records what a session is doing now. */
  setStatus(id: string, status: SessionStatus): Promise<void>;
}
