import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { lineProgress } from '../../src/call/progress.js';

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
});
