/** Whether a file's first bytes look like binary data (a NUL byte, or mostly control bytes). */
export function looksBinary(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  if (sample.includes(0)) return true;
  let control = 0;
  for (const byte of sample) {
    if (byte < 7 || (byte > 13 && byte < 32) || byte === 127) control++;
  }
  return control / sample.length > 0.1;
}

const signatures: readonly [string, number[]][] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['an ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['a WebAssembly module', [0x00, 0x61, 0x73, 0x6d]],
];

/** A short description of a binary file's kind from its magic bytes. */
export function describeBinary(sample: Buffer): string {
  for (const [kind, bytes] of signatures) {
    if (bytes.every((byte, index) => sample[index] === byte)) return kind;
  }
  return 'binary data';
}

/** A byte count for people: `512 B`, `1.2 KB`, `3.4 MB`, `1.0 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
