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
  create(input: { title: string; agent: string }): Promise<SessionRecord>;
  /** Newest first. */
  list(): Promise<SessionRecord[]>;
  get(id: string): Promise<SessionRecord | undefined>;
  append(id: string, message: ChatMessage): Promise<void>;
  messages(id: string): Promise<ChatMessage[]>;
  setStatus(id: string, status: SessionStatus): Promise<void>;
}
