import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool';
import { NEVER_ABORTED_SIGNAL } from './bounded-call';
import { ToolRegistry } from './tool-registry';

describe('the never-aborted signal of calls without a signal or timeout', () => {
  it('takes a listener from each of 20 concurrent calls without a MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: (AbortSignal | undefined)[] = [];
    const registry = new ToolRegistry().register(
      defineTool({
        name: 'Wait',
        description: 'Listens on its signal until released.',
        parameters: Type.Object({}),
        async execute(_params, context) {
          const signal = context?.signal;
          seen.push(signal);
          const onAbort = () => {};
          signal?.addEventListener('abort', onAbort);
          await held;
          signal?.removeEventListener('abort', onAbort);
          return 'done';
        },
      }),
    );
    const calls = Array.from({ length: 20 }, (_, index) =>
      registry.execute(`c${index}`, 'Wait', {}),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const results = await Promise.all(calls);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(results.map((result) => result.content)).toEqual(Array(20).fill('done'));
    expect(seen.every((signal) => signal === NEVER_ABORTED_SIGNAL)).toBe(true);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
