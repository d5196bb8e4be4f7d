// `npm run fuzz`: 100,000 seeded calls per parser through the built library and the real parsers.
import yargs18 from 'yargs';
import yargs17 from 'yargs17';
import * as lib from '../dist/index.js';
import { fuzzCommander, fuzzYargs } from './harness.mjs';

const count = Number(process.env.FUZZ_COUNT ?? 100_000);
const seed = Number(process.env.FUZZ_SEED ?? 1);
const runs = [
  ['commander 14', () => fuzzCommander(lib, { count, seed })],
  ['yargs 18', () => fuzzYargs(lib, yargs18, { count, seed })],
  ['yargs 17', () => fuzzYargs(lib, yargs17, { count, seed })],
];
let failed = false;
for (const [name, run] of runs) {
  const started = performance.now();
  const report = run();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const refused = Object.values(report.refused).reduce((sum, n) => sum + n, 0);
  const mismatched = Object.values(report.mismatches).reduce((sum, n) => sum + n, 0);
  console.log(`\n${name}: ${report.inputs} inputs, ${report.reached} reached the parser, ${refused} refused, ${mismatched} mismatches (${seconds} s)`);
  for (const [reason, n] of Object.entries(report.refused)) console.log(`  refused  ${String(n).padStart(6)}  ${reason}`);
  for (const [cause, n] of Object.entries(report.mismatches)) console.log(`  MISMATCH ${String(n).padStart(6)}  ${cause}`);
  for (const example of report.examples) console.log(`  e.g. ${JSON.stringify(example)}`);
  failed ||= mismatched > 0;
}
process.exitCode = failed ? 1 : 0;
