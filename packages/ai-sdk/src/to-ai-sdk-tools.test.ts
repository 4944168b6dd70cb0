import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolPolicy, ToolRegistry } from '@tinyelf/core';
import { createFileSystemTools } from '@tinyelf/tool-fs';
import { createShellTool } from '@tinyelf/tool-shell';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type TinyElfToolOutput, toAiSdkTools } from './to-ai-sdk-tools';

function workspace() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-ai-sdk-')));
  writeFileSync(join(root, 'notes.txt'), 'elves ship on Friday\n');
  const registry = new ToolRegistry({ workspaceRoot: root, spillDirectory: false })
    .registerAll(createFileSystemTools({ workspaceRoot: root }))
    .register(createShellTool({ workspaceRoot: root }));
  return { root, registry };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model turn that calls tools (arguments as the model writes them: a JSON string). */
function callsTools(...calls: [id: string, tool: string, input: object][]) {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({
      type: 'tool-call' as const,
      toolCallId,
      toolName,
      input: JSON.stringify(input),
    })),
    finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

const says = (text: string) => ({
  content: [{ type: 'text' as const, text }],
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage,
  warnings: [],
});

/** The tool results the model was sent in its last call, by tool call id. */
function toolResultsSentTo(model: MockLanguageModelV3) {
  const prompt = model.doGenerateCalls.at(-1)?.prompt ?? [];
  return Object.fromEntries(
    prompt
      .filter((message) => message.role === 'tool')
      .flatMap((message) => message.content)
      .flatMap((part) => (part.type === 'tool-result' ? [[part.toolCallId, part.output]] : [])),
  );
}

describe('toAiSdkTools', () => {
  it('offers every tool with its JSON Schema to the model', async () => {
    const { registry } = workspace();
    const model = new MockLanguageModelV3({ doGenerate: says('ok') });
    await generateText({ model, tools: toAiSdkTools(registry), prompt: 'hi' });
    const offered = model.doGenerateCalls[0]?.tools ?? [];
    expect(offered.map((tool) => tool.name)).toEqual(registry.getNames());
    const read = offered.find((tool) => tool.name === 'Read');
    expect(read).toMatchObject({
      type: 'function',
      description: registry.get('Read')?.description,
      inputSchema: { type: 'object', required: ['path'] },
    });
  });

  it('runs the calls of generateText through registry.execute: coercion, errors as error-text', async () => {
    const { root, registry } = workspace();
    registry.register({
      name: 'Closed',
      description: 'Takes only a',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' } },
        additionalProperties: false,
      },
      execute: async (params) => JSON.stringify(params),
    });
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTools(
          ['call-1', 'Read', { path: 'notes.txt', limit: '1' }],
          ['call-2', 'Read', { path: '/etc/passwd' }],
          ['call-3', 'Bash', { command: 'rm -rf /' }],
          ['call-4', 'Grep', { pattern: 'Friday', bogus: true }],
          ['call-5', 'Closed', { a: 1, bogus: true }],
        ),
        says('The elves ship on Friday.'),
      ],
    });
    const result = await generateText({
      model,
      tools: toAiSdkTools(registry),
      prompt: 'When do the elves ship?',
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe('The elves ship on Friday.');
    const sent = toolResultsSentTo(model);
    // "1" became a number: the registry coerced it.
    expect(sent['call-1']).toEqual({ type: 'text', value: '     1\telves ship on Friday' });
    expect(sent['call-2']).toMatchObject({
      type: 'error-text',
      value: expect.stringContaining('is outside the workspace'),
    });
    expect(sent['call-3']).toMatchObject({
      type: 'error-text',
      value: expect.stringContaining('The command was refused and not run'),
    });
    // Grep's schema allows unknown properties: they are kept, Grep ignores them, the search runs.
    expect(sent['call-4']).toMatchObject({
      type: 'text',
      value: expect.stringContaining('notes.txt:1:'),
    });
    // A schema with additionalProperties: false refuses them, naming the property.
    expect(sent['call-5']).toMatchObject({
      type: 'error-text',
      value: expect.stringContaining('- bogus: unknown parameter'),
    });
    expect(existsSync(root)).toBe(true);
    const first = result.steps[0]!;
    expect(first.toolResults.map((part) => part.output)).toEqual([
      expect.objectContaining({ toolCallId: 'call-1', isError: false }),
      expect.objectContaining({
        toolCallId: 'call-2',
        isError: true,
        errorCode: 'PATH_OUTSIDE_WORKSPACE',
      }),
      expect.objectContaining({ toolCallId: 'call-3', isError: true }),
      expect.objectContaining({ toolCallId: 'call-4', isError: false }),
      expect.objectContaining({
        toolCallId: 'call-5',
        isError: true,
        errorCode: 'INVALID_TOOL_INPUT',
      }),
    ]);
  });

  it('keeps the registry limits: truncation and per-call time limits', async () => {
    const { root, registry } = workspace();
    writeFileSync(join(root, 'big.txt'), 'x'.repeat(5000));
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTools(['big', 'Read', { path: 'big.txt' }], ['slow', 'Bash', { command: 'sleep 30' }]),
        says('done'),
      ],
    });
    await generateText({
      model,
      tools: toAiSdkTools(registry, { execute: { maxChars: 500, timeoutMs: 400 } }),
      prompt: 'go',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultsSentTo(model) as Record<string, { type: string; value: string }>;
    expect(sent.big?.type).toBe('text');
    expect(sent.big?.value.length).toBeLessThan(1000);
    expect(sent.big?.value).toMatch(/truncated|cut/i);
    expect(sent.slow).toMatchObject({
      type: 'error-text',
      value: expect.stringContaining('did not finish within 400 ms'),
    });
  });

  it('with a policy, asks for the AI SDK approval before a call that needs confirmation', async () => {
    const { root, registry } = workspace();
    const policy = new ToolPolicy();
    const write = ['w1', 'Write', { path: 'plan.md', content: '# Plan\n' }] as const;
    const model = new MockLanguageModelV3({
      doGenerate: [callsTools(['r1', 'Read', { path: 'notes.txt' }], [...write]), says('written')],
    });
    const tools = toAiSdkTools(registry, { policy });
    const first = await generateText({
      model,
      tools,
      prompt: 'write a plan',
      stopWhen: stepCountIs(3),
    });
    // Read is safe and ran; Write waits for approval and did not run.
    expect(first.toolResults.map((part) => part.toolName)).toEqual(['Read']);
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests).toEqual([
      expect.objectContaining({ toolCall: expect.objectContaining({ toolName: 'Write' }) }),
    ]);
    expect(existsSync(join(root, 'plan.md'))).toBe(false);

    const approved: ModelMessage[] = [
      { role: 'user', content: 'write a plan' },
      ...first.response.messages,
      {
        role: 'tool',
        content: requests.map((request) => ({
          type: 'tool-approval-response' as const,
          approvalId: request.approvalId,
          approved: true,
        })),
      },
    ];
    const second = await generateText({
      model,
      tools,
      messages: approved,
      stopWhen: stepCountIs(3),
    });
    expect(second.text).toBe('written');
    expect(readFileSync(join(root, 'plan.md'), 'utf8')).toBe('# Plan\n');
  });

  it('runs a call that asks only once approved: a declined or skipped approval is refused by the registry', async () => {
    const { root, registry } = workspace();
    const checked = new ToolRegistry({ ...registry.options, policy: new ToolPolicy() }).registerAll(
      registry.getAll(),
    );
    const tools = toAiSdkTools(checked);
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTools(['w1', 'Write', { path: 'x.md', content: 'x' }]),
        says('not written'),
      ],
    });
    const first = await generateText({ model, tools, prompt: 'write', stopWhen: stepCountIs(3) });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request?.toolCall.toolName).toBe('Write');
    const second = await generateText({
      model,
      tools,
      messages: [
        { role: 'user', content: 'write' },
        ...first.response.messages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId: request!.approvalId, approved: false },
          ],
        },
      ],
      stopWhen: stepCountIs(3),
    });
    expect(second.text).toBe('not written');
    // Calling the tool's execute without the approval flow: the registry's check refuses it.
    const direct = (await tools.Write!.execute!(
      { path: 'x.md', content: 'x' },
      { toolCallId: 'w2', messages: [] },
    )) as TinyElfToolOutput;
    expect(direct).toMatchObject({ isError: true, errorCode: 'PERMISSION_DENIED' });
    expect(direct.content).toContain('no tool-approval-response approved it');
    expect(existsSync(join(root, 'x.md'))).toBe(false);
  });

  it('in plan mode offers only the read-only tools', () => {
    const { registry } = workspace();
    const tools = toAiSdkTools(registry, { policy: new ToolPolicy(), mode: 'plan' });
    expect(Object.keys(tools)).toEqual(['Read', 'ListDir', 'Glob', 'Grep']);
    expect(Object.keys(toAiSdkTools(registry, { only: ['Grep', 'Bash'] }))).toEqual([
      'Grep',
      'Bash',
    ]);
  });

  it("denies a deny rule's call and asks for approval of an ask rule's call, as execute decides", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-ai-sdk-rules-')));
    mkdirSync(join(root, 'secret'));
    writeFileSync(join(root, 'secret', 'key.txt'), 'hunter2\n');
    writeFileSync(join(root, 'notes.txt'), 'elves ship on Friday\n');
    const policy = new ToolPolicy({
      permissions: { deny: ['Read(./secret/**)'], ask: ['Read(./notes.txt)'] },
    });
    const registry = new ToolRegistry({ workspaceRoot: root, policy }).registerAll(
      createFileSystemTools({ workspaceRoot: root }),
    );
    const model = new MockLanguageModelV3({
      doGenerate: [
        callsTools(
          ['d1', 'Read', { path: 'secret/key.txt' }],
          ['a1', 'Read', { path: 'notes.txt' }],
        ),
        says('done'),
      ],
    });
    const first = await generateText({
      model,
      tools: toAiSdkTools(registry),
      prompt: 'read both',
      stopWhen: stepCountIs(3),
    });
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests.map((request) => request.toolCall.toolCallId)).toEqual(['a1']);
    const denied = first.toolResults.find((part) => part.toolCallId === 'd1');
    expect(denied?.output).toMatchObject({
      isError: true,
      errorCode: 'PERMISSION_DENIED',
      content: expect.stringContaining('`deny: Read(./secret/**)` refuses it'),
    });
    expect(JSON.stringify(first.toolResults)).not.toContain('hunter2');
  });
});
