/**
 * Where a page states its usages: `Usage:` lines of help (with `or:` lines and wrapped continuations) and a
 * man page's SYNOPSIS. Independent of cli-mcp's usage reader; deliberately simple.
 */
import { documentedOptions } from './documented-options.js';

// jake's and ejs's `{Usage}: ejs [options ...] template-file` too.
const HEADING = /^\s*\{?(usage|synopsis|syntax)\}?\s*:\s*(.*)$|^\s*(USAGE|Usage|SYNOPSIS)\s*$/i;
/** citty's `USAGE giget [OPTIONS] <TEMPLATE> [DIR]`: capitals, no colon, the usage on the same line. */
const CAPITAL_HEADING = /^USAGE +(\S.*)$/;
/** A wrapped usage line starts with a bracket (a dash starts an option entry instead). */
const CONTINUES = /^[[<{(|]/;
const MAN_SECTION = /^[A-Z][A-Z /-]+$/;

export function namesProgram(text: string, program: string): boolean {
  const first = text.split(/\s+/)[0] ?? '';
  return first === program || first.endsWith(`/${program}`) || first.replace(/\.(js|mjs|cjs|py)$/, '') === program;
}

/** An option entry (`-o <file>  put output in <file>`) ends a usage block. */
function isOptionEntry(text: string): boolean {
  return text.startsWith('-') && documentedOptions(text).length > 0;
}

/** A line of usages joined by `or` before the program's name again: one usage each. */
function splitAtOr(usage: string, isProgram: (text: string) => boolean): string[] {
  return usage.split(/\s+or\s+/).reduce<string[]>((forms, part, k) => {
    if (k === 0 || isProgram(part)) forms.push(part);
    else forms[forms.length - 1] += ` or ${part}`;
    return forms;
  }, []);
}

/** The usages a help page states. */
export function helpUsages(help: string, names: readonly string[]): string[] {
  const isProgram = (text: string) => names.some((name) => namesProgram(text, name));
  const lines = help.split('\n');
  const usages: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const capital = CAPITAL_HEADING.exec(lines[i]!);
    const heading = capital ? undefined : HEADING.exec(lines[i]!);
    if (!capital && !heading) continue;
    const rest = (capital?.[1] ?? heading?.[2] ?? '').trim();
    const block: string[] = rest ? [rest] : [];
    let j = i + 1;
    // `Usage:` alone, then a blank line, then the usage (degit).
    if (!rest && lines[j]?.trim() === '') j++;
    for (; j < lines.length && lines[j]!.trim() !== ''; j++) {
      const line = lines[j]!;
      const text = line.trim().replace(/^\$\s+/, '');
      const or = /^or\s*:?\s+(.*)$/i.exec(text);
      if (isOptionEntry(text)) break;
      if (or) block.push(or[1]!);
      else if (block.length === 0 || isProgram(text)) block.push(text);
      // A wrapped usage goes on indented (argparse and BSD align it under the first argument).
      else if (/^\s{4}/.test(line) || (CONTINUES.test(text) && /^\s/.test(line))) block[block.length - 1] += ` ${text}`;
      else break;
    }
    // rolldown's `rolldown -c <config> or rolldown <input> <options>`: two usages on one line.
    usages.push(...block.flatMap((usage) => splitAtOr(usage, isProgram)));
    i = j - 1;
  }
  // pandoc's help starts with its synopsis and no `Usage:` before it.
  const first = lines.find((line) => line.trim() !== '')?.trim();
  if (usages.length === 0 && first && isProgram(first) && /\s[[<A-Z]/.test(first)) usages.push(first);
  return usages;
}

/**
 * The usages of a man page's SYNOPSIS: a line at the first usage's indentation that starts with a word begins
 * a usage (kept when the word names the program or the page: graphviz's page lists neato, twopi… too); deeper
 * lines and lines starting with a bracket or a dash continue it.
 */
export function manUsages(man: string, names: readonly string[]): string[] {
  const lines = man.split('\n');
  const start = lines.findIndex((line) => line.trim() === 'SYNOPSIS' && !/^\s/.test(line));
  if (start < 0) return [];
  const usages: string[] = [];
  let indent = -1;
  let ours = false;
  for (const line of lines.slice(start + 1)) {
    const text = line.trim();
    if (text !== '' && !/^\s/.test(line) && MAN_SECTION.test(text)) break;
    if (text === '') continue;
    const depth = line.length - line.trimStart().length;
    if (indent < 0) indent = depth;
    if (depth <= indent && !CONTINUES.test(text) && !text.startsWith('-')) {
      ours = names.some((name) => namesProgram(text, name));
      if (ours) usages.push(text);
    } else if (ours && usages.length > 0) usages[usages.length - 1] += ` ${text}`;
  }
  return usages;
}
