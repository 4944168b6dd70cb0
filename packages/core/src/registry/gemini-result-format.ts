import {
  baseMediaType,
  type FormattableToolResult,
  type MediaPart,
  mediaTypeIn,
  type ResultFormatOptions,
  sendablePieces,
  textWithMediaNoted,
} from './result-pieces';

/** Media bytes inline in a Gemini part. */
export interface GeminiInlineData {
  /** The IANA media type, such as `image/png`. */
  readonly mimeType: string;
  /** The bytes, base64-encoded. */
  readonly data: string;
  /** A name the response's text refers to (inside `functionResponse.parts` only). */
  readonly displayName?: string;
}

/** A Gemini `functionResponse` part: the answer to one `functionCall`. */
export interface GeminiFunctionResponsePart {
  /** The function response. */
  readonly functionResponse: {
    /** The `id` of the `functionCall` answered. */
    readonly id: string;
    /** The function's name. */
    readonly name: string;
    /** `{ output }` for a call that worked, `{ error }` for one that failed. */
    readonly response:
      | {
          /** The result's text. */
          readonly output: string;
        }
      | {
          /** The error's text. */
          readonly error: string;
        };
    /** Images inside the response (Gemini 3 multimodal function responses). */
    readonly parts?: readonly {
      /** The image. */
      readonly inlineData: GeminiInlineData;
    }[];
  };
}

/** A Gemini part carrying media inline, sent after the `functionResponse` part. */
export interface GeminiInlineDataPart {
  /** The media. */
  readonly inlineData: GeminiInlineData;
}

/** A part {@link toGeminiFunctionResponse} returns. */
export type GeminiResultPart = GeminiFunctionResponsePart | GeminiInlineDataPart;

/** Options of {@link toGeminiFunctionResponse}. */
export interface GeminiResultOptions extends ResultFormatOptions {
  /**
   * Where images go: `nested` inside `functionResponse.parts` (Gemini 3 and later), or `sibling`
   * parts after the `functionResponse` part (for models before Gemini 3, which do not read
   * nested parts).
   * @default 'nested'
   */
  readonly media?: 'nested' | 'sibling';
}

/** The image types Gemini takes inside a function response. */
const NESTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** The image and audio types Gemini takes as inline data parts. */
const INLINE_TYPES = new Set([
  ...NESTED_TYPES,
  'image/heic',
  'image/heif',
  'audio/wav',
  'audio/mp3',
  'audio/mpeg',
  'audio/aiff',
  'audio/aac',
  'audio/ogg',
  'audio/flac',
]);

/**
 * A tool result as Gemini API parts for the `user` turn that answers the model's `functionCall`:
 * a `functionResponse` part (`{ output }` with the result's text, or `{ error }` for a failed
 * call), its images inside `functionResponse.parts` as `inlineData` (with `media: 'nested'`,
 * the default), and any other media as `inlineData` parts after it.
 *
 * Per the Gemini API reference: `FunctionResponse.response` uses the `output` key for the
 * function's output and `error` for error details; `FunctionResponse.parts` holds
 * `FunctionResponsePart`s with `inlineData` (`mimeType`, base64 `data`, optional `displayName`)
 * for multimodal function responses (Gemini 3: `image/png`, `image/jpeg`, `image/webp` inside
 * the response); a `Part` with `inlineData` carries images and audio (wav, mp3, aiff, aac, ogg,
 * flac) in a turn. See https://ai.google.dev/api/caching#FunctionResponse,
 * https://ai.google.dev/gemini-api/docs/function-calling (multimodal function responses) and
 * https://ai.google.dev/gemini-api/docs/audio.
 *
 * The text names each attached image (`... (attached as image-1.png)`). Media of other types,
 * images with `images: false` and audio unless `audio: true` become their one-line description.
 *
 * @example
 * contents.push({ role: 'user', parts: toGeminiFunctionResponse(result) });
 */
export function toGeminiFunctionResponse(
  result: FormattableToolResult,
  options: GeminiResultOptions = {},
): GeminiResultPart[] {
  const nested = (options.media ?? 'nested') === 'nested';
  const pieces = sendablePieces(result, options, (part) =>
    mediaTypeIn(part.mimeType, INLINE_TYPES),
  );
  const inside = (part: MediaPart) =>
    nested && part.type === 'image' && mediaTypeIn(part.mimeType, NESTED_TYPES);
  const names = new Map<MediaPart, string>();
  let count = 0;
  for (const piece of pieces) {
    if (piece.type !== 'text' && inside(piece))
      names.set(piece, `${piece.type}-${++count}.${extension(piece.mimeType)}`);
  }
  const text = textWithMediaNoted(pieces, (part) =>
    names.has(part) ? `attached as ${names.get(part)}` : 'attached after this response',
  );
  const media = pieces.filter((piece): piece is MediaPart => piece.type !== 'text');
  const nestedParts = media
    .filter((part) => names.has(part))
    .map((part) => ({
      inlineData: {
        mimeType: baseMediaType(part.mimeType),
        data: part.data,
        displayName: names.get(part)!,
      },
    }));
  const response: GeminiFunctionResponsePart = {
    functionResponse: {
      id: result.toolCallId,
      name: result.toolName,
      response: result.isError ? { error: text } : { output: text },
      ...(nestedParts.length ? { parts: nestedParts } : {}),
    },
  };
  return [
    response,
    ...media
      .filter((part) => !names.has(part))
      .map((part) => ({
        inlineData: { mimeType: baseMediaType(part.mimeType), data: part.data },
      })),
  ];
}

function extension(mimeType: string): string {
  const subtype = baseMediaType(mimeType).split('/')[1] ?? 'bin';
  return subtype === 'jpeg' ? 'jpg' : subtype;
}
