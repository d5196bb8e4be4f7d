/** At most one progress notification per this many milliseconds; lines in between are sent together. */
export const PROGRESS_INTERVAL_MS = 250;
/** The longest message one notification carries; the newest lines are kept. */
const MAX_MESSAGE_CHARS = 2000;

/** Progress from streamed output: complete lines, cleaned, batched and rate-limited. */
export interface LineProgress {
  write(chunk: Uint8Array): void;
  /** Sends what is left; call once the process has ended. */
  end(): void;
}

/**
 * Turns output chunks into progress messages of whole lines, sent at most every `intervalMs`.
 * `clean` runs on every message (sanitising and redaction), so progress never shows what the result would mask.
 */
export function lineProgress(send: (message: string) => void, clean: (text: string) => string, intervalMs = PROGRESS_INTERVAL_MS): LineProgress {
  const decoder = new TextDecoder();
  let partial = '';
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    timer = undefined;
    if (pending.length === 0) return;
    const message = clean(pending.join('\n')).slice(-MAX_MESSAGE_CHARS);
    pending = [];
    if (message.trim() !== '') send(message);
  };

  return {
    write(chunk) {
      const lines = (partial + decoder.decode(chunk, { stream: true })).split('\n');
      partial = lines.pop() ?? '';
      if (lines.length === 0) return;
      pending.push(...lines);
      // Keep the batch bounded however fast the CLI prints: only the newest lines can be sent anyway.
      if (pending.length > 200) pending = pending.slice(-200);
      timer ??= setTimeout(flush, intervalMs);
    },
    end() {
      clearTimeout(timer);
      if (partial !== '') pending.push(partial);
      partial = '';
      flush();
    },
  };
}
