import { optionValues, parseOptions } from './option-parser';
import type { Payload } from './payload';
import { DYNAMIC } from './shell-word';

/** Shell code or an argv, as a payload. */
function code(text: string): Payload {
  return { kind: 'script', text };
}

/** Text typed into a terminal: a shell there runs each line that ends with a newline or return. */
function typed(text: string): Payload[] {
  return /[\r\n]/.test(text) ? [code(text.replace(/\r/g, '\n'))] : [];
}

/**
 * Programs that run a command given to them, beyond wrappers and shells: file watchers and task
 * runners (`nodemon --exec`, `concurrently CMD...`, `chokidar -c`, `entr [-s]`, `watchexec`,
 * `onchange -- CMD`), text typed into a terminal (`tmux send-keys`, `screen -X stuff`, `kitty @
 * send-text`, `wezterm cli send-text`, `xdotool type`), debuggers (`gdb -ex 'shell CMD'`,
 * `call system("...")`), and TeX with `-shell-escape` (`\write18{CMD}`).
 */
export function runnerPayloads(program: string, args: readonly string[]): Payload[] | undefined {
  switch (program) {
    case 'fd':
    case 'fdfind': {
      // `fd PATTERN ROOT -x|-X CMD`: CMD on every path found (`{}`), or all of them at its end.
      const at = args.findIndex((arg) => /^(-x|--exec|-X|--exec-batch)$/.test(arg));
      if (at === -1) return undefined;
      const end = args.indexOf(';', at);
      const words = args.slice(at + 1, end === -1 ? undefined : end);
      const roots = args
        .slice(0, at)
        .filter((arg) => !arg.startsWith('-'))
        .slice(1);
      const found = `${(roots[0] ?? '.').replace(/\/?$/, '/')}${DYNAMIC}`;
      if (words.length === 0) return [];
      return [
        {
          kind: 'command',
          words: words.some((word) => word.includes('{}'))
            ? words.map((word) => word.replaceAll('{}', found))
            : [...words, found],
        },
      ];
    }
    case 'capsh': {
      // `capsh ... -- ARGS` runs bash with ARGS (`capsh -- -c 'cmd'`).
      const at = args.indexOf('--');
      return at === -1 ? [] : [{ kind: 'command', words: ['bash', ...args.slice(at + 1)] }];
    }
    case 'nodemon': {
      const parsed = parseOptions(args, {
        shortWithValue: 'xwedeiV',
        longWithValue: ['exec', 'watch', 'ext', 'delay', 'ignore', 'signal', 'config'],
      });
      return optionValues(parsed, 'x', 'exec').map(code);
    }
    case 'concurrently': {
      const parsed = parseOptions(args, {
        shortWithValue: 'nckpsl',
        longWithValue: ['names', 'prefix-colors', 'kill-others-on-fail', 'prefix', 'success'],
      });
      return parsed.operands.map(code);
    }
    case 'chokidar':
      return optionValues(
        parseOptions(args, {
          shortWithValue: 'cdi',
          longWithValue: ['command', 'debounce', 'ignore', 'throttle'],
        }),
        'c',
        'command',
      ).map(code);
    case 'entr': {
      const parsed = parseOptions(args, { stopAtOperand: true });
      const rest = args.slice(parsed.rest);
      if (rest.length === 0) return [];
      return parsed.options.some((option) => option.name === 's')
        ? [code(rest.join(' '))]
        : [{ kind: 'command', words: rest }];
    }
    case 'onchange':
    case 'watchexec': {
      const at = args.indexOf('--');
      if (at !== -1) return [{ kind: 'command', words: args.slice(at + 1) }];
      const parsed = parseOptions(args, {
        shortWithValue: 'wefdi',
        longWithValue: ['watch', 'exts', 'filter', 'debounce', 'ignore', 'shell', 'signal'],
      });
      return parsed.operands.length ? [code(parsed.operands.join(' '))] : [];
    }
    case 'tmux': {
      const at = args.findIndex((arg) => arg === 'send-keys' || arg === 'send');
      if (at === -1) return undefined;
      const keys = args
        .slice(at + 1)
        .filter(
          (arg, index, list) => !(arg.startsWith('-') && index < 2) && list[index - 1] !== '-t',
        );
      return typed(keys.map((key) => (/^(Enter|C-m|KPEnter)$/.test(key) ? '\n' : key)).join(''));
    }
    case 'screen': {
      const at = args.indexOf('stuff');
      return at === -1 ? undefined : typed(args[at + 1] ?? '');
    }
    case 'kitty':
    case 'wezterm': {
      const at = args.indexOf('send-text');
      if (at === -1) return undefined;
      return typed(
        args
          .slice(at + 1)
          .filter((arg) => !arg.startsWith('-'))
          .join(' '),
      );
    }
    case 'xdotool': {
      const at = args.indexOf('type');
      return at === -1
        ? undefined
        : typed(
            args
              .slice(at + 1)
              .filter((arg) => !arg.startsWith('-'))
              .join(' '),
          );
    }
    case 'gdb':
    case 'lldb': {
      const values = optionValues(
        parseOptions(args, {
          shortWithValue: 'pxo',
          longWithValue: ['ex', 'eval-command', 'batch', 'one-line', 'p', 'x', 'o'],
        }),
        'ex',
        'eval-command',
        'o',
        'one-line',
      );
      // `-ex` is read as `-e x...` by a getopt parser: also take the word after each `-ex`.
      args.forEach((arg, index) => {
        if (arg === '-ex' && args[index + 1] !== undefined) values.push(args[index + 1]!);
      });
      return values.flatMap((value): Payload[] => {
        const shell = /^\s*(?:shell|platform shell|!)\s*([\s\S]+)$/.exec(value);
        if (shell) return [code(shell[1]!)];
        return /\b(system|popen|exec\w*)\s*\(/.test(value)
          ? [{ kind: 'code', language: 'C', source: 'inline', code: value }]
          : [];
      });
    }
    default:
      break;
  }
  if (/^(pdf|xe|lua)?(la)?tex$|^(pdf|lua|xe)tex$/.test(program)) {
    if (!args.some((arg) => /^--?shell-escape$/.test(arg))) return undefined;
    return args.flatMap((arg) =>
      [...arg.matchAll(/\\write18\s*\{([^}]*)\}/g)].map((match) => code(match[1]!)),
    );
  }
  return undefined;
}
