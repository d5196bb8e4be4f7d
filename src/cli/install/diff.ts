/** Lines of context around the change, as `diff -u` shows. */
const CONTEXT = 3;

/**
 * A unified diff of one edit: the lines both texts share at the start and the end are context, the
 * rest is one hunk. An install or uninstall changes one entry, so one hunk says it all.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const old = linesOf(before);
  const now = linesOf(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  const start = Math.max(0, head - CONTEXT);
  const endOld = Math.min(old.length, old.length - tail + CONTEXT);
  const endNew = Math.min(now.length, now.length - tail + CONTEXT);
  const lines = [
    `--- ${before === '' ? '/dev/null' : file}`,
    `+++ ${file}`,
    `@@ -${range(start, endOld - start)} +${range(start, endNew - start)} @@`,
    ...old.slice(start, head).map((line) => ` ${line}`),
    ...old.slice(head, old.length - tail).map((line) => `-${line}`),
    ...now.slice(head, now.length - tail).map((line) => `+${line}`),
    ...now.slice(now.length - tail, endNew).map((line) => ` ${line}`),
  ];
  return `${lines.join('\n')}\n`;
}

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  // A final newline ends the last line; it does not start another.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `start,count` with a 1-based start, and `0,0` for an empty side. */
function range(start: number, count: number): string {
  return count === 0 ? `${start},0` : `${start + 1},${count}`;
}
