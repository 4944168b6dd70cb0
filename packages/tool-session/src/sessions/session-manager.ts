import type { AgentRunner, SessionRecord, SessionStore, ToolRegistry } from '@tinyelf/core';

/** Options of a {@link SessionManager}. */
export interface SessionManagerOptions {
  /** Where the sessions are kept. */
  readonly store: SessionStore;
  /** Runs each session's agent. */
  readonly runner: AgentRunner;
  /** The registry a session's agent runs with. */
  readonly registryFor: (agentId: string) => ToolRegistry;
}

/**
 * Runs sessions: a session's agent runs in the background on each message, one message at a time
 * (a message sent while it is busy waits its turn), with the session's history.
 */
export class SessionManager {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly options: SessionManagerOptions) {}

  /** Creates a session and starts its agent on the prompt. */
  async spawn(prompt: string, agentId = 'general', title?: string): Promise<SessionRecord> {
    const record = await this.options.store.create({
      title: title ?? prompt.slice(0, 60),
      agent: agentId,
    });
    this.enqueue(record.id, agentId, prompt);
    return record;
  }

  /** Sends a message to a session; it runs when the session's earlier messages are done. */
  async send(
    sessionId: string,
    message: string,
  ): Promise<{
    /** True when the session was busy and the message waits its turn. */
    queued: boolean;
  }> {
    const record = await this.options.store.get(sessionId);
    if (!record) await this.options.store.messages(sessionId); // throws the clear "no session" error
    const queued = this.queues.has(sessionId);
    this.enqueue(sessionId, record!.agent, message);
    return { queued };
  }

  /** Resolves when the session has no work left (for tests and shutdown). */
  async idle(sessionId: string): Promise<void> {
    while (this.queues.has(sessionId)) await this.queues.get(sessionId);
  }

  private enqueue(sessionId: string, agentId: string, prompt: string): void {
    const store = this.options.store;
    const previous = this.queues.get(sessionId) ?? Promise.resolve();
    const job = previous.then(async () => {
      const history = await store.messages(sessionId);
      await store.setStatus(sessionId, 'running');
      await store.append(sessionId, { role: 'user', content: prompt });
      try {
        const result = await this.options.runner.run({
          prompt,
          history,
          registry: this.options.registryFor(agentId),
          agent: agentId,
        });
        for (const message of result.messages.slice(1)) await store.append(sessionId, message);
        await store.setStatus(sessionId, result.status === 'failed' ? 'failed' : 'idle');
      } catch (error) {
        await store.append(sessionId, {
          role: 'assistant',
          content: `The run failed: ${(error as Error).message}`,
        });
        await store.setStatus(sessionId, 'failed');
      }
    });
    this.queues.set(sessionId, job);
    void job.finally(() => {
      if (this.queues.get(sessionId) === job) this.queues.delete(sessionId);
    });
  }
}
