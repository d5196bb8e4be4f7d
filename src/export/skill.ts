/**
 * An Agent Skills folder for a program: `SKILL.md` (front matter, how to call, risks, the commands) and the full
 * reference in `references/`, which SKILL.md links to, so an agent loads the detail only when it needs it.
 *
 * The rules followed, from the Agent Skills specification (https://agentskills.io/specification; its source is
 * docs/specification.mdx in github.com/agentskills/agentskills, and skills-ref/src/skills_ref/validator.py checks them):
 * - front matter keys: `name` and `description` (required), `license`, `compatibility`, `metadata`, `allowed-tools`; no others;
 * - `name`: 1–64 characters, lowercase `a-z`, `0-9` and `-`, not starting or ending with `-`, no `--`, equal to the folder's name;
 * - `description`: 1–1024 characters, what the skill does and when to use it;
 * - `compatibility`: 1–500 characters, environment requirements;
 * - the body: under 500 lines (< 5000 tokens recommended), detail in files linked one level deep from SKILL.md.
 */
import { stringify } from 'yaml';
import { CliMcpError } from '../errors.js';
import { commandReference, code } from './command-reference.js';
import { howToCall, risks } from './calling-notes.js';
import { callShape } from './call-shape.js';
import { commandName, commandsByRisk, oneLine, summary, type DocumentedCommand, type ProgramDoc } from './program-doc.js';

export const MAX_SKILL_NAME = 64;
export const MAX_SKILL_DESCRIPTION = 1024;
export const MAX_SKILL_COMPATIBILITY = 500;
/** Lowercase letters and digits in runs joined by single hyphens. */
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Every front matter key the specification defines. */
export const SKILL_FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'] as const;
/** More commands than this, and SKILL.md lists the words under the program, each with a reference file of its own. */
export const MAX_LISTED_COMMANDS = 40;

/** The files of a skill folder, by path inside it. */
export interface SkillFolder {
  /** The skill's name: its folder must have this name. */
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
}

export interface SkillOptions {
  /** The skill's name, which its folder must carry. @default the program's name, made valid (`skillNameFor`) */
  readonly name?: string;
}

/** Why a name is not a valid skill name, or undefined when it is. */
export function skillNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > MAX_SKILL_NAME) return `a skill name has 1 to ${MAX_SKILL_NAME} characters, ${JSON.stringify(name)} has ${name.length}`;
  if (!SKILL_NAME.test(name)) return `a skill name has only lowercase letters, digits and single hyphens inside it, not ${JSON.stringify(name)}`;
  return undefined;
}

/** A valid skill name made from a program's name: `kubectl`, `my-cli`, `Foo_Bar.js` → `foo-bar-js`. */
export function skillNameFor(program: string): string {
  const made = program.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, MAX_SKILL_NAME).replace(/^-+|-+$/g, '');
  return made === '' ? 'cli' : made;
}

/**
 * The skill folder of a program's commands.
 * @throws {CliMcpError} `cli-mcp.invalid-option` when `name` is not a valid skill name
 */
export function toSkill(doc: ProgramDoc, options: SkillOptions = {}): SkillFolder {
  const name = options.name ?? skillNameFor(doc.name);
  const problem = skillNameProblem(name);
  if (problem) throw new CliMcpError('cli-mcp.invalid-option', `${problem}: the skill's folder is its name, so name the folder like "${skillNameFor(name)}"`);
  const references = referenceFiles(doc);
  const front = stringify({ name, description: description(doc), compatibility: compatibility(doc) }, { lineWidth: 0 });
  const body = [`# ${doc.name}`, '', ...(doc.description ? [doc.description, ''] : []), howToCall(doc), '', risks(doc), '', commandsSection(doc, references)].join('\n');
  const files: Record<string, string> = { 'SKILL.md': `---\n${front}---\n\n${body}\n` };
  for (const { path, title, commands } of references) {
    files[path] = `# ${title}\n\n${commands.map((each) => commandReference(doc, each, 2)).join('\n\n')}\n`;
  }
  return { name, files };
}

/** What the skill does and when to use it, within the specification's 1024 characters. */
function description(doc: ProgramDoc): string {
  // The words under the program name what it does (`commit`, `stash`); the commands under them add little.
  const words = [...new Set(doc.commands.map((each) => commandName(each.command).split(' ')[0] as string))];
  let listed = words.join(', ');
  for (let count = words.length - 1; listed.length > 500 && count > 0; count--) listed = `${words.slice(0, count).join(', ')} and ${words.length - count} more`;
  const what = `Runs ${doc.name}'s commands (${listed}) through cli-mcp. Use when a task needs ${doc.name}.`;
  const about = doc.description ? `${summary(doc.description, MAX_SKILL_DESCRIPTION - what.length - 1)} ` : '';
  return `${about}${what}`.slice(0, MAX_SKILL_DESCRIPTION);
}

function compatibility(doc: ProgramDoc): string {
  return summary(`Needs Node.js 20.19 or later (for npx cli-mcp) and the ${doc.name} program the call lines name.`, MAX_SKILL_COMPATIBILITY);
}

/** One line for a command: its name, risk, tool and first sentence, then its call shape. */
function commandItem(each: DocumentedCommand): string {
  const about = summary(each.command.description, 200);
  return `- **${commandName(each.command)}** (${each.risk}, tool ${code(each.tool)})${about ? `: ${about}` : ''}\n  ${code(callShape(each.command))}`;
}

function commandsSection(doc: ProgramDoc, references: readonly ReferenceFile[]): string {
  const legend = 'Call shapes are the argv that runs: `[…]` is optional, `…` repeatable, `<x...>` several words, `<string>` a value, `a|b` a choice.';
  if (doc.commands.length <= MAX_LISTED_COMMANDS) {
    const [reference] = references;
    const link = reference ? ` Every flag with its key, choices and default, and a call to copy: [${reference.path}](${reference.path}).` : '';
    return ['## Commands', '', `${legend}${link}`, '', ...doc.commands.map(commandItem)].join('\n');
  }
  const items = references.map(({ path, title, commands }) => {
    const risks = commandsByRisk(commands).map(([risk, names]) => (commands.length === 1 ? risk : `${names.length} ${risk}`)).join(', ');
    const [only] = commands;
    const about = commands.length === 1 && only ? summary(only.command.description, 160) : summary(commands.map((each) => commandName(each.command)).join(', '), 240);
    return `- [${title}](${path})${about ? `: ${about}` : ''} (${risks})`;
  });
  const intro = `${doc.commands.length} commands, a file for each word under \`${doc.name}\`: the call shape, flags, risk and a call to copy for every command in it. Read the file of the command you need. ${legend}`;
  return ['## Commands', '', intro, '', ...items].join('\n');
}

interface ReferenceFile {
  readonly path: string;
  readonly title: string;
  readonly commands: readonly DocumentedCommand[];
}

/** One reference file; or, when there are too many commands to list in SKILL.md, one per word under the program. */
function referenceFiles(doc: ProgramDoc): ReferenceFile[] {
  if (doc.commands.length === 0) return [];
  if (doc.commands.length <= MAX_LISTED_COMMANDS) return [{ path: 'references/commands.md', title: `${doc.name} commands`, commands: doc.commands }];
  const byWord = new Map<string, DocumentedCommand[]>();
  for (const each of doc.commands) {
    const word = each.command.path[1] ?? '';
    byWord.set(word, [...(byWord.get(word) ?? []), each]);
  }
  const taken = new Set<string>();
  return [...byWord].map(([word, commands]) => {
    const base = word === '' ? doc.name : oneLine(word);
    const slug = base.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'command';
    let file = slug;
    for (let n = 2; taken.has(file); n++) file = `${slug}-${n}`;
    taken.add(file);
    return { path: `references/${file}.md`, title: word === '' ? doc.name : `${doc.name} ${word}`, commands };
  });
}
