import { defineJsonSchemaTool, type ITool, type SessionStore } from '@tinyelf/core';
import { redactSecrets } from '../sessions/redact-secrets';
import { readSessionList } from '../sessions/session-list';
import type { SessionManager } from '../sessions/session-manager';
import { readRecentMessages } from '../sessions/session-page';

/** The four session tools: SessionsSpawn, SessionsList, SessionsSend, SessionsHistory. */
export function createSessionTools(manager: SessionManager, store: SessionStore): ITool[] {
  return [
    defineJsonSchemaTool<{ prompt: string; agentId?: string; title?: string }>({
      name: 'SessionsSpawn',
      description:
        'Creates a session and starts an agent on the prompt in the background; returns the session id.',
      parameters: {
        type: 'object',
        properties: {
          prompt: { type: 'string' },
          agentId: { type: 'string' },
          title: { type: 'string' },
        },
        required: ['prompt'],
      },
      async execute({ prompt, agentId, title }) {
        const record = await manager.spawn(prompt, agentId, title);
        return `Started session ${record.id} ("${record.title}", agent ${record.agent}). SessionsHistory ${record.id} shows its progress.`;
      },
    }),
    defineJsonSchemaTool<{ limit?: number; offset?: number; cursor?: string }>({
      name: 'SessionsList',
      description:
        'Lists sessions, newest first: id, title, agent, status, message count, last update. When more remain, the answer ends with a cursor: pass it to list the next ones.',
      parameters: {
        type: 'object',
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
          offset: { type: 'integer', minimum: 0, default: 0 },
          cursor: {
            type: 'string',
            description:
              'The cursor a previous SessionsList gave: lists the sessions after its page.',
          },
        },
      },
      readOnly: true,
      async execute({ limit, offset, cursor }) {
        const { sessions, total, next } = await readSessionList(store, {
          limit: limit ?? 20,
          ...(offset === undefined ? {} : { offset }),
          ...(cursor === undefined ? {} : { cursor }),
        });
        if (sessions.length === 0) {
          if (!total) return 'No sessions yet.';
          return cursor === undefined
            ? `No sessions at offset ${offset}; there are ${total}.`
            : `No sessions after that cursor; there are ${total}.`;
        }
        const lines = sessions.map(
          (record) =>
            `${record.id}  ${record.status}  ${record.agent}  ${record.messageCount} messages  ${record.updatedAt}  ${record.title}`,
        );
        if (next)
          lines.push(
            `(${sessions.length} of ${total} sessions; cursor "${next}" lists the older ones)`,
          );
        return lines.join('\n');
      },
    }),
    defineJsonSchemaTool<{ sessionId: string; message: string }>({
      name: 'SessionsSend',
      description:
        "Sends a message to a session; its agent runs on it (after the session's earlier messages, if it is busy).",
      parameters: {
        type: 'object',
        properties: { sessionId: { type: 'string' }, message: { type: 'string' } },
        required: ['sessionId', 'message'],
      },
      async execute({ sessionId, message }) {
        const { queued } = await manager.send(sessionId, message);
        return queued
          ? `Queued for session ${sessionId}: it is busy and will take the message next.`
          : `Sent to session ${sessionId}; its agent is working on it.`;
      },
    }),
    defineJsonSchemaTool<{ sessionId: string; limit?: number; offset?: number }>({
      name: 'SessionsHistory',
      description:
        "Shows a session's last messages (secrets redacted); offset skips that many of the newest, to page back.",
      parameters: {
        type: 'object',
        properties: {
          sessionId: { type: 'string' },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          offset: { type: 'integer', minimum: 0, default: 0 },
        },
        required: ['sessionId'],
      },
      readOnly: true,
      async execute({ sessionId, limit, offset }) {
        const record = await store.get(sessionId);
        const { messages, total } = await readRecentMessages(store, sessionId, {
          limit: limit ?? 20,
          offset: offset ?? 0,
        });
        const lines = messages.map((message) => {
          const calls = message.toolCalls?.length
            ? ` [calls ${message.toolCalls.map((call) => call.name).join(', ')}]`
            : '';
          const text =
            message.content.length > 2000
              ? `${message.content.slice(0, 2000)}… [${message.content.length - 2000} more characters]`
              : message.content;
          return `${message.role}${calls}: ${redactSecrets(text)}`;
        });
        const skip = offset ?? 0;
        const first = total - skip - messages.length + 1;
        const range =
          messages.length && messages.length < total
            ? ` (messages ${first} to ${total - skip} of ${total}${first > 1 ? `; offset ${skip + messages.length} shows earlier ones` : ''})`
            : '';
        const empty = total
          ? `(no messages at offset ${skip}; there are ${total})`
          : '(no messages yet)';
        return `Session ${sessionId} (${record?.status}, ${record?.messageCount} messages)${range}:\n${lines.join('\n') || empty}`;
      },
    }),
  ];
}
