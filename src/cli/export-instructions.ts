/**
 * `cli-mcp export --format skill|llms|agents`: instructions a model reads instead of tools. The call lines they
 * write repeat the export's own command line (target, config name, shaping options), so a call runs the tools
 * that were documented.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { CliMcpError } from '../errors.js';
import { spliceSection, toAgentsMd } from '../export/agents-md.js';
import { toLlmsTxt } from '../export/llms-txt.js';
import { documentProgram } from '../export/program-doc.js';
import { skillNameFor, skillNameProblem, toSkill } from '../export/skill.js';
import type { ExportFlags, InstructionFormat } from './export-options.js';
import type { CliIo } from './io.js';
import { loadServed, type Source } from './load.js';

/** `export`'s own options, which `call` does not take: the value words each consumes when not joined by `=`. */
const EXPORT_ONLY: Readonly<Record<string, 'one' | 'none' | 'many'>> = {
  '--format': 'one',
  '--openai-api': 'one',
  '--no-strict': 'none',
  '--output': 'one',
  '--server-name': 'one',
  '--start-args': 'many',
};

/**
 * The words that call a tool as the export was made: `npx cli-mcp call`, then what followed `export` on cli-mcp's
 * command line `argv` (the target or configured name, and every option `call` shares), without `export`'s own options.
 */
export function callerWords(argv: readonly string[]): string[] {
  const words = argv.slice(argv.indexOf('export') + 1);
  const kept: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    const [flag = word] = word.split('=', 1);
    const takes = EXPORT_ONLY[flag];
    if (takes === undefined) {
      kept.push(word);
      continue;
    }
    if (word.includes('=') || takes === 'none') continue;
    if (takes === 'one') index++;
    else while (index + 1 < words.length && !(words[index + 1] as string).startsWith('-')) index++;
  }
  return ['npx', 'cli-mcp', 'call', ...kept];
}

/** Writes the skill folder, the llms.txt folder, or the AGENTS.md section. */
export async function runInstructionExport(format: InstructionFormat, source: Source, flags: ExportFlags, io: CliIo, caller: readonly string[]): Promise<void> {
  const cwd = resolve(flags.cwd ?? '.');
  const output = flags.output === undefined ? undefined : resolve(cwd, flags.output);
  if (format !== 'agents' && output === undefined) {
    const example = format === 'skill' ? '.claude/skills/<name>' : 'docs/cli';
    throw new CliMcpError('cli-mcp.invalid-option', `--format ${format} writes a folder (${format === 'skill' ? 'SKILL.md and the references it links to' : 'llms.txt and the command pages it links to'}): give --output <dir>, e.g. --output ${example}`);
  }
  if (format === 'skill' && output !== undefined) refuseBadSkillFolder(output, flags.output as string);
  const { server, read } = await loadServed(source, flags, io.stderr, { listOnly: true });
  const words = [...caller];
  // A manifest names no program: the call lines run the one its root names, as the user is told.
  if (source.kind === 'manifest' && flags.exec === undefined) {
    words.push('--exec', read.spec.name);
    io.stderr.write(`cli-mcp: ${format}: the call lines run the manifest's commands with --exec ${read.spec.name}; pass --exec to name another program\n`);
  }
  const doc = documentProgram(read.spec, server.tools.tools, { caller: words, approval: flags.approval });
  if (format === 'agents') {
    const section = toAgentsMd(doc);
    if (output === undefined) return void io.stdout.write(section);
    // An existing AGENTS.md keeps everything but this section, which is replaced where it is or added at the end.
    const text = existsSync(output) ? spliceSection(readFileSync(output, 'utf8'), section) : section;
    writeFileSync(output, text);
    io.stderr.write(`cli-mcp: agents section written to ${flags.output}\n`);
    return;
  }
  const files = format === 'skill' ? toSkill(doc, { name: basename(output as string) }).files : toLlmsTxt(doc).files;
  for (const [path, text] of Object.entries(files)) {
    const file = join(output as string, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const names = Object.keys(files);
  const shown = names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  io.stderr.write(`cli-mcp: ${format} written to ${flags.output}: ${shown}\n`);
}

/** The folder's name is the skill's: say so before loading anything. */
function refuseBadSkillFolder(output: string, typed: string): void {
  const name = basename(output);
  const problem = skillNameProblem(name);
  if (problem === undefined) return;
  throw new CliMcpError('cli-mcp.invalid-option', `--output ${typed}: a skill's folder is named as the skill, and ${problem}; e.g. --output ${join(dirname(typed), skillNameFor(name))}`);
}
