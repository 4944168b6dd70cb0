/** A variable's value for arithmetic, when known (undefined: only known when the command runs). */
export type ArithmeticLookup = (name: string) => string | undefined;

class Unknown extends Error {}

const binary: Record<string, [number, (a: bigint, b: bigint) => bigint]> = {
  '||': [4, (a, b) => (a !== 0n || b !== 0n ? 1n : 0n)],
  '&&': [5, (a, b) => (a !== 0n && b !== 0n ? 1n : 0n)],
  '|': [6, (a, b) => a | b],
  '^': [7, (a, b) => a ^ b],
  '&': [8, (a, b) => a & b],
  '==': [9, (a, b) => (a === b ? 1n : 0n)],
  '!=': [9, (a, b) => (a !== b ? 1n : 0n)],
  '<': [10, (a, b) => (a < b ? 1n : 0n)],
  '>': [10, (a, b) => (a > b ? 1n : 0n)],
  '<=': [10, (a, b) => (a <= b ? 1n : 0n)],
  '>=': [10, (a, b) => (a >= b ? 1n : 0n)],
  '<<': [11, (a, b) => a << (b & 63n)],
  '>>': [11, (a, b) => a >> (b & 63n)],
  '+': [12, (a, b) => a + b],
  '-': [12, (a, b) => a - b],
  '*': [13, (a, b) => a * b],
  '/': [13, (a, b) => divide(a, b, false)],
  '%': [13, (a, b) => divide(a, b, true)],
  '**': [14, (a, b) => (b < 0n ? raise() : a ** b)],
};

function raise(): never {
  throw new Unknown();
}

function divide(a: bigint, b: bigint, remainder: boolean): bigint {
  if (b === 0n) raise();
  return remainder ? a % b : a / b;
}

const wrap = (value: bigint) => BigInt.asIntN(64, value);

/** An integer constant as bash reads it: `0x1f`, octal `017`, `BASE#DIGITS` (bases 2 to 64). */
function constant(token: string): bigint {
  const based = /^(\d+)#([0-9A-Za-z@_]+)$/.exec(token);
  if (based) {
    const base = Number(based[1]);
    if (base < 2 || base > 64) raise();
    let value = 0n;
    for (const digit of based[2]!) {
      let n = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_'.indexOf(digit);
      if (base <= 36 && n >= 36 && n < 62) n -= 26;
      if (n < 0 || n >= base) raise();
      value = wrap(value * BigInt(base) + BigInt(n));
    }
    return value;
  }
  if (/^0[xX][0-9a-fA-F]+$/.test(token)) return wrap(BigInt(token));
  if (/^0[0-7]+$/.test(token)) return wrap(BigInt(`0o${token.slice(1)}`));
  if (/^\d+$/.test(token)) return wrap(BigInt(token));
  return raise();
}

const tokenPattern =
  /\s*(\d+#[0-9A-Za-z@_]+|0[xX][0-9a-fA-F]+|\d+|[A-Za-z_]\w*|\*\*=?|<<=|>>=|\+\+|--|&&|\|\||[=!<>]=|<<|>>|[-+*/%&^|]=|[-+*/%&^|!~<>=?:,()])/y;

/**
 * Evaluates a bash arithmetic expression the way bash does, with 64-bit integers: constants in
 * any base (`2#1`, `0x7f`, `010`, `36#z`), every operator (`+ - * / % ** << >> & | ^ ~ ! && ||`,
 * comparisons, `?:`, `,`), assignments and increments, and variables (whose values are
 * expressions in turn). Undefined when some value is only known at run time.
 */
export function evaluateArithmetic(
  expression: string,
  lookup: ArithmeticLookup = () => undefined,
  depth = 0,
): bigint | undefined {
  if (depth > 8) return undefined;
  const tokens: string[] = [];
  tokenPattern.lastIndex = 0;
  let at = 0;
  while (at < expression.length && /\S/.test(expression.slice(at))) {
    tokenPattern.lastIndex = at;
    const match = tokenPattern.exec(expression);
    if (!match) return undefined;
    tokens.push(match[1]!);
    at = tokenPattern.lastIndex;
  }
  if (tokens.length === 0) return 0n;
  const assigned = new Map<string, bigint>();
  let position = 0;
  const peek = () => tokens[position];
  const variable = (name: string): bigint => {
    const known = assigned.get(name);
    if (known !== undefined) return known;
    const text = lookup(name);
    if (text === undefined) raise();
    const value = evaluateArithmetic(text, lookup, depth + 1);
    return value === undefined ? raise() : value;
  };
  const primary = (): bigint => {
    const token = tokens[position++];
    if (token === undefined) raise();
    if (token === '(') {
      const value = comma();
      if (tokens[position++] !== ')') raise();
      return value;
    }
    if (token === '-') return wrap(-unary());
    if (token === '+') return unary();
    if (token === '!') return unary() === 0n ? 1n : 0n;
    if (token === '~') return wrap(~unary());
    if (token === '++' || token === '--') {
      const name = tokens[position++] ?? '';
      if (!/^[A-Za-z_]/.test(name)) raise();
      const value = wrap(variable(name) + (token === '++' ? 1n : -1n));
      assigned.set(name, value);
      return value;
    }
    if (/^[A-Za-z_]/.test(token)) {
      if (peek() === '++' || peek() === '--') {
        const value = variable(token);
        assigned.set(token, wrap(value + (tokens[position++] === '++' ? 1n : -1n)));
        return value;
      }
      return variable(token);
    }
    return constant(token);
  };
  const unary = primary;
  const binaryFrom = (minimum: number): bigint => {
    let left = unary();
    for (;;) {
      const operator = peek();
      const entry = operator === undefined ? undefined : binary[operator];
      if (!entry || entry[0] < minimum) return left;
      position++;
      // `**` groups to the right; the others to the left.
      const right = binaryFrom(operator === '**' ? entry[0] : entry[0] + 1);
      left = wrap(entry[1](left, right));
    }
  };
  const conditional = (): bigint => {
    const test = binaryFrom(4);
    if (peek() !== '?') return test;
    position++;
    const yes = assignment();
    if (tokens[position++] !== ':') raise();
    const no = assignment();
    return test !== 0n ? yes : no;
  };
  const assignment = (): bigint => {
    const name = tokens[position];
    const operator = tokens[position + 1];
    if (
      name &&
      /^[A-Za-z_]/.test(name) &&
      operator &&
      /^([-+*/%&^|]|<<|>>|\*\*)?=$/.test(operator)
    ) {
      position += 2;
      const value = assignment();
      const combine = operator === '=' ? undefined : binary[operator.slice(0, -1)];
      const result = wrap(combine ? combine[1](variable(name), value) : value);
      assigned.set(name, result);
      return result;
    }
    return conditional();
  };
  const comma = (): bigint => {
    let value = assignment();
    while (peek() === ',') {
      position++;
      value = assignment();
    }
    return value;
  };
  try {
    const value = comma();
    return position === tokens.length ? value : undefined;
  } catch (error) {
    if (error instanceof Unknown || error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * The value of `$((...))` or `$[...]` when it can be computed before running
 * ({@link evaluateArithmetic}); undefined otherwise.
 */
export function arithmeticValue(text: string, lookup?: ArithmeticLookup): string | undefined {
  const body = /^\$(?:\(\(([\s\S]*)\)\)|\[([\s\S]*)\])$/.exec(text);
  const expression = body?.[1] ?? body?.[2];
  if (expression === undefined || /[$`[\]'"\\]/.test(expression)) return undefined;
  const value = evaluateArithmetic(expression, lookup);
  return value === undefined ? undefined : String(value);
}
