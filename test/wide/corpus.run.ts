/**
 * The whole wide corpus, run by `npm run corpus` (test/wide/corpus.mjs) through its own vitest config,
 * never by `npm test`. CLI_MCP_WIDE_ONLY names programs or families; CLI_MCP_WIDE_DOCS=1 regenerates the
 * docs section even for a partial run. A progress line per program on stderr; everything else in the JSON.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { checkProgram, FULL_BOUNDS, type ProgramResult } from './check-program.js';
import { sectionOf, writeSection } from './docs-section.js';
import { figuresOf, programCoverage } from './figures.js';
import { installHint, locate, repoRoot } from './locate.js';
import { selectPrograms, widePrograms } from './programs.js';

const resultsDir = path.join(repoRoot, 'test', 'wide', 'results');
const latest = path.join(resultsDir, 'latest.json');
/** Programs checked at once: each runs its calls two at a time, on a machine of 2 cores. */
const PROGRAMS_AT_ONCE = 2;

function progress(done: number, total: number, result: ProgramResult): void {
  const figures = result.status === 'checked'
    ? `a ${programCoverage(result) ?? '-'}% b ${result.operands!.accepted}/${result.operands!.usages} c ${result.acceptance!.rejected.length} rejected of ${result.acceptance!.ran} d ${result.types!.problems.length}`
    : `${result.status.toUpperCase()}: ${result.error?.split('\n')[0]?.slice(0, 140) ?? ''}`;
  process.stderr.write(`[${done}/${total}] ${result.name} (${result.family}) ${figures} (${(result.durationMs / 1000).toFixed(1)} s)\n`);
}

/** The previous run's results, so a run of some programs updates theirs and keeps the others'. */
function previous(): ProgramResult[] {
  if (!existsSync(latest)) return [];
  try {
    return (JSON.parse(readFileSync(latest, 'utf8')) as { programs: ProgramResult[] }).programs;
  } catch {
    return [];
  }
}

it('runs the wide corpus and writes its report', async () => {
  const only = process.env['CLI_MCP_WIDE_ONLY']?.split(',').filter(Boolean);
  const programs = selectPrograms(only);
  const missing = programs.filter((program) => locate(program) === undefined);
  const packages = [...new Set(missing.filter((program) => program.source.kind === 'debian').map((program) => (program.source as { pkg: string }).pkg))];
  const warning = missing.length === 0 ? '' : `!!! ${missing.length} corpus programs are NOT INSTALLED and are reported as missing: ${missing.map((program) => program.name).join(', ')}\n!!! install them with: ${packages.length > 0 ? `apt-get install -y --no-install-recommends ${packages.join(' ')}` : installHint(missing[0]!)}\n`;
  process.stderr.write(warning);
  const results: ProgramResult[] = new Array(programs.length);
  let next = 0;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: PROGRAMS_AT_ONCE }, async () => {
      while (next < programs.length) {
        const index = next++;
        const result = await checkProgram(programs[index]!, FULL_BOUNDS);
        results[index] = result;
        progress(++done, programs.length, result);
      }
    }),
  );
  const kept = only ? previous().filter((old) => !results.some((result) => result.name === old.name)) : [];
  const order = new Map(widePrograms.map((program, i) => [program.name, i]));
  const all = [...kept, ...results].filter((result) => order.has(result.name)).sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  mkdirSync(resultsDir, { recursive: true });
  const report = { generatedAt: new Date().toISOString(), node: process.version, durationMs: Date.now() - started, bounds: FULL_BOUNDS, partialRun: only ?? null, figures: figuresOf(all), programs: all };
  writeFileSync(latest, `${JSON.stringify(report, null, 2)}\n`);
  if (!only || process.env['CLI_MCP_WIDE_DOCS'] === '1') writeSection(path.join(repoRoot, 'docs', 'real-clis.md'), sectionOf(all, `${report.generatedAt.slice(0, 10)} (Node ${process.version}, ${only ? `the last full run, with ${only.join(', ')} run again` : `${Math.round(report.durationMs / 60_000)} min on 2 cores`})`, FULL_BOUNDS));
  const figures = figuresOf(results);
  process.stderr.write(`wide corpus: ${figures.checked}/${figures.programs} checked; coverage ${figures.coveragePooled}% pooled, ${figures.coverageMean}% mean; operands ${figures.operandsPercent}%; ${figures.rejections} argv rejected; ${figures.typeProblems} type problems; report in ${path.relative(repoRoot, latest)}\n${warning}`);
  expect(results.filter(Boolean)).toHaveLength(programs.length);
}, 60 * 60_000);
