import type { ChatMessage } from './model-client';

/** What a session is doing. */
export type SessionStatus = 'idle' | 'running' | 'interrupted' | 'failed';

/** A session's summary. */
export interface SessionRecord {
  readonly id: string;
  readonly title: string;
  readonly agent: string;
  readonly status: SessionStatus;
  readonly messageCount: number;
  readonly createdAt: string;
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
