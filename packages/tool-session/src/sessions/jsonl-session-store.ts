import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatMessage, SessionRecord, SessionStatus, SessionStore } from '@tinyelf/core';
import { TinyElfError } from '@tinyelf/core';
import { compareSessions } from './session-list';

type Line =
  | { type: 'meta'; id: string; title: string; agent: string; createdAt: string }
  | { type: 'message'; at: string; message: ChatMessage }
  | { type: 'status'; at: string; status: SessionStatus };

/**
 * The default session store: one append-only JSONL file per session (a header, then messages and
 * status changes). It survives a restart: a session that was running when its process died reads
 * as `interrupted`, and a torn last line (a crash mid-write) is ignored. Appends to one session
 * are serialised.
 */
export class JsonlSessionStore implements SessionStore {
  private readonly chains = new Map<string, Promise<unknown>>();
  /** Sessions this process is running (a `running` status from another process means interrupted). */
  private readonly runningHere = new Set<string>();

  constructor(private readonly folder: string) {}

  /** Creates the session's folder with its summary and an empty transcript. */
  async create(input: { title: string; agent: string }): Promise<SessionRecord> {
    await mkdir(this.folder, { recursive: true });
    const id = `s_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await this.write(id, {
      type: 'meta',
      id,
      title: input.title,
      agent: input.agent,
      createdAt: new Date().toISOString(),
    });
    return (await this.get(id))!;
  }

  /** Every session, newest first (by last change, then id). */
  async list(): Promise<SessionRecord[]> {
    if (!existsSync(this.folder)) return [];
    const ids = (await readdir(this.folder))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => name.slice(0, -6));
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records
      .filter((record): record is SessionRecord => record !== undefined)
      .sort(compareSessions);
  }

  /** The session's summary, or undefined for an unknown (or malformed) id. */
  async get(id: string): Promise<SessionRecord | undefined> {
    const lines = await this.read(id);
    const meta = lines.find((line) => line.type === 'meta');
    if (meta?.type !== 'meta') return undefined;
    const statuses = lines.filter((line) => line.type === 'status') as Extract<
      Line,
      { type: 'status' }
    >[];
    let status: SessionStatus = statuses.at(-1)?.status ?? 'idle';
    if (status === 'running' && !this.runningHere.has(id)) status = 'interrupted';
    const last = lines.at(-1);
    return {
      id,
      title: meta.title,
      agent: meta.agent,
      status,
      messageCount: lines.filter((line) => line.type === 'message').length,
      createdAt: meta.createdAt,
      updatedAt: last && last.type !== 'meta' ? last.at : meta.createdAt,
    };
  }

  /** Appends one JSON line to the session's transcript. */
  async append(id: string, message: ChatMessage): Promise<void> {
    await this.requireSession(id);
    await this.write(id, { type: 'message', at: new Date().toISOString(), message });
  }

  /** The transcript's messages, oldest first. */
  async messages(id: string): Promise<ChatMessage[]> {
    await this.requireSession(id);
    return (await this.read(id)).flatMap((line) => (line.type === 'message' ? [line.message] : []));
  }

  /** Updates the session's status in its summary. */
  async setStatus(id: string, status: SessionStatus): Promise<void> {
    await this.requireSession(id);
    if (status === 'running') this.runningHere.add(id);
    else this.runningHere.delete(id);
    await this.write(id, { type: 'status', at: new Date().toISOString(), status });
  }

  private async requireSession(id: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]+$/.test(id) || !existsSync(this.file(id))) {
      throw new TinyElfError({
        code: 'SESSION_NOT_FOUND',
        message: `There is no session "${id}"; SessionsList shows the sessions.`,
      });
    }
  }

  private file(id: string): string {
    return join(this.folder, `${id}.jsonl`);
  }

  private async read(id: string): Promise<Line[]> {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) return [];
    let text: string;
    try {
      text = await readFile(this.file(id), 'utf8');
    } catch {
      return [];
    }
    const lines: Line[] = [];
    for (const raw of text.split('\n')) {
      if (!raw.trim()) continue;
      try {
        lines.push(JSON.parse(raw) as Line);
      } catch {
        // A torn line (the process died mid-write) is skipped.
      }
    }
    return lines;
  }

  private write(id: string, line: Line): Promise<void> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous.then(() =>
      appendFile(this.file(id), `${JSON.stringify(line)}\n`, 'utf8'),
    );
    this.chains.set(
      id,
      next.catch(() => undefined),
    );
    return next;
  }
}
