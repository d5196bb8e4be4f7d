import { describe, expect, it } from 'vitest';
import { FormAnswerValidator } from '../../src/server/form-answers.js';

const form = {
  type: 'object' as const,
  required: ['approve'],
  properties: {
    approve: { type: 'boolean' as const },
    reason: { type: 'string' as const, minLength: 2, maxLength: 5 },
    level: { type: 'string' as const, enum: ['low', 'high'] },
    tier: { type: 'string' as const, oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] },
    count: { type: 'integer' as const, minimum: 1, maximum: 3 },
    ratio: { type: 'number' as const },
    tags: { type: 'array' as const, items: { type: 'string' as const, enum: ['x', 'y'] } },
  },
};
const check = (answer: unknown) => new FormAnswerValidator().getValidator(form)(answer);

describe('elicitation form answers (the spec\'s flat primitive forms, checked without ajv)', () => {
  it.each([
    [{ approve: true }],
    [{ approve: false, reason: 'ok', level: 'high', tier: 'b', count: 3, ratio: 0.5, tags: ['x', 'y'] }],
    [{ approve: true, extra: 'fields a form does not name pass, as JSON Schema lets them' }],
  ])('accepts %j', (answer) => {
    expect(check(answer)).toEqual({ valid: true, data: answer, errorMessage: undefined });
  });

  it.each([
    ['not an object', ['approve'], 'the answer must be an object'],
    ['a missing required field', {}, '"approve" is required'],
    ['a string for a boolean', { approve: 'yes' }, '"approve" must be true or false'],
    ['a short string', { approve: true, reason: 'a' }, '"reason" must be at least 2 characters'],
    ['a long string', { approve: true, reason: 'abcdef' }, '"reason" must be at most 5 characters'],
    ['a value outside an enum', { approve: true, level: 'mid' }, '"level" must be one of "low", "high"'],
    ['a value outside a titled enum', { approve: true, tier: 'c' }, '"tier" must be one of "a", "b"'],
    ['a fraction for an integer', { approve: true, count: 1.5 }, '"count" must be an integer'],
    ['a number past its maximum', { approve: true, count: 4 }, '"count" must be at most 3'],
    ['a string for a number', { approve: true, ratio: '1' }, '"ratio" must be a number'],
    ['a list item outside its enum', { approve: true, tags: ['x', 'z'] }, '"tags" lists "z", not one of "x", "y"'],
  ])('refuses %s', (_case, answer, message) => {
    expect(check(answer)).toEqual({ valid: false, data: undefined, errorMessage: message });
  });
});
