import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: text, tool calls, an HTTP error, or a hang. */
export type ScriptedReply =
  | {
      readonly content?: string;
      readonly toolCalls?: readonly {
        readonly name: string;
        readonly arguments: string | Record<string, unknown>;
      }[];
      /** Wait this long before answering. */
      readonly delayMs?: number;
    }
  | { readonly status: number; readonly error: string }
  | { readonly hang: true };

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions wire format and answers
 * from a script, recording every request body. It stands in for the model (a paid API).
 */
export async function startScriptedModel(
  script: ScriptedReply[],
): Promise<{ baseUrl: string; requests: Record<string, unknown>[]; close: () => Promise<void> }> {
  const requests: Record<string, unknown>[] = [];
  let callCounter = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push(JSON.parse(body));
      const reply = script.shift() ?? { content: '(script exhausted)' };
      if ('hang' in reply) return;
      if ('status' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: reply.error } }));
        return;
      }
      const toolCalls = (reply.toolCalls ?? []).map((call) => ({
        id: `call_${++callCounter}`,
        type: 'function',
        function: {
          name: call.name,
          arguments:
            typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        },
      }));
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: reply.content ?? null,
                  ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
                },
                finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
              },
            ],
          }),
        );
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
