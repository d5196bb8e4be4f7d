import { execa } from 'execa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { llmsTxtProblems, skillProblems, splitFrontMatter } from '../export/instruction-rules.js';
import { binPath, repoRoot } from './clients.js';

// Through the built CLI (`npm run build` first): what `export` writes is read back, and the calls it documents are run.
const todo = join(repoRoot, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-e2e-export-instructions-');

/** The `- Call:` line a reference gives for a tool, run by the built CLI instead of `npx cli-mcp`. */
async function runDocumented(reference: string, tool: string, fill: (line: string) => string): Promise<{ exitCode?: number; result: { isError?: boolean; content: Array<{ text: string }> } }> {
  const line = new RegExp(`^- Call: \`(npx cli-mcp call .* ${tool} --input .*)\`$`, 'm').exec(reference)?.[1];
  expect(line, tool).toBeDefined();
  const command = fill(line as string).replace(/^npx cli-mcp/, `${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)}`);
  const ran = await execa('sh', ['-c', command], { reject: false });
  return { exitCode: ran.exitCode, result: JSON.parse(ran.stdout) };
}

describe('cli-mcp export of instructions, end to end', () => {
  it('when the todo example is exported as a skill then the folder keeps the Agent Skills rules and its documented calls run as it says', async () => {
    const work = scratch();
    const output = join(work, 'skills', 'todo');
    const exported = await execa(process.execPath, [binPath, 'export', todo, '--cwd', work, '--format', 'skill', '--output', output], { reject: false });
    expect(exported.exitCode).toBe(0);
    expect(skillProblems(output)).toEqual([]);
    const { front } = splitFrontMatter(readFileSync(join(output, 'SKILL.md'), 'utf8'));
    expect(front.name).toBe('todo');
    const reference = readFileSync(join(output, 'references', 'commands.md'), 'utf8');

    const added = await runDocumented(reference, 'todo_add', (line) => line.replace('<title>', 'Buy milk'));
    expect(added.result.content[0]?.text).toContain('Added #1: Buy milk');
    const listed = await runDocumented(reference, 'todo_list', (line) => line);
    expect(listed.result.content[0]?.text).toContain('#1 Buy milk');
    // Destructive: refused from the command line, where no one can be asked, as SKILL.md says; run once the user agrees.
    const refused = await runDocumented(reference, 'todo_remove', (line) => line.replace('<ids>', '1'));
    expect(refused).toMatchObject({ exitCode: 1, result: { isError: true, content: [{ text: expect.stringContaining("needs the user's approval") }] } });
    const agreed = await runDocumented(reference, 'todo_remove', (line) => line.replace('{"args":["<ids>"]}', '{"flags":{"force":true},"args":["1"]}').replace(' todo_remove ', ' --approval yolo todo_remove '));
    expect(agreed).toMatchObject({ exitCode: 0, result: { content: [{ text: expect.stringContaining('Removed 1') }] } });
  });

  it('when the todo example is exported as llms.txt then the file keeps the format and each command has its page', async () => {
    const output = join(scratch(), 'site');
    const exported = await execa(process.execPath, [binPath, 'export', todo, '--format', 'llms', '--output', output], { reject: false });
    expect(exported.exitCode).toBe(0);
    expect(llmsTxtProblems(readFileSync(join(output, 'llms.txt'), 'utf8'), output)).toEqual([]);
    expect(readdirSync(join(output, 'commands')).sort()).toEqual(['todo_add.md', 'todo_assign.md', 'todo_done.md', 'todo_list.md', 'todo_remove.md', 'todo_tag_add.md', 'todo_tag_remove.md']);
  });
});
