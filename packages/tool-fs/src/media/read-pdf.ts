import { TinyElfError, type ToolContext } from '@tinyelf/core';
import { formatBytes } from '../binary-detection';
import type { FileStateTracker } from '../file-state-tracker';
import { loadPdfJs, type PdfJs } from './load-pdfjs';
import { type OpenedFile, readRecorded } from './opened-file';
import { formatPages, type PageRange, selectedPages } from './page-selection';

/** How much of a PDF Read takes on. */
export interface PdfLimits {
  /** The largest PDF file Read opens, in bytes. */
  readonly maxBytes: number;
  /** The most pages one call shows. */
  readonly maxPages: number;
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * A PDF's text page by page (`--- Page N ---` headings), the pages asked for (`ranges`) or from
 * the first, at most `limits.maxPages` per call with a note naming the pages to ask for next.
 * Reports each page through `context.onProgress` and stops when `context.signal` aborts.
 */
export async function readPdf(
  file: OpenedFile,
  ranges: readonly PageRange[] | undefined,
  limits: PdfLimits,
  tracker: FileStateTracker,
  context?: Pick<ToolContext, 'signal' | 'onProgress'>,
): Promise<string> {
  const { path, info } = file;
  if (info.size > limits.maxBytes) {
    throw new TinyElfError({
      code: 'FILE_TOO_LARGE',
      message: `"${path}" is a PDF of ${formatBytes(info.size)}, more than the ${formatBytes(limits.maxBytes)} Read opens. Extract its text with Bash (for example pdftotext -f 1 -l ${limits.maxPages} "${path}" -) instead.`,
    });
  }
  const pdfjs = await loadPdfJs();
  const bytes = await readRecorded(file, tracker);
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  const abort = () => void task.destroy();
  context?.signal?.addEventListener('abort', abort, { once: true });
  try {
    const document = await task.promise.catch((error: unknown) => {
      throw unreadable(path, error);
    });
    const selected = ranges
      ? selectedPages(ranges, document.numPages, path)
      : Array.from({ length: document.numPages }, (_, index) => index + 1);
    const shown = selected.slice(0, limits.maxPages);
    const sections: string[] = [];
    for (const [index, page] of shown.entries()) {
      context?.signal?.throwIfAborted();
      sections.push(`--- Page ${page} ---\n${await pageText(document, page)}`);
      context?.onProgress?.(`read page ${page} of "${path}"`, {
        progress: index + 1,
        total: shown.length,
      });
    }
    const count = `${document.numPages} page${document.numPages === 1 ? '' : 's'}`;
    const heading = `"${path}": a PDF of ${count}; showing page${shown.length === 1 ? '' : 's'} ${formatPages(shown)}.`;
    const rest = selected.slice(limits.maxPages);
    const note =
      rest.length === 0
        ? ''
        : `\n\n(Showing ${shown.length} of the ${selected.length} pages ${ranges ? 'asked for' : 'in the file'}: Read shows at most ${limits.maxPages} per call. Read on with pages="${formatPages(rest.slice(0, limits.maxPages))}".)`;
    return `${heading}\n\n${sections.join('\n\n')}${note}`;
  } finally {
    context?.signal?.removeEventListener('abort', abort);
    await task.destroy();
  }
}

/** The text of one page, lines as the PDF ends them. */
async function pageText(document: PdfDocument, pageNumber: number): Promise<string> {
  const page = await document.getPage(pageNumber);
  const content = await page.getTextContent();
  page.cleanup();
  const text = content.items
    .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
    .join('')
    .trimEnd();
  return text === '' ? '(no text on this page: it may be a scanned image or only drawings)' : text;
}

/** Why pdf.js could not open a file, in words: encrypted, or not a well-formed PDF. */
function unreadable(path: string, error: unknown): TinyElfError {
  const name = (error as { name?: string }).name;
  if (name === 'PasswordException') {
    return new TinyElfError({
      code: 'PDF_ENCRYPTED',
      message: `"${path}" is an encrypted (password-protected) PDF; Read cannot open it. Decrypt a copy with the password first (for example qpdf --decrypt --password=PASSWORD "${path}" decrypted.pdf) and Read that.`,
      cause: error,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new TinyElfError({
    code: 'PDF_INVALID',
    message: `"${path}" starts like a PDF but cannot be read as one (${reason.replace(/\.$/, '')}); it may be cut short or damaged.`,
    cause: error,
  });
}
