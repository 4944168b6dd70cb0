import {
  baseMediaType,
  type FormattableToolResult,
  type MediaPart,
  mediaTypeIn,
  type ResultFormatOptions,
  sendablePieces,
  textWithMediaNoted,
} from './result-pieces';

/** A Chat Completions `tool` message: the text answer to one tool call. */
export interface OpenAIToolMessage {
  /** Always `tool`. */
  readonly role: 'tool';
  /** The `id` of the tool call answered. */
  readonly tool_call_id: string;
  /** The result's text; images sent in the follow-up message are described in it. */
  readonly content: string;
}

/** A content part of a Chat Completions `user` message. */
export type OpenAIUserContentPart =
  | {
      /** Text. */
      readonly type: 'text';
      /** The text. */
      readonly text: string;
    }
  | {
      /** An image. */
      readonly type: 'image_url';
      /** The image as a `data:` URL (`data:image/png;base64,...`). */
      readonly image_url: {
        /** The `data:` URL. */
        readonly url: string;
      };
    }
  | {
      /** An audio clip (audio-capable models only). */
      readonly type: 'input_audio';
      /** The clip: base64 bytes and `wav` or `mp3`. */
      readonly input_audio: {
        /** The bytes, base64-encoded. */
        readonly data: string;
        /** `wav` or `mp3`. */
        readonly format: 'wav' | 'mp3';
      };
    };

/** The `user` message after the tool messages that carries the results' images. */
export interface OpenAIMediaFollowUpMessage {
  /** Always `user`. */
  readonly role: 'user';
  /** For each result with media: a line naming the call, then its images (and audio). */
  readonly content: readonly OpenAIUserContentPart[];
}

/** A message {@link toOpenAIToolMessages} returns. */
export type OpenAIResultMessage = OpenAIToolMessage | OpenAIMediaFollowUpMessage;

/** The image types Chat Completions takes (`image_url`). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** The audio types `input_audio` takes, by format. */
const AUDIO_FORMATS: Record<string, 'wav' | 'mp3'> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};
const AUDIO_TYPES = new Set(Object.keys(AUDIO_FORMATS));

/**
 * The results of one assistant turn's tool calls as Chat Completions messages: a `tool` message
 * per result, in order, then (when any result has media the model takes) one `user` message
 * carrying the images as `image_url` parts with `data:` URLs, each result's media after a line
 * naming its call.
 *
 * Why the follow-up message: the content of a `tool` message is a string or an array of content
 * parts of which "for tool messages, only type `text` is supported" (OpenAI API reference,
 * `ChatCompletionRequestToolMessage`); images go in `user` messages (`image_url` with a URL or a
 * base64 `data:` URL: https://platform.openai.com/docs/guides/images-vision). An assistant
 * message with `tool_calls` must be followed by a `tool` message for each call before anything
 * else, so the images come in one `user` message after all of them. The `tool` message's text
 * says where each image went (`... (shown in the next user message)`), so a model reading only
 * the tool message still knows an image exists.
 *
 * Images of other types, images with `images: false`, and audio unless `audio: true` (and `wav`
 * or `mp3`, sent as `input_audio` for audio-capable models) stay their one-line description in
 * the tool message; no follow-up message is sent when nothing is left to show.
 *
 * @example
 * const results = await Promise.all(calls.map((call) => registry.execute(call.id, call.name, args(call))));
 * messages.push(...toOpenAIToolMessages(results, { images: modelTakesImages }));
 */
export function toOpenAIToolMessages(
  results: readonly FormattableToolResult[],
  options: ResultFormatOptions = {},
): OpenAIResultMessage[] {
  const messages: OpenAIResultMessage[] = [];
  const followUp: OpenAIUserContentPart[] = [];
  for (const result of results) {
    const pieces = sendablePieces(result, options, (part) =>
      mediaTypeIn(part.mimeType, part.type === 'image' ? IMAGE_TYPES : AUDIO_TYPES),
    );
    messages.push({
      role: 'tool',
      tool_call_id: result.toolCallId,
      content: textWithMediaNoted(pieces, () => 'shown in the next user message'),
    });
    const media = pieces.filter((piece): piece is MediaPart => piece.type !== 'text');
    if (media.length === 0) continue;
    const what = media.every((part) => part.type === 'image') ? 'image' : 'attachment';
    const tool = result.toolName ? ` (${result.toolName})` : '';
    followUp.push({
      type: 'text',
      text: `The ${what}${media.length > 1 ? 's' : ''} returned by tool call ${result.toolCallId}${tool}:`,
    });
    for (const part of media) followUp.push(toUserPart(part));
  }
  if (followUp.length) messages.push({ role: 'user', content: followUp });
  return messages;
}

function toUserPart(part: MediaPart): OpenAIUserContentPart {
  const mediaType = baseMediaType(part.mimeType);
  return part.type === 'image'
    ? { type: 'image_url', image_url: { url: `data:${mediaType};base64,${part.data}` } }
    : { type: 'input_audio', input_audio: { data: part.data, format: AUDIO_FORMATS[mediaType]! } };
}
