import { Type } from '@sinclair/typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ToolRegistry } from '../registry/tool-registry';
import { defineTool } from './define-tool';
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
