/**
 * Text made safe to show a model: what a terminal would interpret rather than show (colours, cursor
 * moves, titles, hyperlinks, control characters) and characters that hide or reorder text are removed.
 * Used on a call's output (middleware/sanitize.ts) and on reflected help text (reflect/clean-spec.ts).
 */
// ESC or C1 introducer, then a string up to BEL or ST (OSC, DCS, SOS, PM, APC); an unterminated one runs to the end of the line.
const STRING_SEQUENCE = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?/g;
// CSI: ESC [ or C1 CSI, parameter bytes, intermediate bytes, one final byte.
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]/g;
// Any other escape: ESC, intermediate bytes, one final byte (ESC 7, ESC =, ESC ( B, ESC M, ...).
const ESCAPE = /\x1b[ -/]*[0-~]/g;
// C0 and C1 controls and DEL, except \n and \t (a lone \r is dropped too).
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// Bidi embeddings, overrides, isolates and marks: they can make text read differently from what it is.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Zero-width space, joiner, non-joiner, word joiner and BOM: invisible, so they can hide text inside text.
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * Removes ANSI escape sequences (CSI, OSC including hyperlinks, DCS/APC/PM/SOS strings, single-character
 * escapes), C0/C1 control characters except `\n` and `\t`, bidi controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069) and zero-width characters (U+200B–U+200D, U+2060, U+FEFF).
 * `\r\n` becomes `\n`; a lone `\r` (progress-bar redraws) is dropped. A hyperlink keeps its visible text.
 * @example sanitizeText('\x1b[31merror\x1b[0m\r\n') // 'error\n'
 */
export function sanitizeText(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .replace(STRING_SEQUENCE, '')
    .replace(CSI, '')
    .replace(ESCAPE, '')
    .replace(CONTROL, '')
    .replace(BIDI, '')
    .replace(ZERO_WIDTH, '');
}
