import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/argv/format-number.js';

describe('formatNumber', () => {
  it.each([
    ['an integer', 1000000, '1000000'],
    ['a large power of ten that String() writes with an exponent', 1e21, '1000000000000000000000'],
    ['a large number with fraction digits in its exponent form', 1.2345e25, '12345000000000000000000000'],
    ['a small number that String() writes with an exponent', 1.5e-7, '0.00000015'],
    ['a negative small number', -2.5e-10, '-0.00000000025'],
    ['a negative large number', -1e21, '-1000000000000000000000'],
    ['negative zero', -0, '0'],
    ['zero', 0, '0'],
    ['a short decimal', 0.1, '0.1'],
    ['a decimal with a whole part', 123.456, '123.456'],
    ['a negative decimal', -7.25, '-7.25'],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['the smallest decimal String() writes without an exponent', 0.000001, '0.000001'],
    ['the largest finite number', Number.MAX_VALUE, `17976931348623157${'0'.repeat(292)}`],
    ['the smallest positive number', Number.MIN_VALUE, `0.${'0'.repeat(323)}5`],
  ])('when given %s then it renders the exact decimal', (_title, input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it.each([1e21, 1.5e-7, -2.5e-10, 1.2345e25, Number.MAX_VALUE, Number.MIN_VALUE, 0.1 + 0.2])(
    'when %s is rendered then parsing the text gives the same number back',
    (input) => {
      const text = formatNumber(input);
      expect(text).not.toMatch(/e/i);
      expect(Number(text)).toBe(input);
    },
  );

  it.each([NaN, Infinity, -Infinity])('when given %s then it throws a RangeError', (input) => {
    expect(() => formatNumber(input)).toThrow(RangeError);
  });
});
