/**
 * Oracle (d), types and defaults: no option documented with a value (`--x=VALUE`, `--x VALUE`, `-x <n>`)
 * is typed boolean, and no default is a metavar (`PORT`), an environment reference (`$RESTIC_REPOSITORY`)
 * or a directory cli-mcp happened to run in.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScopedOption } from '../../../src/types.js';
import type { ToolDefinition } from '../../../src/tool/definition.js';
import { isHelpOrVersion, optionEntries, type DocumentedOption } from './documented-options.js';
import { toolFor, toolOfPage } from './option-coverage.js';
import type { Page } from './pages.js';

export interface TypeProblem {
  readonly kind: 'valued option typed boolean' | 'metavar as default' | 'environment reference as default' | 'directory as default';
  readonly option: string;
  readonly tools: readonly string[];
  readonly detail: string;
}

export interface TypeResult {
  /** Options looked at: the documented valued ones and those with a default. */
  readonly checked: number;
  readonly problems: readonly TypeProblem[];
}

const ENV_REFERENCE = /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$|^%[A-Za-z_][A-Za-z0-9_]*%$/;

/** Directories a default must never name: where cli-mcp ran, and its help crawl's scratch directories (a prefix). */
export function runDirectories(loadCwd: string): string[] {
  return [loadCwd, process.cwd(), join(tmpdir(), 'cli-mcp-help-')];
}

function names(dir: string, value: string): boolean {
  return value === dir || value.startsWith(dir.endsWith('-') ? dir : `${dir}/`);
}

interface ScopedDoc {
  readonly doc: DocumentedOption;
  /** The tool whose own help page documents it; undefined for the program's help and man pages. */
  readonly tool?: string;
}

export function typeProblems(pages: readonly Page[], tools: readonly ToolDefinition[], directories: readonly string[]): TypeResult {
  const options = distinctOptions(tools);
  const docs: ScopedDoc[] = pages.flatMap((page) => {
    const tool = toolOfPage(tools, page)?.name;
    return optionEntries(page.text).filter((doc) => !isHelpOrVersion(doc)).map((doc) => ({ doc, ...(tool ? { tool } : {}) }));
  });
  const rootTool = toolFor(tools, [])?.name;
  const problems: TypeProblem[] = [];
  const checked = new Set<string>();
  for (const [key, { option, tools: names }] of options) {
    // A command's page speaks of its own options; the program's pages of the root's, and of others by long name only.
    const found = (valued: boolean) =>
      docs.find(({ doc, tool }) => (!valued || doc.value === 'required') && (tool ? names.includes(tool) && spells(doc, option, false) : spells(doc, option, rootTool === undefined || !names.includes(rootTool))));
    const doc = found(true)?.doc;
    if (doc) {
      checked.add(key);
      if (option.type === 'boolean' && !option.count) problems.push({ kind: 'valued option typed boolean', option: option.flag ?? option.name, tools: names, detail: doc.line });
    }
    if (option.default === undefined) continue;
    checked.add(key);
    const problem = defaultProblem(option, doc ?? found(false)?.doc, directories);
    if (problem) problems.push({ kind: problem.kind, option: option.flag ?? option.name, tools: names, detail: problem.detail });
  }
  return { checked: checked.size, problems };
}

function spells(doc: DocumentedOption, option: ScopedOption, longOnly: boolean): boolean {
  const tokens = [option.flag, option.negation, ...(option.aliases ?? [])].filter((token): token is string => token !== undefined && (!longOnly || !/^-[^-]$/.test(token)));
  return tokens.some((token) => doc.tokens.includes(token));
}

/** Each option once, by the command that declares it, with the tools that have it. */
function distinctOptions(tools: readonly ToolDefinition[]): Map<string, { option: ScopedOption; tools: string[] }> {
  const found = new Map<string, { option: ScopedOption; tools: string[] }>();
  for (const tool of tools) {
    for (const option of tool.command.options) {
      const key = `${tool.command.path.slice(0, option.depth + 1).join(' ')}\u0000${option.name}`;
      const entry = found.get(key);
      if (entry) entry.tools.push(tool.name);
      else found.set(key, { option, tools: [tool.name] });
    }
  }
  return found;
}

function defaultProblem(option: ScopedOption, doc: DocumentedOption | undefined, directories: readonly string[]): Omit<TypeProblem, 'option' | 'tools'> | undefined {
  const values = Array.isArray(option.default) ? option.default : [option.default];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const shown = `default ${JSON.stringify(value)}`;
    if (ENV_REFERENCE.test(value.trim())) return { kind: 'environment reference as default', detail: shown };
    if (directories.some((dir) => names(dir, value))) return { kind: 'directory as default', detail: shown };
    const bare = value.replace(/^<(.*)>$/, '$1');
    const metavars = [doc?.metavar, option.name.toUpperCase().replace(/-/g, '_'), option.name.toUpperCase()].filter((name): name is string => !!name);
    if (/^<.*>$/.test(value) || (/^[A-Z][A-Z0-9_]+$/.test(bare) && metavars.includes(bare))) return { kind: 'metavar as default', detail: `${shown}${doc ? `, documented as ${doc.line}` : ''}` };
  }
  return undefined;
}
