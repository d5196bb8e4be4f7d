import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { callSettings } from '../../src/call/options.js';
import { cutLine, lineProgress, MAX_LINE_CHARS } from '../../src/output/progress.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('lineProgress', () => {
  it('when lines arrive in pieces then only whole lines are sent, batched within the interval', async () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    progress.write(bytes('one\ntw'));
    progress.write(bytes('o\nthr'));
    expect(sent).toEqual([]);
    await sleep(60);
    expect(sent).toEqual(['one\ntwo']);
    progress.end();
    expect(sent).toEqual(['one\ntwo', 'thr']);
  });

  it('when stdout and stderr interleave partial lines then each stream keeps its own line and its own split characters', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    const snow = bytes('❄');
    progress.write(bytes('downloading ab'), 'stdout');
    progress.write(snow.slice(0, 2), 'stderr');
    progress.write(bytes('cd\n'), 'stdout');
    progress.write(snow.slice(2), 'stderr');
    progress.write(bytes(' warning\n'), 'stderr');
    progress.end();
    expect(sent).toEqual(['downloading abcd\n❄ warning']);
  });

  it('when a multi-byte character is split across chunks then it arrives whole', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    const word = bytes('日本\n');
    progress.write(word.subarray(0, 2));
    progress.write(word.subarray(2));
    progress.end();
    expect(sent).toEqual(['日本']);
  });

  it('when the cleaner masks text then no message carries the raw text', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text.replaceAll('secret', '[REDACTED]'), 30);
    progress.write(bytes('a secret line\n'));
    progress.end();
    expect(sent).toEqual(['a [REDACTED] line']);
  });

  it('when a CLI floods lines then one message stays bounded and keeps the newest lines', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    for (let i = 0; i < 10_000; i += 1) progress.write(bytes(`line ${i}\n`));
    progress.end();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.length).toBeLessThanOrEqual(2000);
    expect(sent[0]?.endsWith('line 9999')).toBe(true);
  });

  it('when nothing but blank lines arrive then nothing is sent', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    progress.write(bytes('\n\n'));
    progress.end();
    expect(sent).toEqual([]);
  });

  it('when a line is longer than the cap then its start and end are kept around a marker that counts the cut', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    progress.write(bytes('s'.repeat(MAX_LINE_CHARS)));
    for (let i = 0; i < 100; i += 1) progress.write(bytes('m'.repeat(1000)));
    progress.write(bytes(`${'e'.repeat(256)}\nnext`));
    progress.end();
    const cut = cutLine('s'.repeat(MAX_LINE_CHARS), 100_000, 'e'.repeat(256));
    expect(sent).toEqual([`${cut}\nnext`.slice(-2000)]);
  });

  it('when a long line sits between short ones in one chunk then it is cut the same way', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    progress.write(bytes(`a\n${'s'.repeat(MAX_LINE_CHARS)}${'m'.repeat(5000)}${'e'.repeat(256)}\nb\n`));
    progress.end();
    expect(sent).toEqual([`${cutLine('s'.repeat(MAX_LINE_CHARS), 5000, 'e'.repeat(256))}\nb`.slice(-2000)]);
  });

  it('when a line is just over the cap then it is kept whole', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    const line = 'a'.repeat(MAX_LINE_CHARS + 200);
    progress.write(bytes(line.slice(0, 3000)));
    progress.write(bytes(`${line.slice(3000)}\n`));
    progress.end();
    expect(sent).toEqual([line.slice(-2000)]);
  });

  it('when a cut falls inside a surrogate pair then the pair is kept whole or dropped whole', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    progress.write(bytes(`${'a'.repeat(MAX_LINE_CHARS - 1)}😀${'b'.repeat(10_000)}😀${'c'.repeat(255)}\n`));
    progress.end();
    expect(sent[0]).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('when 64 MB arrive without a line break then the time is linear and the memory bounded', () => {
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), (text) => text, 30);
    const chunk = new Uint8Array(64 * 1024).fill(0x78);
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const started = performance.now();
    for (let i = 0; i < 1024; i += 1) {
      progress.write(chunk);
      if (i % 64 === 0) peak = Math.max(peak, process.memoryUsage.rss());
    }
    progress.write(bytes('\n'));
    progress.end();
    const seconds = (performance.now() - started) / 1000;
    const growthMiB = (Math.max(peak, process.memoryUsage.rss()) - baseline) / 2 ** 20;
    // Quadratic handling took about 50 s and held hundreds of MiB here; linear takes well under one.
    expect(seconds).toBeLessThan(10);
    expect(growthMiB).toBeLessThan(100);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`[… ${(64 * 2 ** 20 - MAX_LINE_CHARS - 256).toLocaleString('en-US')} characters cut from this line …]`);
  });

  it('when a private key streams over several notifications through the call cleaner then no body line is sent', async () => {
    const { cleanText } = callSettings({ launcher: { file: process.execPath, prefixArgs: [] } });
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), cleanText, 20);
    const kind = 'OPENSSH PRIVATE' + ' KEY';
    progress.write(bytes(`start\n\u001b[32m-----BEGIN ${kind}-----\u001b[0m\n`));
    await sleep(40);
    progress.write(bytes('b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n'));
    await sleep(40);
    progress.write(bytes(`QyNTUxOQAAACDvKhpJ9c3cw0aKj3jHbDb0Xn8nNh3LD8P3uVbP0q6qHwAAAJg\n-----END ${kind}-----\ndone\n`));
    progress.end();
    expect(sent).toEqual(['start\n[REDACTED]', 'done']);
  });

  it('when a flood pushes the BEGIN line out of the batch then the body lines after it are still masked', () => {
    const { cleanText } = callSettings({ launcher: { file: process.execPath, prefixArgs: [] } });
    const sent: string[] = [];
    const progress = lineProgress((message) => sent.push(message), cleanText, 30);
    const kind = 'PRIVATE' + ' KEY';
    progress.write(bytes(`-----BEGIN ${kind}-----\n`));
    for (let i = 0; i < 500; i += 1) progress.write(bytes(`MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC${String(i).padStart(4, '0')}\n`));
    progress.end();
    expect(sent).toEqual(['[REDACTED]']);
  });
});
