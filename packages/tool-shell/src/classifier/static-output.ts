import { basename } from 'node:path';
import { isStatic } from './shell-word';

/**
 * The output of a short pipeline of pure text commands (`echo`, `printf`, `base64 -d`,
 * `xxd -r -p`, `cat`, `rev`) when it is known without running anything, so that
 * `echo cm0gLXJmIC8= | base64 -d | sh` can be read as the `rm -rf /` it runs.
 */
export function staticPipelineOutput(
  stages: readonly { words: readonly string[]; input?: string }[],
): string | undefined {
  let current: string | undefined;
  for (const [index, stage] of stages.entries()) {
    const input = stage.input ?? (index === 0 ? undefined : current);
    current = simulate(stage.words, input);
    if (current === undefined) return undefined;
  }
  return current;
}

function simulate(words: readonly string[], input: string | undefined): string | undefined {
  if (words.length === 0 || !words.every((word) => isStatic(word))) return undefined;
  const name = basename(words[0]!);
  const args = words.slice(1);
  switch (name) {
    case 'echo': {
      let index = 0;
      while (args[index] === '-n' || args[index] === '-e' || args[index] === '-E') index++;
      return `${args.slice(index).join(' ')}${args.includes('-n') ? '' : '\n'}`;
    }
    case 'printf': {
      const [format, ...rest] = args;
      if (format === undefined) return undefined;
      let position = 0;
      return format.replace(/\\n/g, '\n').replace(/%[sb]/g, () => rest[position++] ?? '');
    }
    case 'cat':
      return args.length === 0 ? input : undefined;
    case 'base64':
      if (
        input === undefined ||
        !args.some((arg) => arg === '-d' || arg === '--decode' || arg === '-D')
      )
        return undefined;
      return Buffer.from(input.trim(), 'base64').toString('utf8');
    case 'xxd':
      if (input === undefined || !args.includes('-r') || !args.includes('-p')) return undefined;
      return Buffer.from(input.replace(/\s+/g, ''), 'hex').toString('utf8');
    case 'rev':
      return input
        ?.split('\n')
        .map((line) => [...line].reverse().join(''))
        .join('\n');
    default:
      return undefined;
  }
}
