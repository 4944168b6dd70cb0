import { describe, expect, it } from 'vitest';
import { countLineBreaks } from './line-breaks';

const naive = (bytes: Uint8Array) =>
  bytes.reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0);

describe('countLineBreaks', () => {
  it('counts sparse, dense and mixed line breaks at any alignment', () => {
    const outputs = [
      Buffer.from('no breaks at all'),
      Buffer.from('y\n'.repeat(40_000)),
      Buffer.from(Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n')),
      Buffer.from(`${'a'.repeat(3000)}\n${'b\n'.repeat(3000)}${'c'.repeat(5000)}\n\n\n`),
      Buffer.from('€\n😀\n'.repeat(2000)),
    ];
    for (const output of outputs)
      for (let offset = 0; offset < 5; offset++) {
        const slice = output.subarray(offset);
        expect(countLineBreaks(slice)).toBe(naive(slice));
      }
  });
});
