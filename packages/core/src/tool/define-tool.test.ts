import { Type as LegacyType } from '@sinclair/typebox';
import type { JSONSchema7 } from 'json-schema';
import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ToolRegistry } from '../registry/tool-registry';
import { defineJsonSchemaTool, defineTool } from './define-tool';
import type { ITool } from './tool';

describe('defineTool', () => {
  it('types params from a typebox 1.x schema and gives an ITool the registry runs', async () => {
    const tool = defineTool({
      name: 'greet',
      description: 'Greets someone',
      parameters: Type.Object({ who: Type.String(), times: Type.Optional(Type.Integer()) }),
      execute: async (params) => {
        expectTypeOf(params).toEqualTypeOf<{ who: string; times?: number }>();
        return `hello ${params.who}`.repeat(params.times ?? 1);
      },
    });
    expectTypeOf(tool).toExtend<ITool>();
    // @ts-expect-error `who` is a string
    tool.execute({ who: 1 });
    const registry = new ToolRegistry().register(tool);
    expect((await registry.execute('c', 'greet', { who: 'elf', times: '2' })).content).toBe(
      'hello elfhello elf',
    );
    expect(await tool.execute({ who: 'direct' })).toBe('hello direct');
  });

  it('types params from a @sinclair/typebox 0.34 schema', async () => {
    const tool = defineTool({
      name: 'legacy',
      description: 'A 0.34 schema',
      parameters: LegacyType.Object({
        path: LegacyType.String(),
        mode: LegacyType.Optional(
          LegacyType.Union([LegacyType.Literal('a'), LegacyType.Literal('b')]),
        ),
      }),
      execute: async (params) => {
        expectTypeOf(params).toEqualTypeOf<{ path: string; mode?: 'a' | 'b' }>();
        return `${params.path}:${params.mode ?? '-'}`;
      },
    });
    expectTypeOf(tool).toExtend<ITool>();
    const registry = new ToolRegistry().register(tool);
    expect((await registry.execute('c', 'legacy', { path: 'x', mode: 'b' })).content).toBe('x:b');
  });

  it('types params from a JSON Schema literal, and accepts a JSONSchema7 interface', async () => {
    const literal = defineTool({
      name: 'literal',
      description: 'A plain schema',
      parameters: {
        type: 'object',
        properties: { text: { type: 'string' }, count: { type: 'integer' } },
        required: ['text'],
      },
      execute: async (params) => {
        expectTypeOf(params.text).toEqualTypeOf<string>();
        expectTypeOf(params.count).toEqualTypeOf<number | undefined>();
        return params.text.repeat(params.count ?? 1);
      },
    });
    const schema: JSONSchema7 = {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    };
    const typed = defineTool({
      name: 'typed',
      description: 'A JSONSchema7 value',
      parameters: schema,
      execute: async (params) => {
        expectTypeOf(params).toEqualTypeOf<Record<string, unknown>>();
        return String(params.text);
      },
    });
    const asITool: ITool = { ...typed, parameters: schema };
    const registry = new ToolRegistry().registerAll([literal, asITool]);
    expect((await registry.execute('c', 'literal', { text: 'ab', count: '2' })).content).toBe(
      'abab',
    );
    expect((await registry.execute('c', 'typed', { text: 5 })).content).toBe('5');
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
