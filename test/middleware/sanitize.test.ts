import { describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { sanitizeOutput } from '../../src/middleware/sanitize.js';
import { sanitizeText, spellOutInvisible } from '../../src/sanitize-text.js';
import type { ExecOutput, ToolResult } from '../../src/types.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

const ESC = '\x1b';

describe('sanitizeText', () => {
  it.each([
    ['plain text with newlines and tabs', 'a\tb\nc\n', 'a\tb\nc\n'],
    ['SGR colours', `${ESC}[1;31merror${ESC}[0m: bad`, 'error: bad'],
    ['256-colour and truecolour SGR', `${ESC}[38;5;196mred${ESC}[38;2;255;0;0m!${ESC}[m`, 'red!'],
    ['cursor movement and erase', `${ESC}[2K${ESC}[1A${ESC}[10;20Hdone${ESC}[?25l`, 'done'],
    ['a C1 CSI', '\x9b31mred\x9b0m', 'red'],
    ['an OSC window title ended by BEL', `${ESC}]0;my title\x07after`, 'after'],
    ['an OSC ended by ST', `${ESC}]2;title${ESC}\\after`, 'after'],
    ['an OSC 8 hyperlink', `see ${ESC}]8;;https://evil.example/${ESC}\\the docs${ESC}]8;;${ESC}\\ now`, 'see the docs now'],
    ['an OSC 8 hyperlink ended by BEL', `${ESC}]8;id=1;https://x.example\x07link${ESC}]8;;\x07`, 'link'],
    ['an unterminated OSC', `ok\n${ESC}]0;never ends\nnext`, 'ok\n\nnext'],
    ['a DCS string', `${ESC}Pq#0;2;0;0;0${ESC}\\text`, 'text'],
    ['an APC string', `${ESC}_Gf=100;payload${ESC}\\text`, 'text'],
    ['single-character escapes', `${ESC}7${ESC}(B${ESC}=${ESC}Mtext${ESC}8`, 'text'],
    ['a lone ESC at the end', `text${ESC}`, 'text'],
    ['\\r\\n line ends', 'a\r\nb\r\n', 'a\nb\n'],
    ['progress redraws with a lone \\r', '10%\r50%\r100%\n', '10%50%100%\n'],
    ['C0 controls (NUL, BEL, backspace, vertical tab, form feed)', 'a\x00b\x07c\x08d\x0be\x0cf', 'abcdef'],
    ['DEL and C1 controls', 'a\x7fb\x84c\x9cd', 'abcd'],
    ['NEL and the line and paragraph separators', 'prod-db\u2028\u2028(preview only)\u2029x\x85y', 'prod-db\n\n(preview only)\nx\ny'],
    ['tag characters (hidden ASCII)', 'ok\u{e0001}\u{e0069}\u{e0067}\u{e006e}\u{e007f}!', 'ok!'],
    ['variation selectors, emoji ones included', 'a\ufe00b\u{e0100}c\u{e01ef}d \u2764\ufe0f', 'abcd \u2764'],
    ['a soft hyphen and invisible operators', 'pass\u00adword f\u2061(x)\u2062y\u2063z\u2064', 'password f(x)yz'],
    ['Hangul fillers and the Mongolian vowel separator', 'a\u115fb\u1160c\u3164d\uffa0e\u180ef', 'abcdef'],
    ['other format characters (interlinear annotations)', '\ufff9shown\ufffahidden\ufffb', 'shownhidden'],
    ['bidi overrides (Trojan Source)', 'access\u202e\u2066 // admin\u2069\u2066', 'access // admin'],
    ['bidi marks', 'a\u200eb\u200fc\u061cd', 'abcd'],
    ['bidi embeddings and isolates', '\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069x', 'x'],
    ['zero-width characters', 'pa\u200bss\u200cw\u200do\u2060rd\ufeff', 'password'],
    ['a byte-order mark at the start', '\ufeff{"a":1}', '{"a":1}'],
    ['non-ASCII text', 'héllo wörld 日本 😀 «»', 'héllo wörld 日本 😀 «»'],
    ['a replacement character', 'h\ufffdi', 'h\ufffdi'],
    ['brackets that are not escapes', '[31m] [0;1m', '[31m] [0;1m'],
  ])('when the text holds %s then only what a terminal would not show is removed', (_, input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it('when a colour sequence wraps every character of a long line then it runs in linear time', () => {
    const noisy = `${ESC}[31mx${ESC}[0m`.repeat(100_000);
    const started = performance.now();
    expect(sanitizeText(noisy)).toBe('x'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(5_000); // linear is ~0.1 s; backtracking would take minutes
  });
});

const output = (stdout: string, stderr = ''): ExecOutput => ({
  stdout,
  stderr,
  exitCode: 0,
  timedOut: false,
  truncated: false,
  durationMs: 5,
});

/** Runs sanitizeOutput around a centre that sets `result`; returns what the chain ended with. */
async function through(result: ToolResult): Promise<ToolResult | undefined> {
  const ctx = contextFor(toolFor(runnable()));
  await compose([sanitizeOutput()], async (c) => {
    c.result = result;
  })(ctx);
  return ctx.result;
}

describe('sanitizeOutput', () => {
  it('when the command printed escapes to both streams then both are cleaned and the rest is kept', async () => {
    const original: ToolResult = { isError: true, output: { ...output(`${ESC}[32mok${ESC}[0m\r\n`, `${ESC}[31mfail\u202e${ESC}[0m`), exitCode: 2 } };
    const result = await through(original);
    expect(result).toEqual({ isError: true, output: { ...output('ok\n', 'fail'), exitCode: 2 } });
    expect(original.output?.stdout).toBe(`${ESC}[32mok${ESC}[0m\r\n`); // a new result, the old one untouched
  });

  it('when the result has only a message then it is left as it is', async () => {
    const original: ToolResult = { isError: true, message: `Could not start ${ESC}[31m"x"` };
    expect(await through(original)).toBe(original);
  });

  it('when the result has a message beside the output then the message is kept unchanged', async () => {
    const result = await through({ isError: false, message: 'note', output: output('\u200bx') });
    expect(result).toEqual({ isError: false, message: 'note', output: output('x') });
  });
});

describe('spellOutInvisible', () => {
  it.each([
    ['line and paragraph separators and NEL', 'a\u2028b\u2029c\x85d', 'a\\u2028b\\u2029c\\u0085d'],
    ['bidi controls and zero-width characters', 'x\u202ey\u200bz\u2066', 'x\\u202ey\\u200bz\\u2066'],
    ['tag characters and variation selectors beyond the BMP', 'a\u{e0041}b\u{e0100}', 'a\\u{e0041}b\\u{e0100}'],
    ['a soft hyphen and a no-break space', 'pass\u00adword\u00a0x', 'pass\\u00adword\\u00a0x'],
    ['plain text with an ordinary space and non-ASCII letters', 'héllo wörld 日本', 'héllo wörld 日本'],
  ])('when the text holds %s then each is spelled out and the rest is kept', (_, input, expected) => {
    expect(spellOutInvisible(input)).toBe(expected);
  });
});
