import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutMarker } from '../../src/exec/capture.js';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { compose } from '../../src/middleware/compose.js';
import { redact } from '../../src/middleware/redact.js';
import { redactor } from '../../src/output/redactor.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

// A fake key, assembled at run time so secret scanners do not flag this file.
const kind = 'RSA PRIVATE' + ' KEY';
const begin = `-----BEGIN ${kind}-----`;
const end = `-----END ${kind}-----`;
const body = ['MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HECdnH', 'lWu2/a1gB9JW5TBQ+AVpum9Okx7KfqkfBKL9mcHgSL0yWMdjMfNOqNtrQqKlN4kE', 'AoIBAQDMvXyZ5c2Gh8kdQ7p1ZQ8cA0pZbZ9j8c3R0k1Q2w3e4r5t6y7u8i9o0p1a'];
const M = '[REDACTED]';
const marker = cutMarker(123_456, 'stdout');
const clean = redactor();
const keyPrinter = join(import.meta.dirname, '../fixtures/stream/keyprinter.js');

describe('redactor on a truncated output', () => {
  it('when the tail holds key body lines and END but its BEGIN was cut then the body lines are masked', () => {
    expect(clean(`head line${marker}${body[1]!.slice(30)}\n${body[2]}\n${end}\nafter`)).toBe(`head line${marker}${M}\nafter`);
  });

  it('when the tail opens with the end of a body line then that piece is masked too', () => {
    expect(clean(`x${marker}9G3HECdnH\n${body[1]}\n${end}`)).toBe(`x${marker}${M}`);
  });

  it('when the key in the tail is indented YAML then its body lines are masked', () => {
    expect(clean(`x${marker}    ${body[1]}\n    ${body[2]}\n    ${end}\n  next: 1`)).toBe(`x${marker}${M}\n  next: 1`);
  });

  it('when the tail holds a JSON string with escaped line breaks then the body before END is masked', () => {
    expect(clean(`x${marker}${body[1]}\\n${body[2]}\\n${end}\\n", "id": 7}`)).toBe(`x${marker}${M}\\n", "id": 7}`);
  });

  it('when the head ends inside a key block then everything from BEGIN on is masked, marker and tail included', () => {
    expect(clean(`before\n${begin}\n${body[0]}\n${body[1]!.slice(0, 10)}${marker}tail without an end`)).toBe(`before\n${M}`);
  });

  it('when the head ends inside a key block and its END is in the tail then the text after END is kept', () => {
    expect(clean(`${begin}\n${body[0]}${marker}${body[2]}\n${end}\nafter`)).toBe(`${M}\nafter`);
  });

  it('when base64 lines end without a private key END then they are left alone', () => {
    const text = `x${marker}${body[1]}\n${body[2]}\n-----END CERTIFICATE-----\n`;
    expect(clean(text)).toBe(text);
  });

  it('when a long base64 run or many escaped line breaks have no END then redaction stays linear', () => {
    const started = performance.now();
    clean(`${body[0]}\n`.repeat(40_000)); // 2.6 MB of base64 lines
    clean('word\\n'.repeat(400_000)); // 2.4 MB of a JSON string's line breaks
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('redact middleware on a truncated run', () => {
  it('when a long output ends with a private key and the cap cuts its BEGIN away then no body line is in the result', async () => {
    const outcome = await spawnCommand({ file: process.execPath, args: [keyPrinter, 'flood', '2'], maxOutputBytes: 700 });
    if (outcome.kind !== 'ran') throw new Error(outcome.message);
    expect(outcome.output.truncated).toBe(true);
    expect(outcome.output.stdout).not.toContain('BEGIN');
    expect(outcome.output.stdout).toContain('MIIEv5');
    const ctx = contextFor(toolFor(runnable()));
    await compose([redact()], async (c) => {
      c.result = { isError: false, output: outcome.output };
    })(ctx);
    const stdout = ctx.result?.output?.stdout ?? '';
    expect(stdout).not.toMatch(/MIIEv\d/);
    expect(stdout).not.toContain('END');
    expect(stdout).toMatch(/bytes cut from the middle of stdout …\]\n(?:.*\n)?\[REDACTED\]\nafter the key\n$/);
  });
});
