import type { GuardedResponse } from '@tinyelf/core';
import { TinyElfError } from '@tinyelf/core';
import { decodeText } from './charset';
import type { DomName } from './dom-builder';
import { htmlToMarkdown } from './html-to-markdown';

/** A fetched page as text for the model. */
export interface PageText {
  readonly title: string;
  /** The page's own description or first paragraph, and its author line, when found. */
  readonly excerpt?: string;
  readonly byline?: string;
  readonly finalUrl: string;
  readonly text: string;
  /** What the text is: Markdown from HTML, passed-through text, JSON, or a note about binary content. */
  readonly kind: 'html' | 'text' | 'json' | 'binary';
  readonly truncated: boolean;
}

/**
 * Turns a response into text: HTML through Readability and Turndown, plain text and Markdown as
 * they are, JSON pretty-printed, anything else (PDF, images, archives) described by type and size.
 * HTTP errors are errors.
 */
export async function convertResponse(
  response: GuardedResponse,
  options: { dom: DomName; maxHtmlChars: number },
): Promise<PageText> {
  if (response.status >= 400) {
    throw new TinyElfError({
      code: 'HTTP_ERROR',
      message: `${response.finalUrl} answered HTTP ${response.status}.`,
    });
  }
  const contentType = String(response.headers['content-type'] ?? '');
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  const base = { finalUrl: response.finalUrl, truncated: response.truncated };
  if (
    mime === 'text/html' ||
    mime === 'application/xhtml+xml' ||
    (mime === '' &&
      /^\s*<(!doctype html|html)/i.test(response.body.subarray(0, 512).toString('latin1')))
  ) {
    const html = decodeText(response.body, contentType, true);
    const page = await htmlToMarkdown(html, response.finalUrl, options);
    return {
      ...base,
      title: page.title,
      excerpt: page.excerpt,
      byline: page.byline,
      text: page.markdown,
      kind: 'html',
    };
  }
  if (mime === 'application/json' || mime.endsWith('+json')) {
    const text = decodeText(response.body, contentType, false);
    try {
      return { ...base, title: '', text: JSON.stringify(JSON.parse(text), null, 2), kind: 'json' };
    } catch {
      return { ...base, title: '', text, kind: 'text' };
    }
  }
  if (
    mime.startsWith('text/') ||
    mime === 'application/xml' ||
    mime === 'application/javascript' ||
    mime === ''
  ) {
    return {
      ...base,
      title: '',
      text: decodeText(response.body, contentType, false),
      kind: 'text',
    };
  }
  const size = response.headers['content-length']
    ? Number(response.headers['content-length'])
    : response.body.length;
  return {
    ...base,
    title: '',
    text: `The page is ${mime} (${formatSize(size)}${response.truncated ? ' or more' : ''}), which WebFetch does not convert to text.`,
    kind: 'binary',
  };
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
