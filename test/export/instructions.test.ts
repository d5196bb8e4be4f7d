import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCliTools } from '../../src/call/cli-tools.js';
import { spliceSection, toAgentsMd } from '../../src/export/agents-md.js';
import { toLlmsTxt } from '../../src/export/llms-txt.js';
import { documentProgram, type ProgramDoc, type ProgramDocOptions } from '../../src/export/program-doc.js';
import { MAX_LISTED_COMMANDS, skillNameFor, toSkill } from '../../src/export/skill.js';
import { loadTarget } from '../../src/reflect/load-program.js';
import type { CommandSpec } from '../../src/types.js';
import { option, positional, spec } from '../helpers/commands.js';
import { scratchMaker } from '../helpers/scratch.js';
import { agentsSections, llmsTxtProblems, skillProblems, splitFrontMatter } from './instruction-rules.js';
import { todoFile } from './listed.js';

const scratch = scratchMaker('cli-mcp-export-instructions-');
/** A cobra-like program read from its --help pages (test/fixtures/help/fake). */
const fakectl = fileURLToPath(new URL('../fixtures/help/fake/fakectl', import.meta.url));

async function docOf(target: string, options: ProgramDocOptions = {}): Promise<ProgramDoc> {
  const loaded = await loadTarget(target);
  return docOfSpec(loaded.spec, options);
}

function docOfSpec(root: CommandSpec, options: ProgramDocOptions = {}): ProgramDoc {
  const tools = createCliTools(root, { callLog: false, launcher: { file: 'true', prefixArgs: [] } }).tools;
  return documentProgram(root, tools, { caller: ['npx', 'cli-mcp', 'call', `./${root.name}`], ...options });
}

/** Writes a folder's files under `dir`. */
function written(dir: string, files: Readonly<Record<string, string>>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A program with more commands than SKILL.md lists one by one: groups of commands and lone ones. */
const big: CommandSpec = spec('big', {
  runnable: false,
  description: 'A program with many commands.',
  subcommands: [
    ...Array.from({ length: 30 }, (_, index) => spec(`lone${index}`, { description: `Lone command ${index}.` })),
    spec('db', { runnable: false, subcommands: ['list', 'create', 'drop', 'dump', 'restore', 'migrate', 'seed', 'reset', 'status', 'shell'].map((word) => spec(word)) }),
    spec('user', { runnable: false, subcommands: ['add', 'delete', 'show', 'rename', 'lock'].map((word) => spec(word, { positionals: [positional('name', { required: true })] })) }),
  ],
});

const programs: Array<[string, () => Promise<ProgramDoc>]> = [
  ['the todo example', () => docOf(todoFile)],
  ['a program read from its help (fakectl)', () => docOf(fakectl)],
  ['a program with many commands', async () => docOfSpec(big)],
];

describe.each(programs)('instructions for %s', (_name, load) => {
  it('when written as a skill then the folder keeps the Agent Skills rules and every link leads to a file in it', async () => {
    const doc = await load();
    const skill = toSkill(doc);
    const folder = written(join(scratch(), skill.name), skill.files);
    expect(skillProblems(folder)).toEqual([]);
    const { body } = splitFrontMatter(skill.files['SKILL.md'] as string);
    for (const each of doc.commands) {
      const reference = Object.entries(skill.files).find(([path, text]) => path.startsWith('references/') && text.includes(`\`${each.tool}\``));
      expect(reference, each.tool).toBeDefined();
    }
    expect(body).toContain('## Risks');
  });

  it('when written as llms.txt then it keeps the format and links each command to its page', async () => {
    const doc = await load();
    const { files } = toLlmsTxt(doc);
    const folder = written(scratch(), files);
    expect(llmsTxtProblems(files['llms.txt'] as string, folder)).toEqual([]);
    for (const each of doc.commands) expect(files['llms.txt']).toContain(`](commands/${each.tool}.md): `);
    expect(Object.keys(files)).toHaveLength(doc.commands.length + 1);
  });

  it('when written as an AGENTS.md section then it is one section under "## <program> commands" with a line per command', async () => {
    const doc = await load();
    const section = toAgentsMd(doc);
    const sections = agentsSections(section);
    expect([...sections.keys()]).toEqual([`${doc.name} commands`]);
    for (const each of doc.commands) expect(section).toContain(`(\`${each.tool}\`, ${each.risk})`);
  });
});

describe('the todo example as a skill', () => {
  it('when exported then SKILL.md names the skill, says what it does and when, and lists each command with its shape, tool and risk', async () => {
    const skill = toSkill(await docOf(todoFile));
    const { front, body } = splitFrontMatter(skill.files['SKILL.md'] as string);
    expect(front).toEqual({
      name: 'todo',
      description: "Keep a to-do list in a JSON file. Runs todo's commands (add, list, done, remove, assign, tag) through cli-mcp. Use when a task needs todo.",
      compatibility: 'Needs Node.js 20.19 or later (for npx cli-mcp) and the todo program the call lines name.',
    });
    expect(body).toContain('- **remove** (destructive, tool `todo_remove`): Remove tasks.\n  `todo [--verbose] [--file=<string>] remove [--force] <ids...>`');
    expect(body).toContain('- read-only (only reads): list.');
    expect(body).toMatch(/- destructive \(removes or overwrites beyond recovery\): remove, tag remove\. cli-mcp refuses destructive commands here, where it cannot ask the user/);
    expect(Object.keys(skill.files)).toEqual(['SKILL.md', 'references/commands.md']);
  });

  it('when a command needs a flag then its reference gives the key, the spelling and a call that has what it needs', async () => {
    const reference = toSkill(await docOf(todoFile)).files['references/commands.md'] as string;
    expect(reference).toContain('- `owner` = string → `--owner=<string>`: who does it (required)');
    expect(reference).toContain(`- Call: \`npx cli-mcp call ./todo todo_assign --input '{"flags":{"owner":"<owner>"},"args":["<id>"]}'\``);
    expect(reference).toContain('- `priority` = "low" | "medium" | "high" → `--priority=low|medium|high`: how urgent (default `"medium"`)');
    expect(reference).toContain('- `notify` = false → `--no-notify`: do not announce the new task (default `true`)');
  });

  it('when the approval mode differs then the risks say what cli-mcp call does with each', async () => {
    expect(toSkill(await docOf(todoFile, { approval: 'read-only' })).files['SKILL.md']).toContain('- write (changes something that can be changed back): add, done, assign, tag add. cli-mcp refuses write commands (it runs with --approval read-only): do not call them.');
    const yolo = toSkill(await docOf(todoFile, { approval: 'yolo' })).files['SKILL.md'] as string;
    expect(yolo).toContain('remove, tag remove. Confirm with the user before running one.');
    expect(yolo).not.toContain('refuses');
  });
});

describe('skill names and folders', () => {
  it('when the program name is not a valid skill name then the default name is made valid', () => {
    expect(['kubectl', 'My_CLI.js', '--odd--name--', '日本'].map(skillNameFor)).toEqual(['kubectl', 'my-cli-js', 'odd-name', 'cli']);
  });

  it('when the given name breaks the rules then toSkill refuses it with a name that keeps them', () => {
    const doc = docOfSpec(big);
    expect(() => toSkill(doc, { name: 'Big_Tool' })).toThrow(/lowercase letters, digits and single hyphens.*name the folder like "big-tool"/);
    expect(() => toSkill(doc, { name: 'x'.repeat(65) })).toThrow(/1 to 64 characters/);
  });

  it('when there are more commands than SKILL.md lists then each word under the program gets a reference file of its own', () => {
    const skill = toSkill(docOfSpec(big));
    expect(docOfSpec(big).commands.length).toBeGreaterThan(MAX_LISTED_COMMANDS);
    expect(Object.keys(skill.files)).toContain('references/db.md');
    expect(skill.files['references/db.md']).toContain('## big db drop');
    expect(skill.files['SKILL.md']).toContain('- [big db](references/db.md): db list, db create, db drop, db dump, db restore, db migrate, db seed, db reset, db status, db shell (2 destructive, 6 write, 2 read-only)');
    expect(skill.files['SKILL.md']).toContain('- [big lone0](references/lone0.md): Lone command 0. (write)');
  });
});

describe('the AGENTS.md section in a file', () => {
  const section = '## todo commands\n\nNew text.\n';

  it('when the file has the section then only that section is replaced, up to the next heading', () => {
    const file = '# Project\n\nIntro.\n\n## todo commands\n\nOld text.\n\n```sh\n## not a heading\n```\n\n### Details\n\nOld too.\n\n## Testing\n\nRun tests.\n';
    expect(spliceSection(file, section)).toBe('# Project\n\nIntro.\n\n## todo commands\n\nNew text.\n\n## Testing\n\nRun tests.\n');
  });

  it('when the file has no such section then it is added at the end, and the rest stays as it was', () => {
    expect(spliceSection('# Project\n\nIntro.\n', section)).toBe(`# Project\n\nIntro.\n\n${section}`);
    expect(spliceSection('', section)).toBe(section);
  });

  it('when a program has options then the section says how a flag becomes its key, from its own options', async () => {
    const text = toAgentsMd(await docOf(todoFile));
    expect(text).toContain('`flags` holds each option under its long name without dashes (`--file=…` is `"file": …`, `--no-notify` is `"notify": false`).');
    expect(text).toContain('- `todo [--verbose] [--file=<string>] assign --owner=<string> <id>`: Give a task to someone. (`todo_assign`, write)');
  });
});

describe('a spec with every kind of flag', () => {
  it('when a command passes words on after -- then its reference and the how-to say so', () => {
    const root = spec('kube', {
      runnable: false,
      subcommands: [spec('exec', { options: [option('container', 'string', { depth: 1 })], positionals: [positional('pod', { required: true })], passthrough: { name: 'COMMAND', description: 'what to run', required: true } })],
    });
    const skill = toSkill(docOfSpec(root));
    expect(skill.files['SKILL.md']).toContain('`passthrough`: for a command that takes them, the words after a literal `--`.');
    expect(skill.files['references/commands.md']).toContain('Passthrough (`passthrough`, required): `COMMAND`, the words after a literal `--`: what to run.');
    expect(skill.files['references/commands.md']).toContain(`--input '{"args":["<pod>"],"passthrough":["<COMMAND>"]}'`);
  });
});

describe('the checks these tests read the files back with', () => {
  const skillFolder = (name: string, front: string): string => written(join(scratch(), name), { 'SKILL.md': `---\n${front}\n---\n\n# Body\n` });

  it('when a SKILL.md breaks a rule of the specification then the check names it', () => {
    expect(skillProblems(skillFolder('tool', 'name: tool\ndescription: Does things.\nversion: 1'))).toEqual(['unknown field version']);
    expect(skillProblems(skillFolder('other', 'name: tool\ndescription: Does things.'))).toEqual(["name tool is not the folder's name other"]);
    expect(skillProblems(skillFolder('my--tool', 'name: my--tool\ndescription: Does things.'))).toEqual(['name my--tool has consecutive hyphens']);
    expect(skillProblems(skillFolder('tool', `name: tool\ndescription: ${'x'.repeat(1025)}`))).toEqual(['description has 1025 characters, over 1024']);
    expect(skillProblems(skillFolder('tool', 'name: tool\nname: tool\ndescription: Twice.'))[0]).toMatch(/unique/i);
  });

  it('when an llms.txt has a heading before its lists, or a line in a list that is no link, then the check names it', () => {
    expect(llmsTxtProblems('# Tool\n\n> Sums.\n\n### Usage\n\n## Docs\n\n- [a](a.md): the a\n')).toEqual(['a heading before the file lists']);
    expect(llmsTxtProblems('# Tool\n\n> Sums.\n\n## Docs\n\n- a plain item\n')).toEqual(['section Docs: "- a plain item" is not a file-list item']);
    expect(llmsTxtProblems('> Sums.\n')).toEqual(['no H1 first, or a blockquote that is not one line']);
  });
});
