import { Type as LegacyType } from '@sinclair/typebox';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { ITool } from '../tool/tool';
import { ToolRegistry } from './tool-registry';

// One schema written three ways: the registry must treat them alike.
const plain = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    ratio: { type: 'number' },
    verbose: { type: 'boolean' },
    label: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    sizes: { type: 'array', items: { type: 'integer' } },
    options: { type: 'object', properties: { deep: { type: 'boolean' } } },
    mode: { enum: ['fast', 'slow'], default: 'fast' },
  },
  required: ['count'],
};
const typebox = Type.Object({
  count: Type.Integer(),
  ratio: Type.Optional(Type.Number()),
  verbose: Type.Optional(Type.Boolean()),
  label: Type.Optional(Type.String()),
  tags: Type.Optional(Type.Array(Type.String())),
  sizes: Type.Optional(Type.Array(Type.Integer())),
  options: Type.Optional(Type.Object({ deep: Type.Optional(Type.Boolean()) })),
  mode: Type.Optional(
    Type.Union([Type.Literal('fast'), Type.Literal('slow')], { default: 'fast' }),
  ),
});
const legacy = LegacyType.Object({
  count: LegacyType.Integer(),
  ratio: LegacyType.Optional(LegacyType.Number()),
  verbose: LegacyType.Optional(LegacyType.Boolean()),
  label: LegacyType.Optional(LegacyType.String()),
  tags: LegacyType.Optional(LegacyType.Array(LegacyType.String())),
  sizes: LegacyType.Optional(LegacyType.Array(LegacyType.Integer())),
  options: LegacyType.Optional(
    LegacyType.Object({ deep: LegacyType.Optional(LegacyType.Boolean()) }),
  ),
  mode: LegacyType.Optional(
    LegacyType.Union([LegacyType.Literal('fast'), LegacyType.Literal('slow')], {
      default: 'fast',
    }),
  ),
});

describe.each([
  ['plain JSON Schema', plain],
  ['typebox 1.x', typebox],
  ['@sinclair/typebox 0.34', legacy],
])('coercion with a %s schema', (_kind, parameters) => {
  let calls = 0;
  const echo: ITool = {
    name: 'echo',
    description: 'Returns its arguments as JSON',
    parameters,
    execute: async (params) => {
      calls++;
      return JSON.stringify(params);
    },
  };
  const registry = new ToolRegistry({ spillDirectory: false }).register(echo);
  const run = async (params: unknown) => {
    const before = calls;
    const result = await registry.execute('c', 'echo', params);
    return { ...result, ran: calls > before };
  };

  it('repairs what can be read back exactly (the table in the README)', async () => {
    const result = await run({
      count: '5',
      ratio: '-2.5e3',
      verbose: 'false',
      label: 42,
      tags: 'single',
      sizes: '[1, 2]',
      options: '{"deep":"true"}',
    });
    expect(JSON.parse(result.content)).toEqual({
      count: 5,
      ratio: -2500,
      verbose: false,
      label: '42',
      tags: ['single'],
      sizes: [1, 2],
      options: { deep: true },
      mode: 'fast',
    });
    expect(JSON.parse((await run({ count: 1, label: true, sizes: '7' })).content)).toMatchObject({
      label: 'true',
      sizes: [7],
    });
  });

  it('treats null for an optional parameter as not given', async () => {
    const result = await run({ count: 1, ratio: null, label: null, mode: null });
    expect(JSON.parse(result.content)).toEqual({ count: 1, mode: 'fast' });
  });

  it.each([
    [{ count: 2.5 }, '- count: expected an integer, got a number 2.5'],
    [{ count: '2.5' }, '- count: expected an integer, got a string "2.5"'],
    [{ count: 1, ratio: 'true' }, '- ratio: expected a number, got a string "true"'],
    [{ count: 1, ratio: '12abc' }, '- ratio: expected a number, got a string "12abc"'],
    [{ count: 1, verbose: 1 }, '- verbose: expected a boolean (true or false), got an integer 1'],
    [
      { count: 1, verbose: 'yes' },
      '- verbose: expected a boolean (true or false), got a string "yes"',
    ],
    [{ count: null }, '- count: expected an integer, got null'],
    [
      { count: 1, label: null, sizes: ['1', 1.5] },
      '- sizes.1: expected an integer, got a number 1.5',
    ],
    [
      { count: 1, label: { text: 'hi' } },
      '- label: expected a string, got an object {"text":"hi"}',
    ],
    [{ count: 1, sizes: 'many' }, '- sizes.0: expected an integer, got a string "many"'],
    [{ count: 1, tags: { a: 1 } }, '- tags.0: expected a string, got an object {"a":1}'],
    [
      { count: 1, options: '{"deep": 1}' },
      '- options.deep: expected a boolean (true or false), got an integer 1',
    ],
    [{ count: 1, options: 'deep' }, '- options: expected an object, got a string "deep"'],
  ])('refuses %j, saying what was got and what is expected', async (params, line) => {
    const result = await run(params);
    expect(result.ran).toBe(false);
    expect(result.errorCode).toBe('INVALID_TOOL_INPUT');
    expect(result.content.split('\n')).toContain(line);
  });

  it('keeps unknown properties the schema allows, as sent', async () => {
    const result = await run({ count: 1, note: 'kept' });
    expect(JSON.parse(result.content)).toEqual({ count: 1, note: 'kept', mode: 'fast' });
  });
});
