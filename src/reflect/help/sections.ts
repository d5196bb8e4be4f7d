/**
 * Splits help text into its layout: the usage forms, the free text before the first section
 * (the description), and titled sections with their indented lines. Dialect-neutral.
 */
import { leftAligned } from './right-aligned.js';
import { cleanText } from './clean-text.js';
import { escapeRegExp } from './regexp.js';

/** A titled block: `Options:`, `Basic Commands (Beginner):`, git's `Commit message options`, man's `OPTIONS`. */
export interface Section {
  readonly title: string;
  /** Text on the title line after the colon (`Example: grep -i …`). */
  readonly inline: string;
  readonly lines: readonly string[];
}

export interface HelpLayout {
  /** Usage forms, continuation lines joined with single spaces, `usage:`/`or:` dropped. */
  readonly usage: readonly string[];
  /** Free paragraphs before the first section other than usage, hint lines removed. */
  readonly intro: string;
  /** The raw lines `intro` was made from (git lists options there, under no heading). */
  readonly introLines: readonly string[];
  readonly sections: readonly Section[];
}

const USAGE_TITLE = /^(usage|synopsis|syntax)$/i;
/** Titles whose text may follow the colon on the same line. */
// llvm-profdata's `Available commands: merge, show, overlap`.
const INLINE_TITLE = /^(usage|syntax|examples?|aliases|(?:available |main |all )?(?:sub)?commands)\s*:\s*(.*)$/i;
/** citty's `USAGE giget [OPTIONS] <TEMPLATE> [DIR]`: the title in capitals, no colon, its form on the same line. */
const CAPITAL_USAGE = /^(USAGE) +(\S.*)$/;
/** zip's `Zip 3.0 (July 5th 2008). Usage:`: a sentence that ends by opening the usage, its form on the next line. */
const TRAILING_USAGE = /[.!)]\s+(usage|syntax)\s*:$/i;
/** "See 'x --help' for more", "Use "kubectl options" for …": pointers, not descriptions. */
const HINT = /^(use|run|see)\s+["'`]|for more (information|help|details)|^'[\w -]+' (and|lists?)\b/i;
/** man's page header and footer: `GIT-TAG(1)   Git Manual   GIT-TAG(1)`. */
const MAN_FRAME = /^\S+\(\d\w*\)\s{2,}|\s{2,}\S+\(\d\w*\)$/;

export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** The layout of a help text; never throws. `program`, when known, marks its usage form on a line of its own (`pandoc [OPTIONS] [FILES]`). */
export function splitHelp(text: string, program?: string): HelpLayout {
  // meow indents the whole page by two columns; its headings are the least indented lines.
  // jake's and ejs's titles in braces: `{Usage}: ejs [options ...] template-file`, `{Options}:`.
  const lines = leftAligned(underlinedTitles(dedentPage(cleanText(text).split('\n')).split('\n'))).map((line) => line.replace(/^\{([A-Z][\w ]*)\}:/, '$1:'));
  const usage: string[] = [];
  const sections: { title: string; inline: string; lines: string[] }[] = [];
  const intro: string[] = [];
  let current: { title: string; inline: string; lines: string[] } | undefined;
  let seenSection = false;
  /** The line of the last bare form read: npm's forms follow one another flush left (`npm cache add <package-spec>`, `npm cache verify`). */
  let bareForm: number | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      if (current !== undefined) current.lines.push('');
      else if (!seenSection) intro.push('');
      continue;
    }
    // argp (tar) indents its group titles by one column: ` Main operation mode:`.
    const argpTitle = indentOf(line) === 1 && line.endsWith(':') && !line.trim().startsWith('-');
    // semver, python and rsync print their options flush left under the section's title; npm its bracketed synopsis (`[-g|--global]`).
    const flushOption = indentOf(line) === 0 && /^(?:--?[\w?#@]|\[--?\w)/.test(line);
    if (flushOption && current === undefined && seenSection) {
      // Options flush left after other sections, under no title of their own (rsync's, after its banner): a section of options.
      current = { title: 'Options', inline: '', lines: [] };
      sections.push(current);
    }
    // pidtree's `  Usage` indented above titles flush left, release-it's `  Usage: release-it <increment>`: a usage's title still.
    const strayUsage = current === undefined && indentOf(line) <= 2 && /^\s+usage(:?$|:\s+\S)/i.test(line);
    if ((indentOf(line) > 0 && !argpTitle && !strayUsage) || flushOption) {
      if (current !== undefined) current.lines.push(line);
      else if (!seenSection) intro.push(line);
      continue;
    }
    if (TRAILING_USAGE.test(line) && (lines[i + 1] ?? '').trim() !== '') {
      usage.push((lines[i + 1] ?? '').trim().replace(/\s+/g, ' '));
      current = undefined;
      i += 1;
      continue;
    }
    const goesOn = bareForm !== undefined && bareForm === i - 1 && program !== undefined && isLaterForm(line, program);
    if (goesOn || (program !== undefined && usage.length === 0 && isBareForm(line, program))) {
      usage.push(line.trim().replace(/\s+/g, ' '));
      current = undefined;
      bareForm = i;
      continue;
    }
    // bsdtar's `Create: bsdtar -c [options] …` titles its mode's options with the mode's usage form.
    const label = program === undefined || INLINE_TITLE.test(line) ? undefined : /^[A-Z][\w/ ]*:\s+(\S.*)$/.exec(line)?.[1];
    if (label !== undefined && program !== undefined && isBareForm(label, program)) usage.push(label.trim().replace(/\s+/g, ' '));
    // citty's `OPTIONS`, a blank line, then its rows of two columns: the title's body starts after the blank.
    // meow's `Usage`, `Options`, `Examples` (chalk-cli), quicktype's `Synopsis`: a plain title, a blank line, its body indented.
    const plainTitle = /^(usage|synopsis|options|flags|examples?|commands)$/i.test(line.trim()) && indentOf(lines[i + 2] ?? '') > 0;
    const afterBlank = lines[i + 1]?.trim() === '' && ((/^[A-Z][A-Z ]{2,39}$/.test(line) && /^\s+\S+(?: \S+)*\s{2,}\S/.test(lines[i + 2] ?? '')) || plainTitle);
    const heading = headingOf(line, afterBlank ? lines[i + 2] : lines[i + 1]);
    // LLVM's `Polly Options:` over `Configure the polly loop optimizer`, flush left: the title's own line, its options below.
    if (heading === undefined && current !== undefined && current.lines.length === 0 && indentOf(lines.slice(i + 1).find((next) => next.trim() !== '') ?? '') > 0) continue;
    if (heading === undefined) {
      current = undefined;
      if (!seenSection) intro.push(line);
      continue;
    }
    if (USAGE_TITLE.test(heading.title)) {
      const end = usageEnd(lines, i + 1);
      usage.push(...usageForms(line, heading.inline, lines.slice(i + 1, end)));
      current = undefined;
      i = end - 1;
      continue;
    }
    seenSection = true;
    current = { title: heading.title, inline: heading.inline, lines: [] };
    sections.push(current);
  }
  const introLines = intro.filter((line) => !MAN_FRAME.test(line));
  // Option lines under no heading (git's `-h`) end the description.
  const firstOption = introLines.findIndex((line) => /^\s*-/.test(line));
  const described = firstOption === -1 ? introLines : introLines.slice(0, firstOption);
  return { usage: [...new Set(usage)], intro: paragraphs(described), introLines, sections };
}

/** docutils' `Usage` over `=====` (a reStructuredText title): read as `Usage:`. */
function underlinedTitles(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const under = (lines[i + 1] ?? '').trim();
    const title = line.trim();
    if (indentOf(line) === 0 && /^[A-Za-z]/.test(title) && /^(=+|-+)$/.test(under) && under.length >= title.length && under.length <= title.length + 4) {
      out.push(`${title}:`);
      i += 1;
    } else out.push(line);
  }
  return out;
}

/** An unindented line that is the program's usage form, with nothing before it: its name, then options or operands. */
function isBareForm(line: string, program: string): boolean {
  const name = program.split('/').pop() ?? program;
  // skopeo's `skopeo copy [command options] SOURCE-IMAGE …`: the command's words may come first; jq's `jq - commandline JSON processor` is a title.
  return (line === name || line.startsWith(`${name} `)) && /^\S+(?: [a-z][\w-]*)* (?:\[|<|-[\w-]|\{|[A-Z][A-Z_-]+(?:\.\.\.)?(?: |$))/.test(line) && !/(?<!\.\.)[.:]$|\. /.test(line);
}

/** A form right under another (`npm cache verify`, `npm access set status=public|private [<package>]`): the program's name, then no gap and no sentence. */
function isLaterForm(line: string, program: string): boolean {
  return line.startsWith(`${program.split('/').pop() ?? program} `) && !/\s{2,}/.test(line) && !/(?<!\.\.)[.:]$/.test(line) && !isProse(line);
}

function headingOf(line: string, next: string | undefined): { title: string; inline: string } | undefined {
  if (line.trim().startsWith('-')) return undefined; // an option with its text below, not a title
  // qpdf's `== --password-mode (tweak how qpdf encodes passwords) ==`.
  const framed = /^==+ (.+?) ==+$/.exec(line.trim());
  if (framed) return { title: framed[1] ?? '', inline: '' };
  const inline = INLINE_TITLE.exec(line.trimStart()) ?? CAPITAL_USAGE.exec(line);
  if (inline) return { title: capitalise(inline[1] ?? ''), inline: inline[2] ?? '' };
  if (line.endsWith(':') && line.length <= 80) return { title: line.slice(0, -1).trim(), inline: '' };
  // git's "Commit message options", man's "OPTIONS", gh's "CORE COMMANDS": a title line with an indented body.
  if (next !== undefined && next.trim() !== '' && indentOf(next) > 0 && line.length <= 80 && !MAN_FRAME.test(line)) {
    return { title: line.trim(), inline: '' };
  }
  // rsync's `Options` with its option lines flush left below it.
  if (next !== undefined && /^--?[\w?#@]/.test(next) && line.length <= 40 && /^[A-Z][\w ]*$/.test(line)) return { title: line.trim(), inline: '' };
  return undefined;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Where the usage block ends: at a blank line or at the next unindented line. */
function usageEnd(lines: readonly string[], from: number): number {
  let end = from;
  // A bare `Usage:` title has its forms on the following lines; skip one leading blank line.
  const bareTitle = /^(usage|synopsis):?$/i.test((lines[end - 1] ?? '').trim());
  if ((lines[end] ?? '').trim() === '' && bareTitle) end += 1;
  // node-touch's `usage:` over `touch [-acfm] [-r file] … file ...` flush left: a form all the same.
  if (bareTitle && indentOf(lines[end] ?? '') === 0 && /^[\w.-]+ (?:[[<{-]|[A-Za-z]+ \[)/.test(lines[end] ?? '') && !isProse(lines[end] ?? '')) end += 1;
  // ssh-keygen wraps a form onto a line that starts with an option, under the words after the program's name.
  const formColumn = /^\S+:\s*\S+\s+/.exec(lines[from - 1] ?? '')?.[0].length ?? Number.POSITIVE_INFINITY;
  // pip's forms in groups parted by a blank line (`pip config … list`, then `pip config … get command.option`): one usage still.
  const program = (/^\S+:\s*(\S+)/.exec(lines[from - 1] ?? '')?.[1] ?? lines.slice(end).find((line) => line.trim() !== '')?.trim().split(' ')[0]) ?? '';
  while (end < lines.length) {
    const line = lines[end] ?? '';
    const next = lines[end + 1] ?? '';
    if (line.trim() === '' && end > from && program !== '' && indentOf(next) > 0 && next.trim().startsWith(`${program} `)) {
      end += 1;
      continue;
    }
    // An option line right under the usage starts the option list, not another form.
    if (line.trim() === '' || indentOf(line) === 0 || (line.trim().startsWith('-') && indentOf(line) < formColumn)) break;
    end += 1;
  }
  return end;
}

/**
 * Joins wrapped usage lines into forms: a line starting at the first form's column, or with
 * `or:`, opens a new form; a deeper one continues the last.
 */
/** A sentence, not a form: a capitalised word, then lowercase words (acronyms allowed), no brackets or flags. */
function isProse(text: string): boolean {
  return /^[A-Z][a-z]+ [a-z]+ [a-z]+ /.test(text) || (/^[A-Z][a-z]+(?: [A-Za-z]+){3,}[.,]?$/.test(text) && / [a-z]{2,}\b/.test(text));
}

function usageForms(title: string, inline: string, body: readonly string[]): string[] {
  const forms: string[] = [];
  // The first form's column is where its program word starts: "Usage: cargo" puts it at 7.
  let formColumn = inline.trim() === '' ? -1 : title.length - inline.trimStart().length;
  if (inline.trim() !== '') forms.push(inline.trim());
  for (const raw of body) {
    if (raw.trim() === '') continue;
    // meow writes its forms as shell lines: `$ cpy <source …> <destination>`.
    if (/^\s*\$ /.test(raw)) {
      forms.push(raw.trim().slice(2).trim());
      continue;
    }
    const orForm = /^\s*or:?\s+(.*)$/i.exec(raw);
    const column = indentOf(raw);
    // Pod::Usage wraps a form at its own column (pod2man's `[--utf8] [--verbose] [input` / `[output] ...]`): an open bracket, or a line opening with one, goes on.
    const wrapped = forms.length > 0 && (/^\s*\[/.test(raw) || openBrackets(forms[forms.length - 1] ?? '') > 0);
    // unzip's `  Default action is to extract files in list, …` and elfedit's ` Update the ELF header of ELF files`
    // under an inline form: prose ends the usage.
    if (!wrapped && forms.length > 0 && column <= formColumn && isProse(raw.trim())) break;
    if (!wrapped && (orForm || formColumn === -1 || column <= formColumn || forms.length === 0)) {
      forms.push((orForm?.[1] ?? raw).trim());
      if (formColumn === -1) formColumn = column;
      continue;
    }
    forms[forms.length - 1] = `${forms[forms.length - 1] ?? ''} ${raw.trim()}`;
  }
  return forms.flatMap((form) => oneLineForms(form).map((one) => withoutSummary(one.replace(/\s+/g, ' '))));
}

/** Two forms on one line: rolldown's `rolldown -c <config> or rolldown <input> <options>`, netstat's `netstat … -r         netstat {-V|--version}` (a wide gap). */
function oneLineForms(form: string): string[] {
  const program = form.split(/\s/)[0] ?? '';
  if (program === '' || program.startsWith('-')) return [form];
  return form.split(new RegExp(`(?:\\s+or\\s+|\\s{3,})(?=${escapeRegExp(program)}(?:\\s|$))`));
}

/** GLib writes a summary after the form (`appstreamcli [OPTION…] - AppStream CLI.`): prose, not operands. */
function withoutSummary(form: string): string {
  const tail = /\s[-–—]\s+([^[\]<>{}|]+)$/.exec(form);
  const words = tail?.[1]?.trim().split(/\s+/) ?? [];
  // Three words or a capitalised one, no flags nor only metavars: a sentence (`tar -cf - dir` keeps its `- dir`).
  const sentence = words.length >= 3 || words.some((word) => /^[A-Z][a-z]/.test(word));
  const summary = sentence && !words.some((word) => word.startsWith('-')) && !words.every((word) => /^[A-Z0-9_.…]+$/.test(word));
  return tail !== null && summary ? form.slice(0, tail.index) : form;
}

/** How many `[` a form leaves open. */
function openBrackets(form: string): number {
  return [...form].reduce((depth, char) => depth + (char === '[' ? 1 : char === ']' ? -1 : 0), 0);
}

/** Paragraphs, each dedented on its own (kubectl indents all but the first), hint lines dropped. */
export function paragraphs(lines: readonly string[]): string {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') blocks.push([]);
    else if (!HINT.test(line.trim())) blocks[blocks.length - 1]?.push(line);
  }
  return blocks
    .filter((block) => block.length > 0)
    .map((block) => dedent(block))
    .join('\n\n');
}

/** Removes the common leading indentation of the non-blank lines. */
export function dedent(lines: readonly string[]): string {
  const indents = lines.filter((line) => line.trim() !== '').map(indentOf);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((line) => line.slice(Math.min(cut, indentOf(line)))).join('\n');
}

/** A page indented as a whole, under a last paragraph flush left (node-gyp's `node-gyp@12.4.0  /path`): the page dedented, the footer kept. */
function dedentPage(lines: readonly string[]): string {
  const lastBlank = lines.findLastIndex((line, i) => line.trim() === '' && lines.slice(i + 1).some((rest) => rest.trim() !== ''));
  const footer = lastBlank === -1 ? [] : lines.slice(lastBlank + 1);
  const body = lastBlank === -1 ? lines : lines.slice(0, lastBlank + 1);
  const flushFooter = footer.length > 0 && footer.every((line) => line.trim() === '' || indentOf(line) === 0) && body.some((line) => line.trim() !== '');
  return flushFooter && !body.some((line) => line.trim() !== '' && indentOf(line) === 0) ? [dedent(body), ...footer].join('\n') : dedent(lines);
}

/** Most of the lines that open entries (the least indented) are options: a section of options, whatever its title. */
export function isOptionList(lines: readonly string[]): boolean {
  const filled = lines.filter((line) => line.trim() !== '');
  if (filled.length === 0) return false;
  const base = Math.min(...filled.map(indentOf));
  const opening = filled.filter((line) => indentOf(line) === base);
  return opening.filter((line) => /^-{1,2}[\w?#@]/.test(line.trim())).length * 2 > opening.length;
}

/** The first section whose title matches. */
export function findSection(layout: HelpLayout, title: RegExp): Section | undefined {
  return layout.sections.find((section) => title.test(section.title));
}
