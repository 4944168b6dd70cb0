import { describe, expect, it } from 'vitest';
import { evaluateArithmetic } from './arithmetic-value';

describe('evaluateArithmetic', () => {
  const cases: [string, bigint][] = [
    ['2#1', 1n],
    ['1<<0', 1n],
    ['~0', -1n],
    ['010-7', 1n],
    ['0x7f000001', 2130706433n],
    ['127*256**3+1', 2130706433n],
    ['36#z', 35n],
    ['64#_', 63n],
    ['x=1', 1n],
    ['x=2, x*3', 6n],
    ['1 ? 2 : 3', 2n],
    ['0 || 0 && 1', 0n],
    ['-2**2', 4n],
    ['2**3**2', 512n],
    ['7/2', 3n],
    ['-7%3', -1n],
  ];
  for (const [expression, value] of cases)
    it(`${expression} is ${value}`, () => expect(evaluateArithmetic(expression)).toBe(value));

  it('reads variables as expressions, and is unknown for unknown ones or division by zero', () => {
    const lookup = (name: string) => ({ a: '2#11', b: 'a+1' })[name];
    expect(evaluateArithmetic('b*2', lookup)).toBe(8n);
    expect(evaluateArithmetic('c+1', lookup)).toBeUndefined();
    expect(evaluateArithmetic('1/0')).toBeUndefined();
    expect(evaluateArithmetic('1 +')).toBeUndefined();
  });
});
