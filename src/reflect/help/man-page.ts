/**
 * A program's man page as a second source beside its `--help`: help is written to be short (curl's lists 10 of
 * its 245 options, gpg's 70 of 329), the man page lists them all, with a SYNOPSIS of the operands. Read only
 * for a program found on the system's PATH, and only when the page's NAME names that program.
 */
import { realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { spawnCommand } from '../../exec/spawn-command.js';
import { placeAfterOperands } from './after-operands.js';
import { assemblePage, ownForms } from './assemble.js';
import { helpSandbox } from './fetch-page.js';
import { MANUAL_ENV, withManualOptions } from './git-manual.js';
import { splitManEntries } from './man-entries.js';
import { optionEntries, type OptionEntry } from './option-entries.js';
import { flagArity, optionsFromEntries } from './option-spec.js';
import type { HelpPage } from './page.js';
import { indentOf, splitHelp, type Section } from './sections.js';
import { escapeRegExp } from './regexp.js';

/** Where a distribution installs the programs its man pages describe. */
const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\//;
/** Sections that describe no option of this program. */
// sftp's INTERACTIVE COMMANDS take options of their own (`ls -n`), typed at its prompt, never on its command line.
// Miller's VERBS, FUNCTIONS FOR FILTER/PUT and KEYWORDS: each verb's or function's options, not the program's.
const NOT_OPTIONS = /^(name|synopsis|see also|authors?|bugs|reporting bugs|copyright|history|examples?|exit status|environment|files|notes|availability|standards|conforming to|interactive commands|verbs|(functions|keywords)\b.*|auxiliary commands)$/i;

/** The man page of `program`, as plain text, when the binary is a system one and the page is about it. */
export async function manPage(program: string, file: string, call: { readonly cwd: string; readonly env: Readonly<Record<string, string>>; readonly timeoutMs: number }): Promise<string | undefined> {
  if (!isSystemProgram(file)) return undefined;
  const sandbox = helpSandbox();
  const outcome = await spawnCommand({
    file: 'man',
    args: [program],
    cwd: call.cwd,
    env: { ...call.env, ...MANUAL_ENV, LC_ALL: 'C.UTF-8' },
    timeoutMs: call.timeoutMs,
    maxOutputBytes: 4 * 1024 * 1024,
    ...(sandbox === 'none' ? {} : { sandbox }),
  });
  if (outcome.kind !== 'ran' || outcome.output.exitCode !== 0 || outcome.output.timedOut) return undefined;
  const text = outcome.output.stdout;
  // A program installed as a link to another (pkg-config → pkgconf) has the page of the program it links to.
  return namesProgram(text, program) || namesProgram(text, installedName(file)) ? text : undefined;
}

/**
 * `NAME\n  rsync - a fast…`, `NAME\n  gzip, gunzip, zcat - compress…`: the page is about this program. Miller's page names
 * its project (`Miller -- like awk…`), and its SYNOPSIS the program: `Usage: mlr [flags] {verb}…`. A package that renames
 * its program keeps the upstream name in the page installed under the new one: `man fdfind` says `fd`, `man bsdtar` says `tar`.
 */
export function namesProgram(text: string, program: string): boolean {
  const names = /^NAME\n\s+(.+?)\s+(?:--?|\\-|–|—)\s/m.exec(text)?.[1]?.split(/,\s*/).map((name) => name.trim().toLowerCase()) ?? [];
  const own = program.toLowerCase();
  // wget's page names it `Wget`.
  if (names.some((name) => name === own || (name.length >= 2 && (own.startsWith(name) || own.endsWith(name))))) return true;
  const synopsis = /^SYNOPSIS\n((?:[ \t]+\S.*\n|\n)+)/m.exec(text)?.[1] ?? '';
  return new RegExp(`^\\s+(?:usage:\\s+)?${escapeRegExp(program)}(?:\\s|$)`, 'im').test(synopsis);
}

/** Installed where a distribution puts the programs its man pages describe. */
export function isSystemProgram(file: string): boolean {
  const real = systemPath(file);
  // Debian's alternatives link /usr/bin/java to /usr/lib/jvm/…/bin/java: the distribution's still, unlike a link into a home.
  return SYSTEM_BIN.test(real) || (SYSTEM_BIN.test(file) && /^\/usr\/(?!local\/)/.test(real));
}

/** The name the program is installed under, past symlinks (`identify` → `identify-im6.q16`). */
export function installedName(file: string): string {
  return basename(systemPath(file));
}

function systemPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** What the man page says of the command: its SYNOPSIS forms, options from every section that lists them, its description. */
export function pageFromManual(text: string, path: readonly string[], installedAs?: string): HelpPage {
  const layout = splitHelp(text);
  const program = path[path.length - 1] ?? '';
  // Debian's alternatives: `identify` is /usr/bin/identify-im6.q16, whose name its SYNOPSIS writes.
  const forms = synopsisForms(text, program, installedAs);
  const entries = splitManEntries(
    layout.sections.filter((section) => !NOT_OPTIONS.test(section.title)).flatMap((section) => {
      const found = optionEntries(taggedParagraphs(withoutCommandBodies(ownLines(section.lines, program), program)));
      return /^commands$/i.test(section.title) ? found.map(asCommand) : found;
    }),
  );
  const name = layout.sections.find((section) => /^name$/i.test(section.title));
  const description = /\s(?:-|\\-|–|—)\s+(.*)$/.exec(name?.lines.join(' ') ?? '')?.[1]?.trim();
  const options = optionsFromEntries(entries).filter((option) => !otherSystems(option.description ?? ''));
  return assemblePage({ layout: { ...layout, usage: forms, intro: '' }, options, subcommands: [], arity: flagArity(entries), ...(description ? { description } : {}) }, { path });
}

/**
 * A section's lines up to where it starts on another program (units' `You invoke units_cur like this:` over
 * `units_cur [options] [outfile]`): the options after that are the other program's.
 */
function ownLines(lines: Section['lines'], program: string): Section['lines'] {
  const other = lines.findIndex((line) => {
    const name = /^\s+([\w.+-]+) \[(?:options?|OPTIONS?)\]/.exec(line)?.[1];
    return name !== undefined && name !== program && !name.startsWith('-');
  });
  return other === -1 ? lines : lines.slice(0, other);
}

/**
 * A section's lines without what its commands' entries hold (tmux's `attach-session [-dErx] [-c working-directory]`, then
 * its text deeper, `-d detaches other clients…`): those flags are the command's, not the program's.
 */
function withoutCommandBodies(lines: Section['lines'], program: string): Section['lines'] {
  let command: number | undefined;
  return lines.filter((line) => {
    if (line.trim() === '') return true;
    const column = indentOf(line);
    if (command !== undefined && column > command) return false;
    const name = /^\s*([a-z][\w-]*) \[-/.exec(line)?.[1];
    command = name !== undefined && name !== program ? column : undefined;
    return command === undefined;
  });
}

/** Info-ZIP's `[VMS]`, `[MacOS]`, `[WIN32]`, `[Systems using EBCDIC]`: an option of other systems, which this build does not take. */
function otherSystems(description: string): boolean {
  const systems = /^\[([^\]]+)\]/.exec(description)?.[1] ?? '';
  return /\b(VMS|WIN32|Windows|MacOS|OS\/2|VM\/CMS|MVS|EBCDIC|Amiga|Acorn|MS-?DOS|Tandem|QDOS|THEOS|BeOS|ATARI)\b/i.test(systems) && !/\b(Unix|Linux)\b/i.test(systems);
}

/** gpg's COMMANDS (`--print-md algo`, `--recv-keys keyIDs`) are switches: the words they name are the command's operands. */
function asCommand(entry: OptionEntry): OptionEntry {
  const flags = entry.spec.split(/,\s*/).map((part) => part.trim().split(/[\s=[<]/)[0] ?? '').filter((flag) => flag.startsWith('-'));
  return { ...entry, spec: flags.join(', ') };
}

/** The SYNOPSIS lines that are the program's forms (rsync's sit under `Local:`, `Pull:`), each with its wrapped rest. */
function synopsisForms(text: string, program: string, installedAs = program): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^SYNOPSIS\s*$/.test(line));
  if (start === -1) return [];
  const forms: string[] = [];
  let column = -1;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== '' && indentOf(line) === 0) break;
    const trimmed = line.trim();
    if ([program, installedAs].some((name) => trimmed === name || trimmed.startsWith(`${name} `))) {
      forms.push(trimmed);
      column = indentOf(line);
    } else if (trimmed !== '' && column >= 0 && indentOf(line) > column && forms.length > 0) {
      forms[forms.length - 1] = `${forms[forms.length - 1] ?? ''} ${trimmed}`;
    } else column = -1;
  }
  return forms.map((form) => form.replace(/\s+/g, ' '));
}

/**
 * man sets a short tag and its text on one line, one space apart, when the tag fits the indent (`--help Print a
 * short help page`): the text starts at the column the paragraph's next lines use, so a second space goes there.
 */
function taggedParagraphs(lines: Section['lines']): string[] {
  const out = [...lines];
  const usual = bodyColumn(lines);
  let next: string | undefined;
  // From the end, so each line knows the next line with text in one pass.
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (/^\s*-/.test(line)) {
      // A paragraph of one line (black's `--diff Don't write…`) has no next line to show its column: the section's usual one does.
      const body = next !== undefined && indentOf(next) > indentOf(line) ? indentOf(next) : usual;
      out[index] = listWithoutSpaces(body === undefined ? line : splitTag(line, body));
    }
    if (line.trim() !== '') next = line;
  }
  return out;
}

/** Java's `-Xdiags:[compact, verbose]`: a tag's list of values written with spaces, which would end the tag at its first comma. */
function listWithoutSpaces(line: string): string {
  return line.replace(/^(\s*-[^\s[]*)\[([^\]]*,\s[^\]]*)\]/, (_, head: string, list: string) => `${head}[${list.replace(/,\s+/g, ',')}]`);
}

/** The column most text lines under a tag start at in this section. */
function bodyColumn(lines: Section['lines']): number | undefined {
  const counts = new Map<number, number>();
  const count = (column: number): void => void counts.set(column, (counts.get(column) ?? 0) + 1);
  lines.forEach((line, index) => {
    const previous = lines[index - 1] ?? '';
    if (/^\s*-/.test(previous) && line.trim() !== '' && indentOf(line) > indentOf(previous)) count(indentOf(line));
    // eqn's `-C     Recognize …`: a short tag with its text on its line shows the column too.
    const beside = /^(\s*-\S+)( {2,})\S/.exec(line);
    if (beside) count((beside[1] ?? '').length + (beside[2] ?? '').length);
  });
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A second space where the text starts, at the body's column, when one space alone parts it from the tag. */
function splitTag(line: string, body: number): string {
  // Not where the tag goes on (`-A, --after-context NUM`): its text starts with a word, after a tag that does not end in `,`.
  if (body <= indentOf(line) + 1 || line.length <= body || line[body - 1] !== ' ' || /[ ,|]/.test(line[body - 2] ?? ' ') || !/[A-Za-z(]/.test(line[body] ?? '')) return line;
  // find's `-group gname` over its text: a lone lowercase word at the text's column is the tag's value, not the text;
  // patch's `-x num  or  --debug=num` goes on with another spelling.
  if (!/[A-Z(]/.test(line[body] ?? '') && (line.slice(body).trim().split(/\s+/).length < 3 || /\s{2,}or\s{2,}-/.test(line))) return line;
  // niceload's `--factor FACTOR` over its text: a metavar alone at the text's column is the tag's value too.
  if (/^[A-Z][A-Z0-9_-]*$/.test(line.slice(body).trim())) return line;
  return `${line.slice(0, body)} ${line.slice(body)}`;
}

/** The help page with what the man page adds: options it does not list, and operands when it names none; options the usage puts after the operands are placed there. */
export function withManPage(page: HelpPage, manual: HelpPage, path: readonly string[]): HelpPage {
  const withOptions = withManualOptions(page, manual.options);
  const operands = withOptions.positionals.length === 0 && withOptions.usage.length === 0 && manual.positionals.length > 0;
  const merged = operands ? { ...withOptions, positionals: manual.positionals, usage: manual.usage } : withOptions;
  return { ...merged, options: placeAfterOperands(merged.options, ownForms(merged.usage, { path }).map((form) => form.rest)) };
}

