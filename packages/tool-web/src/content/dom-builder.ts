import { TinyElfError } from '@tinyelf/core';

/** Which DOM implementation builds the document Readability reads. */
export type DomName = 'linkedom' | 'jsdom';

/** Builds a DOM document for a page, with the page's URL as its base (so links resolve). */
export type DomBuilder = (html: string, url: string) => Promise<Document>;

/**
 * linkedom: a light DOM, several times faster than jsdom with a fraction of the memory. It leaves
 * `baseURI` and `documentURI` unset, so both are set here, or Readability would keep relative links.
 */
const buildWithLinkedom: DomBuilder = async (html, url) => {
  const { parseHTML } = await import('linkedom');
  // linkedom builds no <html> element for a fragment; browsers and jsdom do.
  const page = /<html[\s>]/i.test(html)
    ? html
    : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  const { document } = parseHTML(page);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  let base = url;
  try {
    if (baseHref) base = new URL(baseHref, url).href;
  } catch {
    // an invalid <base> is ignored, as browsers do
  }
  Object.defineProperty(document, 'baseURI', { value: base, configurable: true });
  for (const property of ['documentURI', 'URL']) {
    Object.defineProperty(document, property, { value: url, configurable: true });
  }
  return document as unknown as Document;
};

/**
 * Imports jsdom, an optional peer dependency of this package (it is installed only by those who
 * choose `dom: 'jsdom'`); when it is not installed, the error says so and what to do.
 */
export async function importJsdom(
  load: () => Promise<typeof import('jsdom')> = () => import('jsdom'),
): Promise<typeof import('jsdom')> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !/['"]jsdom['"]/.test(message)) throw error;
    throw new TinyElfError({
      code: 'DEPENDENCY_NOT_INSTALLED',
      message:
        "WebFetch is configured with dom: 'jsdom', but the jsdom package is not installed: install it (npm i jsdom) or use dom: 'linkedom', the default.",
      cause: error,
    });
  }
}

/** jsdom: the reference DOM, heavier; given the URL so `baseURI` is right. */
const buildWithJsdom: DomBuilder = async (html, url) => {
  const { JSDOM, VirtualConsole } = await importJsdom();
  return new JSDOM(html, { url, virtualConsole: new VirtualConsole() }).window.document;
};

/** The DOM builder of a name. */
export function domBuilder(name: DomName): DomBuilder {
  return name === 'jsdom' ? buildWithJsdom : buildWithLinkedom;
}
