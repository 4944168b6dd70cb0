/** A piece of a tool's output: text, or an image or audio clip as base64 with its media type. */
export type ToolContentPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image' | 'audio';
      /** The bytes, base64-encoded. */
      readonly data: string;
      /** The media type, such as `image/png` or `audio/wav`. */
      readonly mimeType: string;
      /** What a model that cannot take this part reads instead (a short description). */
      readonly alt?: string;
    };

/** A tool output made of parts (text and images), returned by a tool's `execute`. */
export interface RichToolOutput {
  /** The parts in the order the model should read them. */
  readonly parts: readonly ToolContentPart[];
}

/**
 * What a tool's `execute` resolves to: text (every tool written before rich results), or
 * {@link RichToolOutput} parts. Any other value is shown to the model as JSON.
 */
export type ToolOutput = string | RichToolOutput;

/** How far a long call has come, reported through `ToolContext.onProgress`. */
export interface ToolProgress {
  /** Work done so far (bytes, lines, items), increasing with every report. */
  readonly progress: number;
  /** The total, when it is known. */
  readonly total?: number;
}

const PART_TYPES = new Set(['text', 'image', 'audio']);

/** Whether a value a tool returned is a {@link RichToolOutput} (an object with well-formed `parts`). */
export function isRichToolOutput(value: unknown): value is RichToolOutput {
  if (typeof value !== 'object' || value === null) return false;
  const parts = (value as { parts?: unknown }).parts;
  return (
    Array.isArray(parts) &&
    parts.every(
      (part) =>
        typeof part === 'object' &&
        part !== null &&
        PART_TYPES.has((part as { type?: unknown }).type as string) &&
        ((part as { type: string }).type === 'text'
          ? typeof (part as { text?: unknown }).text === 'string'
          : typeof (part as { data?: unknown }).data === 'string' &&
            typeof (part as { mimeType?: unknown }).mimeType === 'string'),
    )
  );
}

/** The text a model that reads only text sees for a part: the text, or a one-line description. */
export function describeContentPart(part: ToolContentPart): string {
  if (part.type === 'text') return part.text;
  const bytes = Math.floor((part.data.length * 3) / 4);
  return part.alt ?? `[${part.type}: ${part.mimeType}, ${bytes} bytes]`;
}
