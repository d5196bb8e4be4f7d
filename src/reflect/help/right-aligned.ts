/**
 * citty right-aligns the first column of its tables, so each name ends where its text starts:
 * `      --auth=<auth>    Custom…` over `            --force    Clone…`, `           add    Add Nuxt modules`.
 * Read by indentation, the deeper rows would be the text of the row above them.
 */

/** A two-column row: its indent, its first cell (single spaces inside), and its text after two or more spaces. */
const ROW = /^(\s*)(\S+(?: \S+)*?)\s{2,}(\S.*)$/;

/**
 * Where three or more rows (two flags) in a run start their text at one column and are indented more than four columns apart
 * (getopt's `      --long` under `  -s, --long` is four), each row starts at the run's least indent, its text where it was.
 */
export function leftAligned(lines: readonly string[]): string[] {
  const out = [...lines];
  for (let start = 0; start < out.length; ) {
    const run: { index: number; indent: number; first: string; text: string }[] = [];
    const textColumn = (index: number, text: string) => out[index]!.length - text.length;
    for (let index = start; index < out.length; index += 1) {
      const row = ROW.exec(out[index]!);
      if (!row) break;
      const [, indent = '', first = '', text = ''] = row;
      if (run.length > 0 && textColumn(index, text) !== textColumn(run[0]!.index, run[0]!.text)) break;
      run.push({ index, indent: indent.length, first, text });
    }
    const least = Math.min(...run.map((row) => row.indent));
    // Two rows do when both are flags (untyped's `           --write` over `  --ignoreDefaults`).
    const enough = run.length >= 3 || (run.length === 2 && run.every((row) => row.first.startsWith('-')));
    if (enough && Math.max(...run.map((row) => row.indent)) > least + 4) {
      const column = textColumn(run[0]!.index, run[0]!.text);
      for (const row of run) out[row.index] = `${' '.repeat(least)}${row.first.padEnd(column - least)}${row.text}`;
    }
    start = run.length > 0 ? run[run.length - 1]!.index + 1 : start + 1;
  }
  return out;
}
