/** Decodes the escapes of an ANSI-C quoted string (`$'...'`), as bash does. */
export function decodeAnsiC(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_match, sequence: string) => {
      const head = sequence[0]!;
      if (head === 'x' || head === 'u' || head === 'U')
        return String.fromCodePoint(Number.parseInt(sequence.slice(1), 16));
      if (/[0-7]/.test(head)) return String.fromCharCode(Number.parseInt(sequence, 8) & 255);
      if (head === 'c') return String.fromCharCode(sequence.charCodeAt(1) & 31);
      return (
        simpleEscapes[head] ??
        (head === "'" || head === '"' || head === '\\' || head === '?' ? head : `\\${head}`)
      );
    },
  );
}

const simpleEscapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
};
