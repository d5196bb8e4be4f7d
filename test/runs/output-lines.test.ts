import { describe, expect, it } from 'vitest';
import { outputLines } from '../../src/runs/output-lines.js';

const numbered = (from: number, to: number): string[] => Array.from({ length: to - from }, (_, i) => `line ${from + i}`);

describe('outputLines', () => {
  it('when a message holds several lines then each counts and a cursor returns only the lines after it', () => {
    const lines = outputLines();
    lines.push('a\nb');
    expect(lines.read(0, 1000)).toEqual({ text: 'a\nb', omitted: 0, nextCursor: 2 });
    lines.push('c');
    expect(lines.read(2, 1000)).toEqual({ text: 'c', omitted: 0, nextCursor: 3 });
    expect(lines.read(3, 1000)).toEqual({ text: '', omitted: 0, nextCursor: 3 });
  });

  it('when a cursor is past the end then nothing is read and the next cursor is the end', () => {
    const lines = outputLines();
    lines.push('a');
    expect(lines.read(99, 1000)).toEqual({ text: '', omitted: 0, nextCursor: 1 });
  });

  it('when more lines arrive than head and tail hold then the first and newest are kept and the middle is counted', () => {
    // 'line N' is 6-8 characters: a head of 20 characters holds 3 lines, a tail of 24 holds the last 3.
    const lines = outputLines(20, 24);
    for (const line of numbered(0, 100)) lines.push(line);
    expect(lines.read(0, 10_000)).toEqual({ text: 'line 0\nline 1\nline 2\n[… 94 lines not shown …]\nline 97\nline 98\nline 99', omitted: 94, nextCursor: 100 });
    expect(lines.total).toBe(100);
  });

  it('when the cursor falls among dropped lines then the rest of the gap is counted and the tail follows', () => {
    const lines = outputLines(20, 24);
    for (const line of numbered(0, 100)) lines.push(line);
    expect(lines.read(50, 10_000)).toEqual({ text: '[… 47 lines not shown …]\nline 97\nline 98\nline 99', omitted: 47, nextCursor: 100 });
    expect(lines.read(98, 10_000)).toEqual({ text: 'line 98\nline 99', omitted: 0, nextCursor: 100 });
  });

  it('when the new lines pass the page budget then the page shows their head and tail and counts the middle', () => {
    const lines = outputLines();
    for (const line of numbered(0, 1000)) lines.push(line);
    const page = lines.read(0, 100);
    expect(page.text).toMatch(/^line 0\nline 1\n[^]*\n\[… \d+ lines not shown …\]\n[^]*line 999$/);
    expect(page.text.replace(/\n\[… .*\]/, '').length).toBeLessThanOrEqual(100);
    expect(page.text.split('\n').length - 1 + page.omitted).toBe(1000);
    expect(page.nextCursor).toBe(1000);
  });

  it('when one line is longer than the tail then the newest line is kept all the same', () => {
    const lines = outputLines(4, 8);
    lines.push('x'.repeat(50));
    expect(lines.read(0, 1000).text).toBe('x'.repeat(50));
  });

  it('when a million lines are pushed then the memory held stays within the head and tail', () => {
    const lines = outputLines(100, 1000);
    for (let i = 0; i < 1_000_000; i++) lines.push(`line ${i}`);
    const page = lines.read(0, 1_000_000);
    const kept = page.text.split('\n').filter((line) => line.startsWith('line '));
    expect(kept.join('').length).toBeLessThanOrEqual(1100);
    expect(page.text.endsWith('line 999999')).toBe(true);
  });

  it('when the cursor is not a non-negative integer then it throws a RangeError naming it', () => {
    expect(() => outputLines().read(-1, 10)).toThrow(/cursor must be a non-negative integer, got -1/);
    expect(() => outputLines().read(1.5, 10)).toThrow(RangeError);
  });
});
