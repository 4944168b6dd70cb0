import {
  describeContentPart,
  type MediaContentPart,
  type ToolContentPart,
} from '../tool/tool-output';
import type { ToolCallResult } from './tool-call-result';

/** An image or audio part of a tool's output. */
export type MediaPart = MediaContentPart;

/**
 * What the result formatters need of a result: a {@link ToolCallResult}, or the same fields from
 * a stored conversation.
 */
export type FormattableToolResult = Pick<
  ToolCallResult,
  'toolCallId' | 'toolName' | 'content' | 'isError'
> &
  Partial<Pick<ToolCallResult, 'truncated' | 'parts'>>;

/** How a result formatter treats the media parts of a result. */
export interface ResultFormatOptions {
  /**
   * Whether the model takes images. When false every image becomes its one-line description
   * (`alt`, or `[image: image/png, 4033 bytes]`), never its base64.
   * @default true
   */
  readonly images?: boolean;
  /**
   * Whether the model takes audio, where the provider's API can carry it (Gemini inline data,
   * OpenAI `input_audio` in wav or mp3; the Anthropic API has no audio block, so there it is
   * always described). When false every audio part becomes its one-line description.
   * @default false
   */
  readonly audio?: boolean;
}

/**
 * The pieces of a result in the order the model reads them. An error, or a result without
 * media, is its `content`. A result the registry truncated keeps its (already cut) `content`
 * followed by its media, so the limit on text still holds.
 */
export function resultPieces(result: FormattableToolResult): readonly ToolContentPart[] {
  if (result.isError || !result.parts?.some(isMedia))
    return [{ type: 'text', text: result.content }];
  if (result.truncated)
    return [{ type: 'text', text: result.content }, ...result.parts.filter(isMedia)];
  return result.parts;
}

/** Whether a part is an image or audio clip. */
export function isMedia(part: ToolContentPart): part is MediaPart {
  return part.type !== 'text';
}

/**
 * The pieces with every media part a provider cannot take (by `accepts`) or the options turn off
 * replaced by its description, and adjacent text joined with a newline (as in `content`).
 */
export function sendablePieces(
  result: FormattableToolResult,
  options: ResultFormatOptions,
  accepts: (part: MediaPart) => boolean,
): ToolContentPart[] {
  const pieces: ToolContentPart[] = [];
  for (const part of resultPieces(result)) {
    const enabled = part.type === 'image' ? options.images !== false : options.audio === true;
    const piece: ToolContentPart =
      part.type === 'text' || (enabled && accepts(part))
        ? part
        : { type: 'text', text: describeContentPart(part) };
    const last = pieces.at(-1);
    if (piece.type === 'text' && last?.type === 'text')
      pieces[pieces.length - 1] = { type: 'text', text: `${last.text}\n${piece.text}` };
    else pieces.push(piece);
  }
  return pieces;
}

/**
 * The text of pieces for an API whose tool result is text only: media parts sent elsewhere are
 * described with where they went (`where`, such as "attached as image-1.png").
 */
export function textWithMediaNoted(
  pieces: readonly ToolContentPart[],
  where: (part: MediaPart, index: number) => string,
): string {
  let index = 0;
  return pieces
    .map((part) =>
      part.type === 'text' ? part.text : `${describeContentPart(part)} (${where(part, index++)})`,
    )
    .join('\n');
}

/** A media type without parameters, in lower case (`image/PNG; x=1` is `image/png`). */
export function baseMediaType(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/** Whether a media type is one of `types`, ignoring case and parameters. */
export function mediaTypeIn(mimeType: string, types: ReadonlySet<string>): boolean {
  return types.has(baseMediaType(mimeType));
}
