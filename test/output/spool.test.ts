import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSpool, type Spool } from '../../src/output/spool.js';
import { seededRandom } from '../helpers/random.js';
import { scratchMaker } from '../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-spool-test-');
// The children import the built module: `npm run build` first.
const built = fileURLToPath(new URL('../../dist/output/spool.js', import.meta.url));
const MiB = 1024 * 1024;

/** The store's own directory under `parent` (there is at most one per store). */
function storeDir(parent: string): string | undefined {
  const name = readdirSync(parent).find((entry) => entry.startsWith(`cli-mcp-spool-${process.pid}-`));
  return name === undefined ? undefined : join(parent, name);
}

/** Bytes really on disk under `dir`: the sum of its files' sizes. */
function bytesOnDisk(dir: string | undefined): number {
  if (dir === undefined || !existsSync(dir)) return 0;
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

/** Follows nextOffset from 0 and joins the pages' bytes. */
function readAll(spool: Spool, id: string, stream: 'stdout' | 'stderr', length: number): Buffer {
  const pages: Buffer[] = [];
  for (let offset = 0; ; ) {
    const page = spool.read(id, stream, offset, length);
    if (page === undefined) throw new Error(`no ${stream} for ${id}`);
    expect(page.offset).toBe(offset);
    if (page.text === '') return Buffer.concat(pages);
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(Math.max(length, 4)); // a page shorter than a character holds it whole
    pages.push(Buffer.from(page.text));
    offset = page.nextOffset;
  }
}

/** About `bytes` of text mixing ASCII, accents, CJK, emoji and ZWJ sequences, from a seed. */
function multiByteText(bytes: number, seed: number): string {
  const pieces = ['a', 'line\n', 'é', '漢字', '😀', '👩‍👩‍👧', 'ß', '\u2028', 'x'.repeat(17)];
  const random = seededRandom(seed);
  const parts: string[] = [];
  for (let size = 0; size < bytes; ) {
    const piece = pieces[Math.floor(random() * pieces.length)] ?? 'a';
    parts.push(piece);
    size += Buffer.byteLength(piece);
  }
  return parts.join('');
}

describe('createSpool', () => {
  it('when an option is out of range then an invalid-option error names it and its value', () => {
    expect(() => createSpool({ maxCallBytes: 0 })).toThrow('spool.maxCallBytes must be a positive whole number, got 0 (a number)');
    expect(() => createSpool({ maxTotalBytes: 1.5 })).toThrow('spool.maxTotalBytes must be a positive whole number, got 1.5 (a number)');
    expect(() => createSpool({ memoryBytes: -1 })).toThrow('spool.memoryBytes must be a whole number, 0 or more, got -1 (a number)');
    expect(() => createSpool({ maxCallBytes: 10, maxTotalBytes: 9 })).toThrow('spool.maxCallBytes (10) must not exceed spool.maxTotalBytes (9)');
  });

  it('when a call writes no more than memoryBytes then nothing touches the disk and nothing is kept', () => {
    const parent = scratch();
    const spool = createSpool({ dir: parent, memoryBytes: 10 });
    const entry = spool.open();
    entry.write('stdout', 'hello');
    entry.write('stderr', 'world');
    expect(readdirSync(parent)).toEqual([]);
    expect(entry.end()).toEqual({ streams: {} });
    expect(spool.read(entry.id, 'stdout', 0, 100)).toBeUndefined();
    expect(readdirSync(parent)).toEqual([]);
    expect(spool.usedBytes).toBe(0);
    spool.close();
  });

  it('when a call passes memoryBytes then what it held and all that follows is on disk under an unguessable id', () => {
    const parent = scratch();
    const spool = createSpool({ dir: parent, memoryBytes: 10 });
    const entry = spool.open();
    entry.write('stdout', 'abc');
    entry.write('stderr', 'déf');
    entry.write('stdout', 'ghijk');
    expect(entry.id).toMatch(/^[0-9a-f]{32}$/);
    expect(readdirSync(storeDir(parent) ?? '').sort()).toEqual([`${entry.id}.stderr`, `${entry.id}.stdout`]);
    entry.write('stdout', '😀');
    expect(entry.end()).toEqual({ streams: { stdout: { bytes: 12, complete: true }, stderr: { bytes: 4, complete: true } } });
    expect(spool.read(entry.id, 'stdout', 0, 100)).toEqual({ text: 'abcghijk😀', offset: 0, nextOffset: 12, totalBytes: 12, complete: true });
    expect(spool.read(entry.id, 'stderr', 0, 100)?.text).toBe('déf');
    expect(spool.usedBytes).toBe(16);
    spool.close();
  });

  it('when memoryBytes is 0 then a single byte is spooled', () => {
    const spool = createSpool({ dir: scratch() });
    const entry = spool.open();
    entry.write('stderr', '!');
    expect(entry.end()).toEqual({ streams: { stderr: { bytes: 1, complete: true } } });
    spool.close();
  });

  it('when an entry is still running then its output is not readable yet', () => {
    const spool = createSpool({ dir: scratch() });
    const entry = spool.open();
    entry.write('stdout', 'partial');
    expect(spool.read(entry.id, 'stdout', 0, 100)).toBeUndefined();
    entry.end();
    expect(spool.read(entry.id, 'stdout', 0, 100)?.text).toBe('partial');
    expect(spool.read('0'.repeat(32), 'stdout', 0, 100)).toBeUndefined();
    expect(spool.read(entry.id, 'stderr', 0, 100)).toBeUndefined();
    spool.close();
  });
});

describe('reading pages of a spooled stream', () => {
  const spool = createSpool({ dir: scratch() });
  const text = multiByteText(5 * MiB, 7);
  const original = Buffer.from(text);
  const entry = spool.open();
  const random = seededRandom(11);
  // Chunks of odd sizes, cut between code points so no surrogate pair is split.
  const codePoints = Array.from(text);
  for (let at = 0; at < codePoints.length; ) {
    const next = at + 1 + Math.floor(random() * 50_000);
    entry.write('stdout', codePoints.slice(at, next).join(''));
    at = next;
  }
  const summary = entry.end();

  it('when pages of 4097 bytes are joined from offset 0 then they reproduce a 5 MB multi-byte stream byte-exact', () => {
    expect(summary.streams.stdout).toEqual({ bytes: original.length, complete: true });
    expect(readAll(spool, entry.id, 'stdout', 4097).equals(original)).toBe(true);
  });

  it('when pages of 1 byte are joined then each is one whole character and the stream is reproduced', () => {
    const head = createSpool({ dir: scratch() });
    const small = head.open();
    small.write('stdout', '😀a漢é');
    small.end();
    expect(head.read(small.id, 'stdout', 0, 1)).toMatchObject({ text: '😀', offset: 0, nextOffset: 4 });
    expect(readAll(head, small.id, 'stdout', 1).toString()).toBe('😀a漢é');
    head.close();
  });

  it('when an offset lands mid-character then the page starts at the next character and never splits one', () => {
    for (let i = 0; i < 2_000; i++) {
      const offset = Math.floor(random() * original.length);
      const length = 1 + Math.floor(random() * 300);
      const page = spool.read(entry.id, 'stdout', offset, length);
      if (page === undefined) throw new Error('the stream vanished');
      expect(page.offset - offset).toBeGreaterThanOrEqual(0);
      expect(page.offset - offset).toBeLessThanOrEqual(3);
      expect(Buffer.from(page.text).equals(original.subarray(page.offset, page.nextOffset))).toBe(true);
      expect(page.text).not.toContain('\uFFFD');
    }
  });

  it('when the offset is at or past the end then the page is empty and nextOffset is the total', () => {
    for (const offset of [original.length, original.length + 10]) {
      expect(spool.read(entry.id, 'stdout', offset, 10)).toEqual({ text: '', offset: original.length, nextOffset: original.length, totalBytes: original.length, complete: true });
    }
  });

  it('when the offset is negative or fractional then read throws a RangeError', () => {
    expect(() => spool.read(entry.id, 'stdout', -1, 10)).toThrow(new RangeError('offset must be a non-negative integer, got -1'));
    expect(() => spool.read(entry.id, 'stdout', 1.5, 10)).toThrow(RangeError);
    expect(spool.read(entry.id, 'stdout', 0, 0)?.nextOffset).toBeGreaterThan(0); // length is clamped to 1
  });
});

describe('the spool caps', () => {
  it('when 50 calls of 1 MiB pass through a 4 MiB store then the disk never holds more and the oldest go first', () => {
    const parent = scratch();
    const spool = createSpool({ dir: parent, maxCallBytes: 2 * MiB, maxTotalBytes: 4 * MiB });
    const chunk = 'é'.repeat(32 * 1024); // 64 KiB
    const ids: string[] = [];
    let peak = 0;
    for (let call = 0; call < 50; call++) {
      const entry = spool.open();
      ids.push(entry.id);
      for (let i = 0; i < 16; i++) {
        entry.write(i % 2 === 0 ? 'stdout' : 'stderr', chunk);
        const onDisk = bytesOnDisk(storeDir(parent));
        expect(onDisk).toBeLessThanOrEqual(4 * MiB);
        expect(onDisk).toBe(spool.usedBytes);
        peak = Math.max(peak, onDisk);
      }
      expect(entry.end().streams).toEqual({ stdout: { bytes: MiB / 2, complete: true }, stderr: { bytes: MiB / 2, complete: true } });
    }
    expect(peak).toBe(4 * MiB);
    const readable = ids.filter((id) => spool.read(id, 'stdout', 0, 1) !== undefined);
    expect(readable).toEqual(ids.slice(-4));
    expect(spool.read(ids[0] ?? '', 'stderr', 0, 1)).toBeUndefined();
    spool.close();
  });

  it('when one call passes maxCallBytes then it keeps whole characters up to the cap and drops the rest', () => {
    const spool = createSpool({ dir: scratch(), maxCallBytes: 1_000, maxTotalBytes: 10_000 });
    const entry = spool.open();
    entry.write('stderr', 'e'.repeat(100));
    entry.write('stdout', '😀'.repeat(500)); // 2,000 bytes; 900 fit, 225 whole emoji
    entry.write('stderr', 'dropped');
    entry.write('stdout', 'dropped');
    expect(entry.end()).toEqual({ streams: { stderr: { bytes: 100, complete: false }, stdout: { bytes: 900, complete: false } } });
    expect(spool.read(entry.id, 'stdout', 0, 10_000)).toEqual({ text: '😀'.repeat(225), offset: 0, nextOffset: 900, totalBytes: 900, complete: false });
    spool.close();
  });

  it('when running calls alone fill the store then the writing call stops, and a finished call makes room later', () => {
    const parent = scratch();
    const spool = createSpool({ dir: parent, maxCallBytes: 1_000, maxTotalBytes: 2_000 });
    const [a, b, c] = [spool.open(), spool.open(), spool.open()];
    a.write('stdout', 'a'.repeat(1_000));
    b.write('stdout', 'b'.repeat(500));
    c.write('stdout', 'c'.repeat(800));
    expect(spool.usedBytes).toBe(2_000);
    b.write('stdout', 'b'); // the store is full: b stops too
    expect(c.end().streams).toEqual({ stdout: { bytes: 500, complete: false } });
    expect(b.end().streams).toEqual({ stdout: { bytes: 500, complete: false } });
    expect(a.end().streams).toEqual({ stdout: { bytes: 1_000, complete: true } });
    const d = spool.open();
    d.write('stdout', 'd'.repeat(1_000)); // evicts c then b, the first to finish
    expect(d.end().streams).toEqual({ stdout: { bytes: 1_000, complete: true } });
    expect([c, b, a, d].map((entry) => spool.read(entry.id, 'stdout', 0, 1)?.text)).toEqual([undefined, undefined, 'a', 'd']);
    expect(bytesOnDisk(storeDir(parent))).toBe(2_000);
    spool.close();
  });
});

describe('removing the spool', () => {
  it('when the store is closed then its directory and exit hook are gone and reads answer undefined', () => {
    const parent = scratch();
    const hooks = process.listenerCount('exit');
    const spool = createSpool({ dir: parent });
    const entry = spool.open();
    entry.write('stdout', 'kept');
    entry.end();
    expect(process.listenerCount('exit')).toBe(hooks + 1);
    spool.close();
    expect(readdirSync(parent)).toEqual([]);
    expect(process.listenerCount('exit')).toBe(hooks);
    expect(spool.read(entry.id, 'stdout', 0, 10)).toBeUndefined();
    expect(spool.usedBytes).toBe(0);
    const late = spool.open();
    late.write('stdout', 'after close');
    expect(late.end()).toEqual({ streams: {} });
    expect(readdirSync(parent)).toEqual([]);
  });

  const child = `
    import { readdirSync } from 'node:fs';
    const [, url, parent, how] = process.argv;
    const { createSpool } = await import(url);
    const entry = createSpool({ dir: parent, memoryBytes: 10 }).open();
    entry.write('stdout', 'x'.repeat(100));
    console.log(JSON.stringify(readdirSync(parent)));
    if (how === 'hang') setInterval(() => {}, 1e9);
  `;
  const childArgs = (parent: string, how: string): string[] => ['--input-type=module', '-e', child, pathToFileURL(built).href, parent, how];

  it('when the process exits normally then its spool directory is removed', () => {
    expect(existsSync(built), 'dist/output/spool.js is missing: run `npm run build` first').toBe(true);
    const parent = scratch();
    const ran = spawnSync(process.execPath, childArgs(parent, 'exit'), { encoding: 'utf8' });
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual([expect.stringMatching(/^cli-mcp-spool-\d+-/)]);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('when a server was SIGKILLed then the next store in the same parent removes its directory but not those of live pids', async () => {
    expect(existsSync(built), 'dist/output/spool.js is missing: run `npm run build` first').toBe(true);
    const parent = scratch();
    const live = [`cli-mcp-spool-1-live`, `cli-mcp-spool-${process.ppid}-live`, 'unrelated'];
    for (const name of live) mkdirSync(join(parent, name));
    const killed = spawn(process.execPath, childArgs(parent, 'hang'), { stdio: ['ignore', 'pipe', 'inherit'] });
    const listed = await new Promise<string[]>((resolve) => killed.stdout.once('data', (data: Buffer) => resolve(JSON.parse(data.toString()) as string[])));
    const stale = listed.find((name) => name.startsWith(`cli-mcp-spool-${killed.pid}-`));
    expect(stale).toBeDefined();
    await new Promise((resolve) => { killed.once('exit', resolve); killed.kill('SIGKILL'); });
    expect(readdirSync(parent)).toContain(stale);

    const spool = createSpool({ dir: parent });
    spool.open().write('stdout', 'x');
    const own = storeDir(parent)?.slice(parent.length + 1);
    expect(readdirSync(parent).sort()).toEqual([...live, own].sort());
    spool.close();
  });
});

describe('spool owners', () => {
  const ownerScratch = scratchMaker('cli-mcp-spool-owner-');
  it('when output was spooled for one caller then only that caller reads it back; another gets what an unknown id gets', () => {
    const spool = createSpool({ dir: ownerScratch(), memoryBytes: 0 });
    try {
      const entry = spool.open('alice');
      entry.write('stdout', 'alice\'s output\n');
      entry.end();
      expect(spool.read(entry.id, 'stdout', 0, 100, 'alice')?.text).toBe('alice\'s output\n');
      expect(spool.read(entry.id, 'stdout', 0, 100, 'bob')).toBeUndefined();
      expect(spool.read(entry.id, 'stdout', 0, 100)).toBeUndefined();
    } finally {
      spool.close();
    }
  });
});
