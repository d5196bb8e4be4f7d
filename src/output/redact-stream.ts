/**
 * Redaction for output that arrives over time (progress): a private key block opened in one chunk stays
 * masked in the next ones, until its END line, however the lines were batched into messages.
 */
import { DEFAULT_MASK, PRIVATE_KEY_BEGIN, PRIVATE_KEY_END, redactor, type RedactOptions } from './redactor.js';

/** A redactor with memory, for one stream of output; make a new one per call. */
export interface StreamRedactor {
  /**
   * Takes every run of whole lines once, in order, and masks private key blocks in it, remembering a block
   * still open at its end. Cheap (it looks for BEGIN and END lines only), so it can see all of a flood.
   */
  lines(text: string): string;
  /** Masks every secret in text about to be shown (the whole-text {@link redactor}); run it after `lines`. */
  text(text: string): string;
}

// A BEGIN that ends its line opens a block; one followed by more text (a JSON string) is the whole-text redactor's.
const BEGIN_LINE = new RegExp(`${PRIVATE_KEY_BEGIN}[ \\t]*$`, 'gm');
const END = new RegExp(PRIVATE_KEY_END, 'g');

/**
 * Makes a {@link StreamRedactor}: the BEGIN line of a private key becomes the mask, the lines after it
 * are dropped up to and with the END line, even when they come in later calls; everything else gets
 * the same masking as {@link redactor} with the same options (or `text`, one already made from them).
 * @example
 * const stream = redactStream();
 * stream.lines('-----BEGIN RSA PRIVATE KEY-----') // '[REDACTED]'
 * stream.lines('MIIEowIBAAKCAQEA1c7') // '' (still inside the key)
 */
export function redactStream(options: RedactOptions = {}, text: (text: string) => string = redactor(options)): StreamRedactor {
  if (options.builtIns === false) return { lines: (lines) => lines, text };
  const mask = options.mask ?? DEFAULT_MASK;
  let open = false;
  const lines = (block: string): string => {
    let kept = '';
    let at = 0;
    for (;;) {
      if (open) {
        END.lastIndex = at;
        const end = END.exec(block);
        if (end === null) return kept;
        open = false;
        at = end.index + end[0].length;
        // The line break after an END whose BEGIN came in an earlier call would only leave an empty line.
        if (kept === '' && block[at] === '\n') at += 1;
      }
      BEGIN_LINE.lastIndex = at;
      const begin = BEGIN_LINE.exec(block);
      if (begin === null) return kept + block.slice(at);
      kept += block.slice(at, begin.index) + mask;
      at = begin.index + begin[0].length;
      open = true;
    }
  };
  return { lines, text };
}
