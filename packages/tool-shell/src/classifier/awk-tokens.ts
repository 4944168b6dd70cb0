import { decodeAnsiC } from './ansi-c';

/** One token of an awk program. */
export interface AwkToken {
  readonly type: 'string' | 'regex' | 'name' | 'number' | 'punctuation';
  /** The string's value (escapes decoded), the name, the number, or the punctuation. */
  readonly value: string;
}

const punctuation = /\|&|\|\||&&|==|!=|<=|>=|>>|\+\+|--|[-+*/%^!~<>=]=?|[|(){}[\];,$?:\n]/y;

/**
 * Splits an awk program into tokens the way awk's lexer does: strings with their escapes,
 * regular expressions where an operand may start (`/` after an operand divides), names,
 * numbers, and punctuation (newlines kept: they end statements). Comments are dropped.
 */
export function awkTokens(program: string): AwkToken[] {
  const tokens: AwkToken[] = [];
  let index = 0;
  const operandEnded = () => {
    const last = tokens.at(-1);
    return (
      last !== undefined &&
      (last.type !== 'punctuation' ||
        last.value === ')' ||
        last.value === ']' ||
        last.value === '$')
    );
  };
  while (index < program.length && tokens.length < 10_000) {
    const character = program[index]!;
    if (character === ' ' || character === '\t' || character === '\r') {
      index++;
    } else if (character === '\\' && program[index + 1] === '\n') {
      index += 2;
    } else if (character === '#') {
      while (index < program.length && program[index] !== '\n') index++;
    } else if (character === '"') {
      let end = index + 1;
      while (end < program.length && program[end] !== '"') end += program[end] === '\\' ? 2 : 1;
      const body = program.slice(index + 1, end).replace(/\\\//g, '/');
      tokens.push({ type: 'string', value: decodeAnsiC(body) });
      index = end + 1;
    } else if (character === '/' && !operandEnded()) {
      let end = index + 1;
      while (end < program.length && program[end] !== '/' && program[end] !== '\n')
        end += program[end] === '\\' ? 2 : 1;
      tokens.push({ type: 'regex', value: program.slice(index + 1, end) });
      index = end + 1;
    } else if (/[A-Za-z_]/.test(character)) {
      const name = /[A-Za-z_]\w*/y;
      name.lastIndex = index;
      const value = name.exec(program)![0];
      tokens.push({ type: 'name', value });
      index += value.length;
    } else if (
      /[0-9]/.test(character) ||
      (character === '.' && /[0-9]/.test(program[index + 1] ?? ''))
    ) {
      const number = /[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?/y;
      number.lastIndex = index;
      const value = number.exec(program)?.[0] ?? character;
      tokens.push({ type: 'number', value });
      index += value.length;
    } else {
      punctuation.lastIndex = index;
      const value = punctuation.exec(program)?.[0] ?? character;
      tokens.push({ type: 'punctuation', value });
      index += value.length;
    }
  }
  return tokens;
}
