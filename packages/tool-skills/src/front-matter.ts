import { parse } from 'yaml';

/** A Markdown file split into its YAML front matter and its body. */
export interface FrontMatterDocument {
  /** The YAML front matter's keys ({} without front matter). */
  readonly attributes: Record<string, unknown>;
  /** The text after the front matter. */
  readonly body: string;
}

/**
 * Splits `---`-fenced YAML front matter from a Markdown file. Throws with a clear reason when
 * there is none or it is not a YAML mapping.
 */
export function parseFrontMatter(text: string): FrontMatterDocument {
  const source = text.replace(/^\ufeff/, '');
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) throw new Error('it has no YAML front matter (a block between --- lines at the top)');
  let attributes: unknown;
  try {
    attributes = parse(match[1]!);
  } catch (error) {
    throw new Error(
      `its front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`,
    );
  }
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    throw new Error('its front matter is not a mapping of keys to values');
  }
  return { attributes: attributes as Record<string, unknown>, body: source.slice(match[0].length) };
}
