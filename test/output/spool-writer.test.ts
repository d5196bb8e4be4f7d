import { describe, expect, it } from 'vitest';
import { callSettings } from '../../src/call/options.js';
import { redactor } from '../../src/output/redactor.js';
import { createSpool, type Spool } from '../../src/output/spool.js';
import { spoolWriter } from '../../src/output/spool-writer.js';
import { sanitizeText } from '../../src/sanitize-text.js';
import { bigText } from '../fixtures/output/text.mjs';
import { seededRandom } from '../helpers/random.js';
import { scratchMaker } from '../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-spool-writer-test-');
// The cleaner a call's run really gets: built by callSettings from default options, as createCliTools does.
const cleaner = callSettings({ launcher: { file: process.execPath, prefixArgs: [] }, sandbox: 'off', spool: false }).cleanText;
// What a result shows of the same output: the sanitise middleware, then redaction (layers.ts).
const asResultShows = (text: string) => redactor()(sanitizeText(text));

// A fake key and token, assembled at run time so secret scanners do not flag this file.
const kind = 'RSA PRIVATE' + ' KEY';
const begin = `-----BEGIN ${kind}-----`;
const end = `-----END ${kind}-----`;
const body = ['MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HECdnH', 'lWu2/a1gB9JW5TBQ+AVpum9Okx7KfqkfBKL9mcHgSL0yWMdjMfNOqNtrQqKlN4kE'];
const token = 'ghp' + '_' + 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5';

type Chunk = readonly ['stdout' | 'stderr', Uint8Array | string];

/** Writes the chunks through a fresh spool writer and returns each stream as spooled (the whole of it, read back in pages). */
function spooled(chunks: readonly Chunk[]): { stdout: string; stderr: string } {
  const spool = createSpool({ dir: scratch() });
  try {
    const writer = spoolWriter(spool.open(), cleaner);
    for (const [stream, chunk] of chunks) writer.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, stream);
    const { id, summary } = writer.end();
    for (const kept of Object.values(summary.streams)) expect(kept.complete).toBe(true);
    return { stdout: readWhole(spool, id, 'stdout'), stderr: readWhole(spool, id, 'stderr') };
  } finally {
    spool.close();
  }
}

/** A stream's bytes, following nextOffset from 0; '' when the stream was never spooled. */
function readWhole(spool: Spool, id: string, stream: 'stdout' | 'stderr'): string {
  const pages: Buffer[] = [];
  for (let offset = 0; ; ) {
    const page = spool.read(id, stream, offset, 10_000);
    if (page === undefined || page.text === '') return Buffer.concat(pages).toString('utf8');
    pages.push(Buffer.from(page.text));
    offset = page.nextOffset;
  }
}

/** `text` as UTF-8 bytes cut at the given byte offsets. */
function cutAt(text: string, offsets: readonly number[]): Uint8Array[] {
  const bytes = Buffer.from(text);
  const edges = [0, ...offsets, bytes.length];
  return edges.slice(1).map((edge, i) => bytes.subarray(edges[i], edge));
}

/** `text` as UTF-8 bytes in pieces of 1 to `max` bytes, from a seed. */
function randomPieces(text: string, seed: number, max: number): Uint8Array[] {
  const random = seededRandom(seed);
  const bytes = Buffer.from(text);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * max);
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

describe('spoolWriter cleaning', () => {
  it('when a token is split across two chunks in the middle of a line then the spool holds it masked, as the result does', () => {
    const text = `login ok\nyour token is ${token} keep it\nbye\n`;
    const at = Buffer.from(text).indexOf(token.slice(0, 20)) + 10;
    const { stdout } = spooled(cutAt(text, [at]).map((chunk) => ['stdout', chunk] as const));
    expect(stdout).not.toContain(token.slice(4, 24));
    expect(stdout).toBe(asResultShows(text));
    expect(stdout).toBe('login ok\nyour token is [REDACTED] keep it\nbye\n');
  });

  it('when a private key block comes in chunks split inside its lines then no line of its body reaches the spool', () => {
    const text = `fetching\n${begin}\n${body[0]}\n${body[1]}\n${end}\nafter the key\n`;
    const bytes = Buffer.from(text);
    const cuts = [bytes.indexOf('BEGIN') + 3, bytes.indexOf(body[0]!) + 20, bytes.indexOf(body[1]!) + 5, bytes.indexOf('-----END') + 7];
    const { stdout } = spooled(cutAt(text, cuts).map((chunk) => ['stdout', chunk] as const));
    for (const line of body) expect(stdout).not.toContain(line.slice(0, 16));
    expect(stdout).toContain('[REDACTED]');
    expect(stdout).toContain('after the key');
  });

  it('when a private key block comes in chunks then the text around it is spooled exactly as the result shows it', () => {
    const text = `fetching\n${begin}\n${body[0]}\n${body[1]}\n${end}\nafter the key\n`;
    const bytes = Buffer.from(text);
    const { stdout } = spooled(cutAt(text, [bytes.indexOf(body[0]!), bytes.indexOf(end) + end.length + 1]).map((chunk) => ['stdout', chunk] as const));
    expect(asResultShows(text)).toBe('fetching\n[REDACTED]\nafter the key\n');
    expect(stdout).toBe(asResultShows(text));
  });

  it('when a private key block is open on stderr then the stdout lines printed meanwhile are spooled as the result shows them', () => {
    const stderr = `${begin}\n${body[0]}\n${body[1]}\n${end}\n`;
    const stdout = 'step 1 done\nstep 2 done\n';
    const chunks: Chunk[] = [['stderr', `${begin}\n${body[0]}\n`], ['stdout', stdout], ['stderr', `${body[1]}\n${end}\n`]];
    const spool = spooled(chunks);
    expect(spool.stdout).toBe(asResultShows(stdout));
    expect(spool.stderr).toBe(asResultShows(stderr));
  });

  it('when terminal escapes, bidi controls and zero-width characters are split across chunks then the spool holds the text without them', () => {
    const text = '\u001b[31mred\u001b[0m \u202eevil\u202c zero\u200bwidth\r\n\u001b]8;;https://x.test\u0007link\u001b]8;;\u0007\n';
    const bytes = Buffer.from(text);
    const cuts = [2, bytes.indexOf('evil') - 1, bytes.indexOf('width') - 2, bytes.indexOf('\r') + 1, bytes.indexOf('x.test')];
    const { stdout } = spooled(cutAt(text, cuts).map((chunk) => ['stdout', chunk] as const));
    expect(stdout).toBe('red evil zerowidth\nlink\n');
    expect(stdout).toBe(asResultShows(text));
  });
});

describe('spoolWriter chunk boundaries', () => {
  const text = bigText(40_000);

  it.each([1, 2, 3, 4, 5])('when multi-byte text arrives in random pieces of 1 to 7 bytes (seed %i) then the spooled text is the text itself', (seed) => {
    const { stdout } = spooled(randomPieces(text, seed, 7).map((chunk) => ['stdout', chunk] as const));
    expect(stdout).toBe(text);
  });

  it.each([1, 2, 3])('when stdout and stderr pieces interleave (seed %i) then each stream is spooled whole and apart', (seed) => {
    const other = bigText(9_000).toUpperCase();
    const out = randomPieces(text, seed, 900);
    const err = randomPieces(other, seed + 100, 300);
    const chunks: Chunk[] = [];
    for (let i = 0; i < Math.max(out.length, err.length); i += 1) {
      if (out[i]) chunks.push(['stdout', out[i]!]);
      if (err[i]) chunks.push(['stderr', err[i]!]);
    }
    expect(spooled(chunks)).toEqual({ stdout: text, stderr: other });
  });

  it('when every chunk boundary falls inside a 4-byte character then no replacement character appears', () => {
    const emoji = '😀🚀'.repeat(1_000) + '\n';
    const chunks = randomPieces(emoji, 7, 3).map((chunk) => ['stdout', chunk] as const);
    const { stdout } = spooled(chunks);
    expect(stdout).not.toContain('\ufffd');
    expect(stdout).toBe(emoji);
  });
});

describe('spoolWriter long lines', () => {
  it('when a line of more than 64 KiB comes without a newline then it is spooled whole and byte-exact', () => {
    const line = bigText(300_000).replaceAll('\n', ' ');
    const { stdout } = spooled(randomPieces(line, 11, 70_000).map((chunk) => ['stdout', chunk] as const));
    expect(Buffer.from(stdout).equals(Buffer.from(line))).toBe(true);
  });

  it('when a line of 4-byte characters passes 64 KiB in one chunk then no character is split where it is cut into pieces', () => {
    const line = '😀'.repeat(40_000); // 80,000 UTF-16 units: past the 64 Ki-character piece size
    const { stdout } = spooled(cutAt(line, [65_537, 131_075]).map((chunk) => ['stdout', chunk] as const));
    expect(stdout).not.toContain('\ufffd');
    expect(stdout).toBe(line);
  });

  it('when a token in a line longer than 64 KiB straddles the chunks the line is spooled in then it is still masked', () => {
    const before = 'a '.repeat(33_000); // 66,000 characters: the first chunk alone passes the 64 KiB piece size
    const line = `${before}${token} tail`;
    const at = Buffer.byteLength(before) + 10;
    const { stdout } = spooled(cutAt(line, [at]).map((chunk) => ['stdout', chunk] as const));
    // The ends only: a failure here would otherwise print 66,000 characters of `a `.
    expect(stdout.slice(-40)).toBe(asResultShows(line).slice(-40));
    expect(stdout.length).toBe(asResultShows(line).length);
  });
});

describe('spool writer holding small output', () => {
  const counting = () => {
    let calls = 0;
    const clean = Object.assign((text: string) => (calls++, asResultShows(text)), {});
    return { clean, calls: () => calls };
  };

  it('when the output stays under the hold then nothing is cleaned or spooled', () => {
    const spool = createSpool({ dir: scratch(), memoryBytes: 0 });
    const { clean, calls } = counting();
    const writer = spoolWriter(spool.open(), clean, 1000);
    writer.write(Buffer.from('a short line\n'.repeat(10)), 'stdout');
    const { summary } = writer.end();
    expect(summary.streams).toEqual({});
    expect(calls()).toBe(0);
    spool.close();
  });

  it('when the output passes the hold then everything held and after is cleaned and spooled, in order', () => {
    const spool = createSpool({ dir: scratch(), memoryBytes: 0 });
    const { clean, calls } = counting();
    const entry = spool.open();
    const writer = spoolWriter(entry, clean, 100);
    const token = `ghp_${'A'.repeat(36)}`;
    writer.write(Buffer.from(`first ${token}\n`), 'stdout');
    writer.write(Buffer.from(`${'x'.repeat(120)}\n`), 'stdout');
    writer.write(Buffer.from('last\n'), 'stdout');
    const { summary } = writer.end();
    const text = spool.read(entry.id, 'stdout', 0, 10_000)?.text ?? '';
    expect(summary.streams.stdout?.bytes).toBe(Buffer.byteLength(text));
    expect(text).toBe(asResultShows(`first ${token}\n${'x'.repeat(120)}\nlast\n`));
    expect(text).not.toContain(token);
    expect(calls()).toBeGreaterThan(0);
    spool.close();
  });
});
