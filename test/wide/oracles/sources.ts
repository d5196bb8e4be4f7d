/**
 * What each source beside a command's own help adds (the man page, fish's completions, cobra's completion
 * protocol): the tool options it gave, the documented options only it covers, and the calls of its options
 * the program rejected. Coverage without a source is coverage less what only it covers.
 */
import type { ToolDefinition } from '../../../src/tool/definition.js';
import type { AcceptanceResult } from './argv-acceptance.js';
import type { CoverageResult } from './option-coverage.js';

export interface SourceFigures {
  /** Tool options it gave (an option every tool inherits counts once per tool). */
  readonly options: number;
  /** Documented options covered by an option it gave. */
  readonly covered: number;
  /** Calls of its options the program rejected for their spelling. */
  readonly rejected: number;
}

export function bySource(tools: readonly ToolDefinition[], coverage: CoverageResult, acceptance: AcceptanceResult): Record<string, SourceFigures> {
  const figures: Record<string, { options: number; covered: number; rejected: number }> = {};
  const of = (source: string) => (figures[source] ??= { options: 0, covered: 0, rejected: 0 });
  const sourceOf = new Map<string, string>();
  for (const tool of tools) {
    for (const option of tool.command.options) {
      if (option.source === undefined) continue;
      of(option.source).options += 1;
      sourceOf.set(`${tool.name}\t${option.name}`, option.source);
    }
  }
  for (const [source, count] of Object.entries(coverage.coveredBy ?? {})) of(source).covered += count;
  for (const rejection of acceptance.rejected) {
    const source = sourceOf.get(`${rejection.tool}\t${rejection.option}`);
    if (source !== undefined) of(source).rejected += 1;
  }
  return figures;
}
