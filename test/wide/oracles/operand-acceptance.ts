/**
 * Oracle (b), operands: every usage line or SYNOPSIS line that names operands is accepted by the tool
 * of its command: the tool's `args` takes at least that many, and without bound when the usage repeats.
 */
import type { ToolDefinition } from '../../../src/tool/definition.js';
import { toolFor } from './option-coverage.js';
import type { Page } from './pages.js';
import { helpUsages, manUsages, parseUsage } from './usage-operands.js';

export interface OperandFailure {
  /** The tool the usage belongs to. */
  readonly tool: string;
  readonly usage: string;
  readonly page: string;
  readonly operands: readonly string[];
  readonly needs: number | 'unbounded';
  readonly accepts: number | 'unbounded';
}

export interface OperandResult {
  /** Usages that name at least one operand. */
  readonly usages: number;
  readonly accepted: number;
  readonly failures: readonly OperandFailure[];
}

/** How many words a tool's `args` takes, from the JSON Schema the model sees. */
export function capacity(tool: ToolDefinition): number | 'unbounded' {
  const args = (tool.inputJsonSchema as { properties?: { args?: { maxItems?: number } } }).properties?.args;
  if (!args) return 0;
  return args.maxItems ?? 'unbounded';
}

export function operandAcceptance(pages: readonly Page[], tools: readonly ToolDefinition[], names: readonly string[]): OperandResult {
  const words = new Set(tools.flatMap((tool) => tool.command.path.slice(1)));
  const failures: OperandFailure[] = [];
  const seen = new Set<string>();
  let usages = 0;
  for (const page of pages) {
    const pageTool = page.words.length > 0 ? toolFor(tools, page.words) : undefined;
    const texts = page.kind === 'man' ? manUsages(page.text, [...names, page.how.replace(/^man /, '')]) : helpUsages(page.text, names);
    for (const text of texts) {
      const usage = parseUsage(text, words);
      if (usage.dispatch || usage.prose || usage.count === 0) continue;
      // A command's page that shows the program's own usage (no command words) speaks of the program.
      const tool = longestTool(tools, usage.words) ?? (usage.words.length === 0 ? (toolFor(tools, []) ?? pageTool) : pageTool);
      // A program that only dispatches has no tool for a usage naming no known command: nothing to check it against.
      if (!tool) continue;
      const key = `${tool?.name ?? ''}\u0000${usage.operands.join(' ')}\u0000${usage.unbounded}`;
      if (seen.has(key)) continue;
      seen.add(key);
      usages += 1;
      const needs = usage.unbounded ? 'unbounded' : usage.count;
      const accepts = capacity(tool);
      const ok = accepts === 'unbounded' || (needs !== 'unbounded' && accepts >= needs);
      if (!ok) failures.push({ tool: tool.name, usage: text.slice(0, 200), page: page.how, operands: usage.operands, needs, accepts });
    }
  }
  return { usages, accepted: usages - failures.length, failures };
}

/** The tool of the longest command path the usage's first words spell (`gh pr create`), if any. */
function longestTool(tools: readonly ToolDefinition[], words: readonly string[]): ToolDefinition | undefined {
  for (let length = words.length; length > 0; length--) {
    const tool = toolFor(tools, words.slice(0, length));
    if (tool) return tool;
  }
  return undefined;
}
