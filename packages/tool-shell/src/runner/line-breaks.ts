const NEWLINE = 0x0a;
/** How many line breaks `indexOf` finds before the counter checks how dense they are. */
const SAMPLE = 64;
/** Below this many bytes per line on average, a word-at-a-time count beats `indexOf`. */
const DENSE_LINE_BYTES = 32;

/**
 * The number of line breaks (`\n`) in `bytes`. Called on every chunk a command prints (a 1 GB
 * output is 16,000 chunks), so it is fast either way: sparse breaks are found with `indexOf`
 * (memchr), dense ones (`yes`, `seq`) counted four bytes at a time.
 */
export function countLineBreaks(bytes: Uint8Array): number {
  let count = 0;
  let checked = 0;
  let index = bytes.indexOf(NEWLINE);
  while (index !== -1) {
    count++;
    if (count % SAMPLE === 0) {
      if (index - checked < SAMPLE * DENSE_LINE_BYTES)
        return count + countWordwise(bytes, index + 1);
      checked = index;
    }
    index = bytes.indexOf(NEWLINE, index + 1);
  }
  return count;
}

/** Counts `\n` from `from` on, a 32-bit word at a time (the exact zero-byte test, no false hits). */
function countWordwise(bytes: Uint8Array, from: number): number {
  let count = 0;
  let index = from;
  const base = bytes.byteOffset;
  for (; index < bytes.length && (base + index) % 4 !== 0; index++)
    if (bytes[index] === NEWLINE) count++;
  const words = (bytes.length - index) >> 2;
  const view = new Uint32Array(bytes.buffer, base + index, words);
  for (let word = 0; word < words; word++) {
    const value = (view[word] as number) ^ 0x0a0a0a0a;
    // A high bit set for each byte of `value` that is zero (each byte of the word that was \n).
    let zeros = ~(((value & 0x7f7f7f7f) + 0x7f7f7f7f) | value | 0x7f7f7f7f);
    if (zeros !== 0) {
      zeros >>>= 7;
      zeros = (zeros & 0x00ff00ff) + ((zeros >>> 8) & 0x00ff00ff);
      count += (zeros & 0xffff) + (zeros >>> 16);
    }
  }
  for (index += words * 4; index < bytes.length; index++) if (bytes[index] === NEWLINE) count++;
  return count;
}
