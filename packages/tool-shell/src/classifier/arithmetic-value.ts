/**
 * The value of `$((...))` or `$[...]` when it only combines integer literals with `+ - * / %` and
 * parentheses (`$((4-3))` is `1`); undefined otherwise.
 */
export function arithmeticValue(text: string): string | undefined {
  const body = /^\$(?:\(\(([\s\S]*)\)\)|\[([\s\S]*)\])$/.exec(text);
  const expression = body?.[1] ?? body?.[2];
  if (expression === undefined || !/^[\d\s+\-*/%()]+$/.test(expression)) return undefined;
  const tokens = expression.match(/\d+|[+\-*/%()]/g) ?? [];
  let position = 0;
  const primary = (): number => {
    const token = tokens[position++];
    if (token === '(') {
      const value = sum();
      position++;
      return value;
    }
    if (token === '-') return -primary();
    if (token === '+') return primary();
    return Number(token);
  };
  const product = (): number => {
    let value = primary();
    while (tokens[position] === '*' || tokens[position] === '/' || tokens[position] === '%') {
      const operator = tokens[position++];
      const right = primary();
      value =
        operator === '*'
          ? value * right
          : operator === '/'
            ? Math.trunc(value / right)
            : value % right;
    }
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (tokens[position] === '+' || tokens[position] === '-')
      value = tokens[position++] === '+' ? value + product() : value - product();
    return value;
  };
  const result = sum();
  return Number.isFinite(result) && position === tokens.length ? String(result) : undefined;
}
