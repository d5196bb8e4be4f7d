// One client run, in its own process (measure.mjs gives it a fresh HOME and working folder, and
// kills it at the time limit): loads a driver, runs it once, writes the outcome as JSON.
//   node run.mjs <spec.json>   spec: {driver, options, clients, modelUrl, server, prompt, tool, input, out}
import { readFileSync, writeFileSync } from 'node:fs';
import { packages } from '../lib.mjs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let outcome;
try {
  const driver = await import(`./${spec.driver}.mjs`);
  const result = await driver.run({ ...spec, pkgs: packages(spec.clients) });
  outcome = { ok: true, ...result };
} catch (err) {
  outcome = { ok: false, error: errorText(err) };
}
writeFileSync(spec.out, JSON.stringify(outcome));
process.exit(0); // clients may leave sockets or child processes behind

function errorText(err) {
  const parts = [];
  for (let e = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    parts.push(e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e));
  }
  return parts.join(' <- caused by: ');
}
