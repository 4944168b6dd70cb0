import { defineJsonSchemaTool, type ITool } from '@tinyelf/core';
import { sendNotification } from '../notify/send-notification';

/** `Notify`: a desktop notification; reports, without failing, where none can be shown. */
export function createNotifyTool(
  options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {},
): ITool {
  return defineJsonSchemaTool<{ title: string; body?: string }>({
    name: 'Notify',
    description: 'Shows the user a desktop notification (for example when a long task is done).',
    parameters: {
      type: 'object',
      properties: { title: { type: 'string' }, body: { type: 'string' } },
      required: ['title'],
    },
    async execute({ title, body }) {
      const outcome = await sendNotification(title, body ?? '', options);
      return outcome.delivered
        ? `Notification shown (${outcome.method}): ${title}`
        : `The notification could not be shown (${outcome.method}: ${outcome.detail}); tell the user in your answer instead. It was: ${title}${body ? ` - ${body}` : ''}`;
    },
  });
}

/** `SessionsYield`: ends the current agent loop with the given message. */
export function createSessionsYieldTool(): ITool {
  return defineJsonSchemaTool<{ message: string }>({
    name: 'SessionsYield',
    description:
      'Ends your turn now with this message as the final answer (the agent loop stops here).',
    parameters: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    },
    async execute({ message }) {
      return message;
    },
  });
}
