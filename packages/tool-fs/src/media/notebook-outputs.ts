import type { ToolContentPart } from '@tinyelf/core';
import { formatBytes } from '../binary-detection';
import { shortenLine } from '../line-format';
import { imageDimensions, imageFormatOf } from './image-format';
import type { ImageLimits } from './read-image';

/** Lines of one output shown before the rest is summed up. */
export const MAX_OUTPUT_LINES = 200;

/** One output of a code cell as nbformat 4 stores it (every field may be missing in a bad file). */
export interface NotebookOutput {
  /** `stream`, `execute_result`, `display_data` or `error`. */
  readonly output_type?: unknown;
  /** A stream's name: `stdout` or `stderr`. */
  readonly name?: unknown;
  /** A stream's text. */
  readonly text?: unknown;
  /** A result's or display's data by media type. */
  readonly data?: Record<string, unknown>;
  /** An error's class name. */
  readonly ename?: unknown;
  /** An error's message. */
  readonly evalue?: unknown;
  /** An error's traceback lines (with terminal colour codes). */
  readonly traceback?: unknown;
}

/** Where the parts of a notebook are collected: text lines, and images between them. */
export interface NotebookParts {
  /** Adds a line (or several) of text. */
  text(line: string): void;
  /** Adds an image, unless the notebook's image limits say to describe it instead. */
  image(data: string, mimeType: string, cell: number): void;
}

/** The text of a notebook field, which nbformat stores as a string or a list of lines. */
export function joinedText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((line) => typeof line === 'string').join('');
  return '';
}

const TERMINAL_CODES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape codes start with ESC
  /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;

/** Text without terminal colour and cursor codes (tracebacks are full of them). */
export function stripTerminalCodes(text: string): string {
  return text.replace(TERMINAL_CODES, '');
}

/** Adds one output of code cell `cell` to the parts. */
export function addOutput(
  output: NotebookOutput,
  cell: number,
  parts: NotebookParts,
  maxLineLength: number,
): void {
  const lines = (label: string, text: string) => {
    parts.text(`[output: ${label}]`);
    const all = stripTerminalCodes(text).replace(/\n$/, '').split(/\r?\n/);
    for (const line of all.slice(0, MAX_OUTPUT_LINES)) parts.text(shortenLine(line, maxLineLength));
    if (all.length > MAX_OUTPUT_LINES)
      parts.text(`(… ${all.length - MAX_OUTPUT_LINES} more lines of this output)`);
  };
  switch (output.output_type) {
    case 'stream':
      lines(typeof output.name === 'string' ? output.name : 'stream', joinedText(output.text));
      return;
    case 'error': {
      const traceback = Array.isArray(output.traceback) ? output.traceback.map(String) : [];
      const heading = `${String(output.ename ?? 'Error')}: ${String(output.evalue ?? '')}`;
      lines('error', [heading, ...traceback].join('\n'));
      return;
    }
    case 'execute_result':
    case 'display_data': {
      const label = output.output_type === 'execute_result' ? 'result' : 'display';
      const data = typeof output.data === 'object' && output.data !== null ? output.data : {};
      const types = Object.keys(data);
      const image = types.find((type) => type === 'image/png' || type === 'image/jpeg');
      const text = ['text/plain', 'text/markdown'].find((type) => type in data);
      if (text) lines(label, joinedText(data[text]));
      if (image) {
        if (!text) parts.text(`[output: ${label}]`);
        parts.image(joinedText(data[image]).replace(/\s+/g, ''), image, cell);
      }
      if (!text && !image)
        parts.text(`[output: ${label} in ${types.join(', ') || 'no format'}, not shown as text]`);
      return;
    }
    default:
      parts.text(`[output of an unknown kind: ${String(output.output_type)}]`);
  }
}

/**
 * Collects text lines and image parts: each image within `limits`, at most `maxImages` of them,
 * and together no more bytes than one image may have (`limits.maxBytes`), so one result never
 * carries more image data than a single largest image.
 */
export function collectParts(
  limits: ImageLimits,
  maxImages: number,
): NotebookParts & { parts(): ToolContentPart[]; imageCount(): number } {
  const parts: ToolContentPart[] = [];
  let lines: string[] = [];
  let images = 0;
  let imageBytes = 0;
  const flush = () => {
    if (lines.length > 0) parts.push({ type: 'text', text: lines.join('\n') });
    lines = [];
  };
  return {
    text: (line) => lines.push(line),
    image(data, mimeType, cell) {
      const bytes = Buffer.from(data, 'base64');
      const kind = `${mimeType} image of cell ${cell}`;
      const checked = checkImage(bytes, kind, limits);
      if (typeof checked === 'string') lines.push(checked);
      else if (images >= maxImages)
        lines.push(
          `(${kind}, ${checked.size}: not shown, Read shows at most ${maxImages} images of a notebook; save it to a file and Read that)`,
        );
      else if (imageBytes + bytes.length > limits.maxBytes)
        lines.push(
          `(${kind}, ${checked.size}: not shown, it would bring this call's images over the ${formatBytes(limits.maxBytes)} Read returns at once; save it to a file and Read that)`,
        );
      else {
        images++;
        imageBytes += bytes.length;
        lines.push(`(${kind}, ${checked.size}:)`);
        flush();
        parts.push({ type: 'image', data: bytes.toString('base64'), mimeType: checked.mimeType });
      }
    },
    parts() {
      flush();
      return parts;
    },
    imageCount: () => images,
  };
}

/** An image output's media type and size for the note before it, or why it is not shown. */
function checkImage(
  bytes: Buffer,
  kind: string,
  limits: ImageLimits,
): { mimeType: string; size: string } | string {
  const format = imageFormatOf(bytes);
  if (!format) return `(${kind} is not a valid image; not shown)`;
  try {
    const { width, height } = imageDimensions(bytes, format, kind);
    const size = `${width}×${height} px, ${formatBytes(bytes.length)}`;
    if (bytes.length > limits.maxBytes || Math.max(width, height) > limits.maxDimension)
      return `(${kind}, ${size}: over Read's image limit of ${formatBytes(limits.maxBytes)} and ${limits.maxDimension} px a side; not shown)`;
    return { mimeType: format.mimeType, size };
  } catch {
    return `(${kind} is damaged: its header cannot be read; not shown)`;
  }
}
