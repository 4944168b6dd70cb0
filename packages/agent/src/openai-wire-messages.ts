import { type ChatMessage, type FormattableToolResult, toOpenAIToolMessages } from '@tinyelf/core';

/**
 * A conversation as Chat Completions `messages`. The tool messages that answer one assistant
 * turn go out together through `toOpenAIToolMessages`: a `tool` message per call (text only, as
 * the API requires), then, when any of them carries images (`parts`), one `user` message with the
 * images as `image_url` parts with `data:` URLs, each after a line naming its call.
 */
export function toWireMessages(messages: readonly ChatMessage[]): Record<string, unknown>[] {
  const wire: Record<string, unknown>[] = [];
  const toolNames = new Map<string, string>();
  let answers: FormattableToolResult[] = [];
  const flush = () => {
    if (answers.length === 0) return;
    wire.push(...(toOpenAIToolMessages(answers) as unknown as Record<string, unknown>[]));
    answers = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      const toolCallId = message.toolCallId ?? '';
      answers.push({
        toolCallId,
        toolName: toolNames.get(toolCallId) ?? '',
        content: message.content,
        isError: false,
        ...(message.parts && { parts: message.parts }),
      });
      continue;
    }
    flush();
    if (message.role === 'assistant' && message.toolCalls?.length) {
      for (const call of message.toolCalls) toolNames.set(call.id, call.name);
      wire.push({
        role: 'assistant',
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      });
    } else wire.push({ role: message.role, content: message.content });
  }
  flush();
  return wire;
}
