/**
 * Decodes a page with the charset its `Content-Type` header names, or else the one its
 * `<meta charset>` / `<meta http-equiv="Content-Type">` names in the first 4 KB, or UTF-8
 * (a byte-order mark wins over both).
 */
export function decodeText(
  body: Buffer,
  contentType: string | undefined,
  sniffHtml: boolean,
): string {
  const label =
    bomCharset(body) ??
    headerCharset(contentType) ??
    (sniffHtml ? metaCharset(body) : undefined) ??
    'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return undefined;
}

function headerCharset(contentType: string | undefined): string | undefined {
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}
