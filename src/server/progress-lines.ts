/** Notifications sent for one batch of output lines; in a flood only the newest go out. */
export const MAX_LINES_PER_BATCH = 8;
/** The longest message one notification carries: a status line, as clients show it. */
export const MAX_STATUS_CHARS = 200;

/**
 * A batch of cleaned output lines as progress messages, a notification each: the newest {@link MAX_LINES_PER_BATCH}
 * that show something, oldest first, each as a terminal leaves it after its last carriage return, trimmed and cut
 * to {@link MAX_STATUS_CHARS}. Clients show a progress message as one status line, not a block of output.
 */
export function statusLines(batch: string): string[] {
  const lines: string[] = [];
  for (let end = batch.length; lines.length < MAX_LINES_PER_BATCH; ) {
    const newline = end === 0 ? -1 : batch.lastIndexOf('\n', end - 1);
    const line = batch.slice(newline + 1, end);
    const shown = line.slice(line.lastIndexOf('\r') + 1).trim();
    if (shown !== '') lines.unshift(shown.length <= MAX_STATUS_CHARS ? shown : `${shown.slice(0, cutAt(shown, MAX_STATUS_CHARS - 1))}…`);
    if (newline === -1) break;
    end = newline;
  }
  return lines;
}

/** `at`, or one less where `at` would split a surrogate pair. */
function cutAt(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}
