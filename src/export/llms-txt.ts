/**
 * An `llms.txt` for a program's commands, and the markdown page of each command it links to.
 *
 * The format (https://llmstxt.org; its source is nbs/index.qmd in github.com/AnswerDotAI/llms-txt, whose
 * llms_txt/miniparse.py parses it): in this order, an H1 with the name (the only required part), a blockquote
 * summary, markdown without headings, then H2 sections of "file lists": each item a required markdown link
 * `[name](url)`, then optionally `: notes`. An H2 named "Optional" may be skipped for a shorter context.
 *
 * Commands have no URLs of their own, so each gets a page, `commands/<tool>.md` beside llms.txt (the format's
 * "links to detailed markdown files"), and the list item links to it with the command's shape and risk as notes.
 * The H2 sections are the command groups: the commands of one word (`## todo tag`), the others under `## Commands`.
 */
import { code, commandReference } from './command-reference.js';
import { callShape } from './call-shape.js';
import { oneLine, summary, type DocumentedCommand, type ProgramDoc } from './program-doc.js';
import { howToCall, risks } from './calling-notes.js';

/** llms.txt and the command pages, by path inside the folder they are written to. */
export interface LlmsTxtFiles {
  readonly files: Readonly<Record<string, string>>;
}

/** The folder `llms.txt` heads: itself and one page per command. */
export function toLlmsTxt(doc: ProgramDoc): LlmsTxtFiles {
  const pages: Record<string, string> = {};
  const pageOf = new Map(doc.commands.map((each) => [each, `commands/${each.tool}.md`]));
  const sections = [...commandGroups(doc.commands)].map(([word, commands]) => {
    const items = commands.map((each) => {
      const about = summary(each.command.description, 200);
      // One line per item: the parser reads an item to the end of its line.
      const notes = [about, code(callShape(each.command)), `(${each.risk})`].filter(Boolean).join(' ');
      return `- [${linkText(each.command.path.join(' '))}](${pageOf.get(each)}): ${oneLine(notes)}`;
    });
    return [`## ${word === '' ? 'Commands' : `${doc.name} ${word}`}`, '', ...items].join('\n');
  });
  for (const each of doc.commands) pages[pageOf.get(each) as string] = `${commandReference(doc, each, 1)}\n`;
  const blurb = summary(doc.description ?? `The ${doc.name} command-line program.`, 400);
  const details = withoutHeadings([howToCall(doc), risks(doc)].join('\n\n'));
  const text = [`# ${doc.name}`, '', `> ${blurb} Its ${doc.commands.length} command${doc.commands.length === 1 ? '' : 's'} run through cli-mcp, one tool each.`, '', details, '', ...sections.flatMap((section) => [section, ''])].join('\n');
  return { files: { 'llms.txt': text.trimEnd() + '\n', ...pages } };
}

/** The format allows no headings before the file lists: a section's heading becomes a bold line. */
function withoutHeadings(markdown: string): string {
  return markdown.replace(/^#{1,6} (.+)$/gm, '**$1**');
}

/** A link's text cannot hold `]`. */
function linkText(text: string): string {
  return text.replaceAll(']', ')').replaceAll('[', '(');
}

/** The commands grouped by their first word under the program (`tag add`, `tag remove` → `tag`); lone commands go under `''`. */
export function commandGroups(commands: readonly DocumentedCommand[]): Map<string, DocumentedCommand[]> {
  const byWord = new Map<string, DocumentedCommand[]>();
  for (const each of commands) {
    const word = each.command.path[1] ?? '';
    byWord.set(word, [...(byWord.get(word) ?? []), each]);
  }
  const groups = new Map<string, DocumentedCommand[]>([['', []]]);
  for (const [word, members] of byWord) {
    // A word that is a whole command (`todo add`) is no group; one with commands under it is.
    const key = members.length === 1 && members[0]?.command.path.length === 2 ? '' : word;
    groups.set(key, [...(groups.get(key) ?? []), ...members]);
  }
  if (groups.get('')?.length === 0) groups.delete('');
  return groups;
}
