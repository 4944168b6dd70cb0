import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ToolRegistry } from '@tinyelf/core';
import { createFileSystemTools } from '@tinyelf/tool-fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel } from '../../../test-support/scripted-model-server';
import { AgentLoop } from './agent-loop';
import { OpenAIChatClient } from './openai-chat-client';

const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(() => {
  trace.disable();
  context.disable();
});

describe('the agent loop’s spans', () => {
  it('nests each model call and each tool call under the run’s invoke_agent span', async () => {
    const model = await startScriptedModel([
      { toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }] },
      { content: 'Friday.' },
    ]);
    try {
      const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-agent-otel-')));
      writeFileSync(join(workspaceRoot, 'notes.txt'), 'The elves ship on Friday.\n');
      const loop = new AgentLoop({
        model: new OpenAIChatClient({ baseUrl: model.baseUrl, model: 'test-model', apiKey: 'k' }),
        modelName: 'test-model',
        agentName: 'helper',
        registry: new ToolRegistry({ workspaceRoot }).registerAll(
          createFileSystemTools({ workspaceRoot }),
        ),
      });
      expect((await loop.run('When?')).output).toBe('Friday.');
    } finally {
      await model.close();
    }
    const spans = exporter.getFinishedSpans();
    const run = spans.find((span) => span.name === 'invoke_agent helper');
    expect(run?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'helper',
    });
    const children = spans
      .filter((span) => span.parentSpanContext?.spanId === run?.spanContext().spanId)
      .map((span) => span.name);
    expect(children).toEqual(['chat test-model', 'execute_tool Read', 'chat test-model']);
    const read = spans.find((span) => span.name === 'execute_tool Read');
    expect(read?.attributes).toMatchObject({
      'gen_ai.tool.name': 'Read',
      'tinyelf.permission.decision': 'allow',
    });
  });
});
