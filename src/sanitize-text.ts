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
// Unicode's other line breaks (NEL, line and paragraph separators): some renderers break there and some do not, so make it one visible \n.
const LINE_BREAK = /[\x85\u2028\u2029]/g;
// C0 and C1 controls and DEL, except \n and \t (a lone \r is dropped too).
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// What renders as nothing or reorders text: bidi controls, zero-width characters, soft hyphen, invisible operators,
// Hangul fillers, variation selectors (which can smuggle bytes after an emoji) and tag characters (Default_Ignorable_Code_Point),
// and every other format character (category Cf: U+FFF9–FFFB annotations, U+0600 number signs …).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
// What the approval question spells out instead of showing: controls, line breaks, invisible characters and spaces other than U+0020.
const SPELLED_OUT = /[\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cf}]|[^\S ]/gu;

/**
 * Removes ANSI escape sequences (CSI, OSC including hyperlinks, DCS/APC/PM/SOS strings, single-character
 * escapes), C0/C1 control characters except `\n` and `\t`, and every invisible or format character:
 * Unicode's Default_Ignorable_Code_Point set (bidi controls, zero-width characters, U+00AD soft hyphen,
 * U+2060–U+206F, Hangul fillers, U+180E, variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, tag
 * characters U+E0000–U+E0FFF) and category Cf. `\r\n` becomes `\n`; a lone `\r` (progress-bar redraws) is
 * dropped; NEL (U+0085), U+2028 and U+2029 become `\n`. A hyperlink keeps its visible text. Emoji lose their
 * variation selectors and joiners (❤️ shows as ❤): the same characters can carry hidden bytes.
 * @example sanitizeText('\x1b[31merror\x1b[0m\r\n') // 'error\n'
 */
export function sanitizeText(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .replace(STRING_SEQUENCE, '')
    .replace(CSI, '')
    .replace(ESCAPE, '')
    .replace(LINE_BREAK, '\n')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '');
}

/**
 * Spells out, as `\uXXXX` (`\u{XXXXX}` beyond the BMP), every character a reader could not see or would
 * misread: controls, NEL, U+2028/U+2029, invisible and format characters (those {@link sanitizeText}
 * removes) and spaces other than U+0020. For text that must be shown exactly, such as an argv word.
 * @example spellOutInvisible('prod\u2028db') // 'prod\\u2028db'
 */
export function spellOutInvisible(text: string): string {
  return text.replace(SPELLED_OUT, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
