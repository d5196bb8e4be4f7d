/**
 * The oracles on programs outside the corpus, as a user would wrap them: `npm run corpus -- --scan "nroff ejs"`
 * (programs on PATH, or bins of test/wide/npm). A line per program on stderr, with what each oracle found
 * wanting; nothing is written. How the classes the corpus does not hold yet are found.
 */
import { it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkProgram, FULL_BOUNDS } from './check-program.js';
import { programCoverage } from './figures.js';
import { autoAgrees } from './oracles/served-auto.js';
import { npmDir } from './locate.js';
import type { WideProgram } from './programs.js';

function programOf(name: string): WideProgram {
  const npm = existsSync(path.join(npmDir, 'node_modules', '.bin', name));
  return { name, bin: name, family: 'unknown', source: npm ? { kind: 'npm', pkg: name } : { kind: 'debian', pkg: 'unknown' } };
}

it('scans programs outside the corpus', async () => {
  const names = (process.env['CLI_MCP_WIDE_SCAN'] ?? '').split(/[\s,]+/).filter(Boolean);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  for (const name of names) {
    const result = await checkProgram(programOf(name), FULL_BOUNDS);
    if (result.status !== 'checked') {
      say(`${name}: ${result.status}: ${result.error?.split('\n')[0]?.slice(0, 150) ?? ''}`);
      continue;
    }
    const { coverage, operands, acceptance, types } = result as Required<typeof result>;
    say(`${name}: ${result.method}, ${result.tools} tools; (a) ${programCoverage(result) ?? '-'} % (${coverage.covered}/${coverage.documented}) (b) ${operands.accepted}/${operands.usages} (c) ${acceptance.rejected.length} rejected of ${acceptance.ran}, ${acceptance.refused.length} refused (d) ${types.problems.length} (e) ${result.auto === undefined ? '-' : autoAgrees(result.auto) ? 'agrees' : 'differs'}`);
    for (const missing of coverage.missing.slice(0, 4)) say(`   (a) missing ${missing.tokens.join(', ')}: ${missing.line.slice(0, 90)}`);
    for (const failure of operands.failures.slice(0, 2)) say(`   (b) ${failure.usage.slice(0, 90)}: needs ${failure.needs}, takes ${failure.accepts}`);
    for (const rejection of acceptance.rejected.slice(0, 3)) say(`   (c) ${JSON.stringify(rejection.argv)}: ${rejection.message.split('\n')[0]?.slice(0, 100)}`);
    for (const refusal of acceptance.refused.slice(0, 2)) say(`   (c) refused ${refusal.option}: ${refusal.message.slice(0, 100)}`);
    for (const problem of types.problems.slice(0, 2)) say(`   (d) ${problem.option}: ${problem.kind} (${problem.detail.slice(0, 80)})`);
    if (result.auto !== undefined && !autoAgrees(result.auto)) say(`   (e) ${JSON.stringify({ ...result.auto, missing: result.auto.missing.slice(0, 4), extra: result.auto.extra.slice(0, 4) }).slice(0, 300)}`);
  }
}, 60 * 60_000);
