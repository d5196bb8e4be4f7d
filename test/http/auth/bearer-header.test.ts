import { describe, expect, it } from 'vitest';
import { bearerToken, isB64Token, looksLikeJwt } from '../../../src/http/auth/bearer-header.js';

describe('bearerToken', () => {
  it.each([
    [null, 'absent'],
    ['Basic Y2k6cHc=', 'absent'],
    ['Bearertoken', 'absent'],
    ['Bearer abc-DEF_1.2~3+4/5==', { token: 'abc-DEF_1.2~3+4/5==' }],
    ['bEaReR   abc  ', { token: 'abc' }],
    ['Bearer', 'malformed'],
    ['Bearer ', 'malformed'],
    ['Bearer a b', 'malformed'],
    ['Bearer a, Bearer b', 'malformed'],
    ['Bearer ab=c', 'malformed'],
    ['Bearer a"b', 'malformed'],
    ['Bearer ===', 'malformed'],
  ])('when the header is %j then it reads %j', (header, expected) => {
    expect(bearerToken(header)).toEqual(expected);
  });
});

describe('isB64Token and looksLikeJwt', () => {
  it.each([
    ['abc', true],
    ['a=', true],
    ['a==', true],
    ['', false],
    ['=a', false],
    ['a b', false],
    ['é', false],
  ])('when the text is %j then isB64Token says %s', (text, expected) => {
    expect(isB64Token(text)).toBe(expected);
  });

  it.each([
    ['eyJ.eyJ.sig', true],
    ['eyJ.eyJ.', true],
    ['eyJ.eyJ', false],
    ['eyJ..sig', false],
    ['.eyJ.sig', false],
    ['eyJ.eyJ.sig.x', false],
    ['eyJ.ey+.sig', false],
    ['eyJ.eyJ.sig=', false],
  ])('when the text is %j then looksLikeJwt says %s', (text, expected) => {
    expect(looksLikeJwt(text)).toBe(expected);
  });
});
