/** The corpus table of docs/real-clis.md, made from a real run (`CLI_MCP_CORPUS_REPORT=<dir>`). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExpectedTools, Source } from './corpus-types.js';
import { describeFailure, type ProgramOutcome } from './run-program.js';

const how = (source: Source): string => (source.kind === 'npm' ? `npm devDependency \`${source.pkg}\`` : source.kind === 'debian' ? `Debian package \`${source.pkg}\`` : 'on the machine');

const expected = (tools: ExpectedTools): number => ('exactly' in tools ? tools.exactly.length : tools.count);

export function tableOf(outcomes: readonly ProgramOutcome[]): string {
  const rows = outcomes.map((run) => {
    const passed = run.calls.filter((call) => call.problems.length === 0).length;
    const gaps = run.calls.filter((call) => call.gap !== undefined).length;
    const wrap = run.program.wrap?.length ? ` \`${run.program.wrap.join(' ')}\`` : '';
    const cells = [
      run.program.name,
      run.version,
      run.program.family,
      how(run.program.source),
      run.method ? `\`${run.method}\`${wrap}` : `(did not start)${wrap}`,
      `${run.toolNames.length} / ${expected(run.program.tools)}`,
      `${passed} / ${run.program.calls.length}${gaps > 0 ? ` (${gaps} known ${gaps === 1 ? 'gap' : 'gaps'})` : ''}${run.program.gap ? ' (known gap)' : ''}`,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return ['| program | version | parser family | installed as | method (cli-mcp says), wrap flags | tools / from its help | calls passing |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

export function writeReport(dir: string, outcomes: readonly ProgramOutcome[]): void {
  mkdirSync(dir, { recursive: true });
  const calls = outcomes.flatMap((run) => run.calls);
  const passed = calls.filter((call) => call.problems.length === 0).length;
  const notStarted = outcomes.filter((run) => run.startError !== undefined).map((run) => `${run.program.name}: ${run.startError ?? ''}`);
  const summary = `${outcomes.length} programs, ${notStarted.length} of them did not start; ${passed} of ${calls.length} calls passing`;
  const failures = outcomes.flatMap((run) => run.calls.filter((call) => call.problems.length > 0).map((call) => `${run.program.name} ${describeFailure(call)}`));
  writeFileSync(path.join(dir, 'table.md'), `${tableOf(outcomes)}\n\n${summary}\n`);
  writeFileSync(path.join(dir, 'failures.txt'), [...notStarted, ...failures].join('\n\n') + '\n');
}
