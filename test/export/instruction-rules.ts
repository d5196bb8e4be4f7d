/**
 * Checks of what `export --format skill|llms|agents` writes, read back from disk and written from the formats'
 * own rules, not from cli-mcp's constants, so the tests hold the code to the formats.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, normalize } from 'node:path';
import { parse } from 'yaml';

/**
 * The Agent Skills specification (https://agentskills.io/specification; github.com/agentskills/agentskills,
 * docs/specification.mdx, checked by its skills-ref/src/skills_ref/validator.py): the only front matter fields.
 */
const SKILL_FIELDS = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']);

/** The front matter and body of a SKILL.md: `---`, a YAML mapping, `---`, then markdown. Throws on anything else. */
export function splitFrontMatter(text: string): { front: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error('SKILL.md does not start with front matter between --- lines');
  // A strict read: duplicate keys, tabs for indentation and anything but one document throw.
  const front: unknown = parse(match[1] as string, { strict: true, uniqueKeys: true });
  if (front === null || typeof front !== 'object' || Array.isArray(front)) throw new Error('the front matter is not a mapping');
  return { front: front as Record<string, unknown>, body: match[2] as string };
}

/** Every way the skill folder breaks the specification; empty when it keeps it. */
export function skillProblems(folder: string): string[] {
  const file = join(folder, 'SKILL.md');
  if (!existsSync(file)) return ['no SKILL.md'];
  const problems: string[] = [];
  let parsed: ReturnType<typeof splitFrontMatter>;
  try {
    parsed = splitFrontMatter(readFileSync(file, 'utf8'));
  } catch (error) {
    return [(error as Error).message];
  }
  const { front, body } = parsed;
  for (const key of Object.keys(front)) if (!SKILL_FIELDS.has(key)) problems.push(`unknown field ${key}`);
  const { name, description, compatibility, metadata } = front;
  if (typeof name !== 'string') problems.push('name is not a string');
  else {
    if (name.length < 1 || name.length > 64) problems.push(`name has ${name.length} characters, not 1 to 64`);
    if (!/^[a-z0-9-]+$/.test(name)) problems.push(`name ${name} has characters other than a-z, 0-9 and -`);
    if (name.startsWith('-') || name.endsWith('-')) problems.push(`name ${name} starts or ends with -`);
    if (name.includes('--')) problems.push(`name ${name} has consecutive hyphens`);
    if (name !== basename(folder)) problems.push(`name ${name} is not the folder's name ${basename(folder)}`);
  }
  if (typeof description !== 'string' || description.trim() === '') problems.push('description is not a non-empty string');
  else if (description.length > 1024) problems.push(`description has ${description.length} characters, over 1024`);
  if (compatibility !== undefined && (typeof compatibility !== 'string' || compatibility.length < 1 || compatibility.length > 500)) problems.push('compatibility is not a string of 1 to 500 characters');
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Object.values(metadata).some((value) => typeof value !== 'string'))) problems.push('metadata is not a map of strings');
  // "Keep your main SKILL.md under 500 lines"; "Keep file references one level deep from SKILL.md".
  if (body.split('\n').length >= 500) problems.push(`the body has ${body.split('\n').length} lines, not under 500`);
  for (const target of relativeLinks(body)) {
    if (!existsSync(join(folder, target))) problems.push(`link to ${target}, which is not in the folder`);
    if (normalize(target).startsWith('..')) problems.push(`link to ${target}, outside the folder`);
  }
  return problems;
}

/** The relative link targets of markdown links in `text`. */
export function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1] as string).filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));
}

/** An item of an llms.txt file list: `- [name](url)`, then optionally `: notes` (llms_txt/miniparse.py's pattern, anchored). */
const FILE_LIST_ITEM = /^-\s*\[([^\]]+)\]\(([^)]+)\)(?::\s*(.*))?$/;

/**
 * Every way an llms.txt breaks the format (https://llmstxt.org; github.com/AnswerDotAI/llms-txt, nbs/index.qmd):
 * an H1, then an optional one-line blockquote, then markdown without headings, then H2 sections whose every line
 * is a file-list item. `folder`: where its relative links must lead to a file.
 */
export function llmsTxtProblems(text: string, folder?: string): string[] {
  const problems: string[] = [];
  const [start = '', ...rest] = text.replace(/^\uFEFF/, '').split(/^## (.*)$/m);
  const head = /^# (.+)\n+(?:> (.+)\n)?\n*([\s\S]*)$/.exec(start);
  if (!head) return ['no H1 first, or a blockquote that is not one line'];
  if (/^#{1,6} /m.test(withoutFences(head[3] as string))) problems.push('a heading before the file lists');
  for (let index = 0; index < rest.length; index += 2) {
    const section = rest[index] as string;
    const lines = (rest[index + 1] ?? '').split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) problems.push(`section ${section} has no file list`);
    for (const line of lines) {
      const item = FILE_LIST_ITEM.exec(line);
      if (!item) problems.push(`section ${section}: ${JSON.stringify(line)} is not a file-list item`);
      else if (folder !== undefined && !/^[a-z]+:/i.test(item[2] as string) && !existsSync(join(folder, item[2] as string))) problems.push(`section ${section}: ${item[2]} is not in the folder`);
    }
  }
  return problems;
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The sections of an AGENTS.md by their H2 heading. */
export function agentsSections(text: string): Map<string, string> {
  const parts = text.split(/^## (.*)$/m);
  const sections = new Map<string, string>();
  for (let index = 1; index < parts.length; index += 2) sections.set(parts[index] as string, parts[index + 1] ?? '');
  return sections;
}
