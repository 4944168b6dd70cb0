import { optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';

const tmuxRunners =
  /^(new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run|if-shell|if|pipe-pane|pipep|display-popup|popup)$/;

/**
 * What terminal multiplexers and environment shells run: `tmux new-session|new-window|
 * split-window|run-shell|... CMD` (the last operand, a shell command; several are an argv),
 * `nix-shell --run|--command CMD`, `nix develop -c CMD...`, `dtach -n SOCKET CMD...`.
 */
export function sessionPayloads(program: string, args: readonly string[]): Payload[] | undefined {
  if (program === 'tmux') {
    const payloads: Payload[] = [];
    // tmux commands may be chained with `;` (a separate `\;` word).
    const commands: string[][] = [[]];
    const global = parseOptions(args, { shortWithValue: 'cfLST', stopAtOperand: true });
    for (const arg of args.slice(global.rest)) {
      if (arg === ';') commands.push([]);
      else commands.at(-1)!.push(arg);
    }
    for (const [name, ...rest] of commands) {
      if (!tmuxRunners.test(name ?? '')) continue;
      const parsed = parseOptions(rest, {
        shortWithValue: 'cstnxyeFlTSpwB',
        stopAtOperand: true,
      });
      const words = rest.slice(parsed.rest);
      if (words.length === 1) payloads.push({ kind: 'script', text: words[0]! });
      else if (words.length > 1) payloads.push({ kind: 'command', words });
    }
    return payloads;
  }
  if (program === 'nix-shell') {
    const parsed = parseOptions(args, {
      longWithValue: [
        'run',
        'command',
        'packages',
        'attr',
        'arg',
        'argstr',
        'expr',
        'include',
        'option',
      ],
      shortWithValue: 'pAIE',
    });
    return optionValues(parsed, 'run', 'command').map((text) => ({
      kind: 'script' as const,
      text,
    }));
  }
  if (program === 'nix' && (args[0] === 'develop' || args[0] === 'shell')) {
    const at = args.findIndex((arg) => arg === '-c' || arg === '--command');
    return at === -1 || at + 1 >= args.length
      ? []
      : [{ kind: 'command', words: args.slice(at + 1) }];
  }
  if (program === 'dtach') {
    const at = args.findIndex((arg) => /^-[acnAN]$/.test(arg));
    return at === -1
      ? []
      : [
          {
            kind: 'command',
            words: args
              .slice(at + 2)
              .filter(
                (arg, index, list) =>
                  !(
                    arg.startsWith('-') &&
                    list.slice(0, index).every((item) => item.startsWith('-'))
                  ),
              ),
          },
        ];
  }
  return undefined;
}
