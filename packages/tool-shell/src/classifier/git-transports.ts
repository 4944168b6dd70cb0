import type { Payload } from './payload';

/**
 * The command of a `ext::` remote URL, as git-remote-ext runs it (directly, without a shell):
 * split at unescaped spaces, `% ` a space, `%%` a percent sign, `%s`/`%S` the service
 * (`upload-pack`, `git-upload-pack`); `%G`/`%V` arguments only tell git what to send.
 */
export function extCommand(url: string): string[] {
  const words: string[] = [];
  let word = '';
  const text = url.slice(5);
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (character === ' ') {
      if (word) words.push(word);
      word = '';
    } else if (character === '%' && index + 1 < text.length) {
      const next = text[++index]!;
      word +=
        next === ' ' || next === '%'
          ? next
          : next === 's'
            ? 'upload-pack'
            : next === 'S'
              ? 'git-upload-pack'
              : `%${next}`;
    } else word += character;
  }
  if (word) words.push(word);
  return words.filter((part) => !/^%[GV]/.test(part));
}

/**
 * What git runs for remote URLs in its arguments: an `ext::CMD` URL (`clone`, `fetch`, `pull`,
 * `push`, `ls-remote`, `submodule add`, `remote add`, ...) runs CMD. Whether git allows the
 * transport (`protocol.ext.allow`) is judged by the configuration rules; the command is judged
 * for what it does.
 */
export function gitTransportPayloads(args: readonly string[]): Payload[] {
  return args
    .filter((arg) => arg.startsWith('ext::'))
    .map((url) => extCommand(url))
    .filter((words) => words.length > 0)
    .map((words) => ({ kind: 'command' as const, words }));
}
