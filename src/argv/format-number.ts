/**
 * Render a finite number as an exact decimal string, never in exponent notation.
 *
 * The digits are the shortest ones that round-trip (those of `String(n)`); when `String(n)` uses an
 * exponent only the decimal point moves, so no floating-point arithmetic can change a digit.
 * `-0` renders as `"0"`.
 *
 * @example formatNumber(1e21) // "1000000000000000000000"
 * @example formatNumber(1.5e-7) // "0.00000015"
 * @throws {RangeError} for `NaN` and `±Infinity`, which no CLI could read back.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) {
    throw new RangeError(`Cannot render ${String(n)} as a command-line number`);
  }
  const text = String(n);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  // Where the decimal point falls inside `digits` once the exponent is applied.
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
