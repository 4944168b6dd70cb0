import { describe, expect, it } from 'vitest';
import { DuplicateToolError } from './duplicate-tool-error';
import { TinyElfError } from './tinyelf-error';
import { toTinyElfError } from './to-tinyelf-error';
import { ToolExecutionError } from './tool-execution-error';
import { ToolNotFoundError } from './tool-not-found-error';

describe('errors', () => {
  it('turns anything thrown into a TinyElfError, keeping the cause', () => {
    const original = new Error('boom');
    const converted = toTinyElfError(original);
    expect(ToolExecutionError.isInstance(converted)).toBe(true);
    expect(converted.message).toBe('boom');
    expect(converted.cause).toBe(original);
    expect(toTinyElfError('text').message).toBe('text');
    expect(toTinyElfError(null).message).toBe('The tool threw null');
    expect(toTinyElfError({ message: 'shaped' }).message).toBe('shaped');
    expect(toTinyElfError({ code: 7 }).message).toBe('The tool threw {"code":7}');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(toTinyElfError(circular).message).toBe('The tool threw an object that cannot be shown');
  });

  it('returns a TinyElfError unchanged', () => {
    const error = new DuplicateToolError({ toolName: 'x', message: 'dup' });
    expect(toTinyElfError(error)).toBe(error);
  });

  it('recognises errors by code, also from another copy of the package', () => {
    const error = new ToolNotFoundError({ toolName: 'x', availableTools: [], message: 'nope' });
    expect(TinyElfError.isInstance(error)).toBe(true);
    expect(ToolNotFoundError.isInstance(error)).toBe(true);
    expect(DuplicateToolError.isInstance(error)).toBe(false);
    expect(error.code).toBe('TOOL_NOT_FOUND');
    // What another copy of @tinyelf/core would create: same global marker, different class.
    const foreign = Object.assign(new Error('other copy'), {
      code: 'TOOL_NOT_FOUND',
      toolName: 'x',
      availableTools: ['Read'],
      [Symbol.for('tinyelf.error')]: true,
    });
    expect(ToolNotFoundError.isInstance(foreign)).toBe(true);
    expect(TinyElfError.isInstance(new Error('plain'))).toBe(false);
  });

  it('does not take a bare error with the code for a subclass without its fields', () => {
    const bare = new TinyElfError({ code: 'TOOL_NOT_FOUND', message: 'no tool' });
    expect(TinyElfError.hasCode(bare, 'TOOL_NOT_FOUND')).toBe(true);
    expect(ToolNotFoundError.isInstance(bare)).toBe(false);
    const duplicate = new TinyElfError({ code: 'DUPLICATE_TOOL', message: 'twice' });
    expect(DuplicateToolError.isInstance(duplicate)).toBe(false);
  });
});
