import type { FileHandle } from 'node:fs/promises';

/** Text in a tool's output. */
export interface TextContentPart {
  /** Text. */
  readonly type: 'text';
  /** The text. */
  readonly text: string;
}

/** An image or audio clip in a tool's output, as base64 with its media type. */
export interface MediaContentPart {
  /** An image or a sound. */
  readonly type: 'image' | 'audio';
  /** The bytes, base64-encoded. */
  readonly data: string;
  /** The media type, such as `image/png` or `audio/wav`. */
  readonly mimeType: string;
  /** What a model that cannot take this part reads instead (a short description). */
  readonly alt?: string;
}

/** A piece of a tool's output: text, or an image or audio clip as base64 with its media type. */
export type ToolContentPart = TextContentPart | MediaContentPart;

/** A tool output made of parts (text and images), returned by a tool's `execute`. */
export interface RichToolOutput {
  /** The parts in the order the model should read them. */
  readonly parts: readonly ToolContentPart[];
  /**
   * Set by a tool that cut its own text to fit `ToolContext.outputLimit.maxChars` (and said so in
   * it): the registry then does not cut or save the output again, and the call's result has
   * `truncated: true`. The limit is applied once.
   */
  readonly truncated?: boolean;
  /**
   * The file where the tool saved its complete output (implies `truncated`), usually one it
   * opened with `ToolContext.outputLimit.openSpillFile`; the call's result carries it as
   * `fullOutputPath`.
   */
  readonly fullOutputPath?: string;
}

/** A new, empty file in the registry's spill folder, opened for writing (see {@link ToolOutputLimit}). */
export interface SpillFile {
  /** The file's absolute path. */
  readonly path: string;
  /** The open file; the tool closes it when done. Its `fd` can be handed to a child process. */
  readonly handle: FileHandle;
}

/**
 * The output limit the registry applies to a call, passed to the tool as
 * `ToolContext.outputLimit`, so that a tool which produces a lot (a shell command) can cut its
 * own output to fit and save the complete output itself, instead of holding it all in memory.
 */
export interface ToolOutputLimit {
  /** Text longer than this many characters is cut by the registry. */
  readonly maxChars: number;
  /** Which part the registry keeps when it cuts (the tool's `outputKeep`). */
  readonly keep: 'head' | 'tail' | 'head-and-tail';
  /**
   * Opens a new file for this call's complete output in the registry's spill folder (named and
   * pruned like the registry's own saved outputs). Absent when the registry keeps no full
   * outputs (`spillDirectory: false`); rejects when the folder cannot be written.
   */
  readonly openSpillFile?: () => Promise<SpillFile>;
  /**
   * The folder `openSpillFile` creates its files in (it may not exist yet), given with it. A tool
   * may keep a scratch file of its own there (a name starting with a dot, never `.txt`, so
   * pruning leaves it alone) and rename it over a file from `openSpillFile` once it proves worth
   * keeping: Bash lets a command write straight into such a file.
   */
  readonly spillDirectory?: string;
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
  return part.alt ?? `[${part.type}: ${part.mimeType}, ${base64Bytes(part.data)} bytes]`;
}

/** How many bytes base64 text decodes to: 4 characters are 3 bytes, less one per `=` of padding. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
