import { TinyElfError } from '@tinyelf/core';

/** The part of pdfjs-dist (its legacy build, the one for Node) that Read uses. */
export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | undefined;

/** Imports pdfjs-dist's Node build. */
const importPdfJs = (): Promise<PdfJs> => import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * pdfjs-dist, an optional peer dependency, imported on the first PDF read (not when the tools are
 * built). When it is not installed, or cannot load on this Node, the error
 * (`DEPENDENCY_NOT_INSTALLED`) says what to install.
 */
export function loadPdfJs(load: () => Promise<PdfJs> = importPdfJs): Promise<PdfJs> {
  if (load !== importPdfJs) return explainFailure(load());
  loaded ??= explainFailure(load()).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function explainFailure(loading: Promise<PdfJs>): Promise<PdfJs> {
  try {
    return await loading;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && /['"]pdfjs-dist/.test(message)) {
      throw new TinyElfError({
        code: 'DEPENDENCY_NOT_INSTALLED',
        message:
          'Reading PDF files needs the pdfjs-dist package, which is not installed: install it beside @tinyelf/tool-fs (npm i pdfjs-dist@5.6.205, the last version for Node 20; newer ones need Node 22), or convert the PDF to text with Bash (pdftotext file.pdf -) and Read that.',
        cause: error,
      });
    }
    if (error instanceof ReferenceError && /DOMMatrix|ImageData|Path2D/.test(error.message)) {
      throw new TinyElfError({
        code: 'DEPENDENCY_NOT_INSTALLED',
        message:
          'pdfjs-dist is installed but cannot load on this Node without its optional @napi-rs/canvas dependency (it was left out of the install): install it (npm i @napi-rs/canvas), or convert the PDF to text with Bash (pdftotext file.pdf -) and Read that.',
        cause: error,
      });
    }
    throw error;
  }
}
