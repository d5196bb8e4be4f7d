import { it } from 'vitest';
import { checkProgram, FULL_BOUNDS } from './check-program.js';
import { programCoverage } from './figures.js';

it('scans', async () => {
  const names = (process.env['SCAN'] ?? '').split(' ').filter(Boolean);
  for (const name of names) {
    const npm = process.env['SCAN_NPM'] === '1';
    const r = await checkProgram({ name, bin: name, family: '?', source: npm ? { kind: 'npm', pkg: name } : { kind: 'debian', pkg: '?' } }, FULL_BOUNDS);
    if (r.status !== 'checked') { process.stderr.write(`${name}: ${r.status} ${r.error?.split('\n')[0]?.slice(0, 150)}\n`); continue; }
    const a = r.acceptance!;
    process.stderr.write(`${name}: ${r.method} tools ${r.tools} cov ${programCoverage(r) ?? '-'}% (${r.coverage!.covered}/${r.coverage!.documented}) ops ${r.operands!.accepted}/${r.operands!.usages} rej ${a.rejected.length}/${a.ran} refused ${a.refused.length} types ${r.types!.problems.length}\n`);
    for (const m of r.coverage!.missing.slice(0, 4)) process.stderr.write(`   missing ${m.tokens.join(',')} (${m.line.slice(0, 80)})\n`);
    for (const f of r.operands!.failures.slice(0, 2)) process.stderr.write(`   operands ${f.usage.slice(0, 80)} needs ${f.needs} takes ${f.accepts}\n`);
    for (const x of a.rejected.slice(0, 3)) process.stderr.write(`   rejected ${JSON.stringify(x.argv)} ${x.message.split('\n')[0]?.slice(0, 100)}\n`);
    for (const x of a.refused.slice(0, 2)) process.stderr.write(`   refused ${x.option} ${x.message.slice(0, 100)}\n`);
  }
}, 3_600_000);
