import { Type } from '@sinclair/typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ToolRegistry } from '../registry/tool-registry';
import { defineJsonSchemaTool, defineTool } from './define-tool';
import type { ITool } from './tool';

describe('defineTool', () => {
  it('types params from the TypeBox schema and gives an ITool the registry runs', async () => {
    const tool = defineTool({
      name: 'greet',
      description: 'Greets someone',
      parameters: Type.Object({ who: Type.String(), times: Type.Optional(Type.Integer()) }),
      execute: async (params) => {
        expectTypeOf(params).toEqualTypeOf<{ who: string; times?: number }>();
        return `hello ${params.who}`.repeat(params.times ?? 1);
      },
    });
    expectTypeOf(tool).toMatchTypeOf<ITool>();
    const registry = new ToolRegistry().register(tool);
    expect((await registry.execute('c', 'greet', { who: 'elf', times: '2' })).content).toBe(
      'hello elfhello elf',
    );
    expect(await tool.execute({ who: 'direct' })).toBe('hello direct');
  });
});

describe('defineJsonSchemaTool', () => {
  it('types params from the given type and runs through the registry with validation', async () => {
    const tool = defineJsonSchemaTool<{ text: string; times?: number }>({
      name: 'repeat',
      description: 'Repeats a text',
      parameters: {
        type: 'object',
        properties: { text: { type: 'string' }, times: { type: 'integer' } },
        required: ['text'],
      },
      execute: async ({ text, times }) => text.repeat(times ?? 1),
    });
    const registry = new ToolRegistry().register(tool);
    expect((await registry.execute('c', 'repeat', { text: 'ab', times: '2' })).content).toBe(
      'abab',
    );
    expect((await registry.execute('c', 'repeat', { times: 2 })).errorCode).toBe(
      'INVALID_TOOL_INPUT',
    );
  });
});
