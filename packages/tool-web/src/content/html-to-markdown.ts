import { type DomName, domBuilder } from './dom-builder';

/** An HTML page as Markdown. */
export interface ConvertedPage {
  readonly title: string;
  /** Readability's excerpt (the page's description or its first paragraph). */
  readonly excerpt?: string;
  /** The author line, when the page has one. */
  readonly byline?: string;
  readonly markdown: string;
  /** Whether Readability found an article (otherwise the whole body was converted). */
  readonly article: boolean;
}

/** What Readability never reads: scripts, styles, inline SVG, templates and comments. */
const unusedMarkup =
  /<script\b[\s\S]*?<\/script\s*>|<style\b[\s\S]*?<\/style\s*>|<svg\b[\s\S]*?<\/svg\s*>|<template\b[\s\S]*?<\/template\s*>|<noscript\b[\s\S]*?<\/noscript\s*>|<!--[\s\S]*?-->/gi;

import type TurndownService from 'turndown';

type Turndown = TurndownService;
let turndown: Promise<Turndown> | undefined;

function loadTurndown(): Promise<Turndown> {
  turndown ??= (async () => {
    const [{ default: TurndownService }, gfm] = await Promise.all([
      import('turndown'),
      import('turndown-plugin-gfm'),
    ]);
    const service = new TurndownService({
      headingStyle: 'atx',
      codeBlockStyle: 'fenced',
      bulletListMarker: '-',
    });
    service.use(gfm.gfm);
    service.remove([
      'script',
      'style',
      'noscript',
      'iframe',
      'form',
      'button',
    ] as TurndownService.Filter);
    return service;
  })();
  return turndown;
}

/**
 * Converts a page to Markdown: unused markup is stripped and the HTML capped before a DOM is
 * built (so the worst case stays bounded), Readability extracts the article (with the page URL as
 * base, so links resolve), and Turndown writes Markdown with tables and fenced code blocks. When
 * Readability finds no article, the whole body is converted.
 */
export async function htmlToMarkdown(
  html: string,
  url: string,
  options: { dom: DomName; maxHtmlChars: number },
): Promise<ConvertedPage> {
  const cleaned = html.replace(unusedMarkup, '').slice(0, options.maxHtmlChars);
  const [document, { Readability }, service] = await Promise.all([
    domBuilder(options.dom)(cleaned, url),
    import('@mozilla/readability'),
    loadTurndown(),
  ]);
  removeHiddenElements(document);
  const documentTitle = document.title?.trim() ?? '';
  const body = document.body?.innerHTML ?? cleaned;
  const article = new Readability(document, { keepClasses: false }).parse();
  if (article?.content) {
    return {
      title: article.title?.trim() || documentTitle,
      excerpt: article.excerpt?.replace(/\s+/g, ' ').trim() || undefined,
      byline: article.byline?.replace(/\s+/g, ' ').trim() || undefined,
      markdown: tidy(service.turndown(article.content)),
      article: true,
    };
  }
  return { title: documentTitle, markdown: tidy(service.turndown(body)), article: false };
}

/** Elements a reader never sees, where prompt injections like to hide. */
const hiddenSelector =
  '[hidden], [aria-hidden="true"], [style*="display:none" i], [style*="display: none" i], [style*="visibility:hidden" i], [style*="visibility: hidden" i]';

function removeHiddenElements(document: Document): void {
  for (const element of Array.from(document.querySelectorAll(hiddenSelector))) element.remove();
}

function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
