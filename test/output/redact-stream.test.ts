import { describe, expect, it } from 'vitest';
import { redactStream } from '../../src/output/redact-stream.js';

// A fake key, assembled at run time so secret scanners do not flag this file.
const kind = 'RSA PRIVATE' + ' KEY';
const begin = `-----BEGIN ${kind}-----`;
const end = `-----END ${kind}-----`;
const body = ['MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HECdnH', 'lWu2/a1gB9JW5TBQ+AVpum9Okx7KfqkfBKL9mcHgSL0yWMdjMfNOqNtrQqKlN4kE', 'AoIBAQDMvXyZ5c2Gh8kdQ7p1ZQ8cA0pZbZ9j8c3R0k1Q2w3e4r5t6y7u8i9o0p1a'];
const M = '[REDACTED]';

/** Feeds each run through `lines`, then `text`, as progress does, and returns every message. */
function stream(runs: readonly string[], options = {}): string[] {
  const redacting = redactStream(options);
  return runs.map((run) => redacting.text(redacting.lines(run)));
}

const leaks = (messages: readonly string[]) => body.some((line) => messages.some((message) => message.includes(line.slice(0, 20))));

describe('redactStream', () => {
  it('when BEGIN comes in one call, the body in the next and END later then no body line is shown', () => {
    const messages = stream(['status ok', begin, body[0]!, body.slice(1).join('\n'), `${end}\nafter`]);
    expect(messages).toEqual(['status ok', M, '', '', 'after']);
  });

  it('when the key arrives split over many calls of one line each then the lines after END are shown again', () => {
    const messages = stream(['before', begin, ...body, end, 'after']);
    expect(leaks(messages)).toBe(false);
    expect(messages.filter((message) => message !== '')).toEqual(['before', M, 'after']);
  });

  it('when a whole key is in one call then it becomes one mask, text around it kept', () => {
    expect(stream([`before\nkey: ${begin}\n${body.join('\n')}\n${end}\nafter`])).toEqual([`before\nkey: ${M}\nafter`]);
  });

  it('when two keys come one after the other then both are masked and the text between is kept', () => {
    const messages = stream([begin, body[0]!, `${end}\nbetween\n${begin}`, body[1]!, `${end}\nlast`]);
    expect(messages).toEqual([M, '', `between\n${M}`, '', 'last']);
  });

  it('when an END line has text after it then that text is kept', () => {
    expect(stream([begin, `${body[0]}\n${end} trailing`])).toEqual([M, ' trailing']);
  });

  it('when base64 lines come without a private key around them then they are left alone', () => {
    const blob = ['-----BEGIN CERTIFICATE-----', ...body, '-----END CERTIFICATE-----', 'aGVsbG8gd29ybGQ='];
    expect(stream(blob)).toEqual(blob);
  });

  it('when a key is never closed then nothing after its BEGIN is shown, as in the result', () => {
    expect(stream([begin, ...body, 'still inside'])).toEqual([M, '', '', '', '']);
  });

  it('when the BEGIN sits inside a JSON string then the whole-text redactor masks the key in that line', () => {
    const json = `{"pem": "${begin}\\n${body[0]}\\n${end}\\n", "id": 1}`;
    expect(stream([json, 'next'])).toEqual([`{"pem": "${M}\\n", "id": 1}`, 'next']);
  });

  it('when other secrets and options apply then text masks them like redactor does', () => {
    expect(stream(['password=hunter2', 'x literal-secret y'], { patterns: ['literal-secret'] })).toEqual([`password=${M}`, `x ${M} y`]);
  });

  it('when built-ins are off then key lines are not tracked', () => {
    expect(stream([begin, body[0]!], { builtIns: false })).toEqual([begin, body[0]]);
  });

  it('when a custom mask is set then the BEGIN line becomes it', () => {
    expect(stream([begin, body[0]!, end, 'x'], { mask: '***' })).toEqual(['***', '', '', 'x']);
  });
});
