// A cached start of a JS bin read from its help text against a cached start of a native help-read binary:
// `cli-mcp tools <target>` wall time, both caches warm, runs interleaved with `node -e 0`, medians side by side.
// Usage: npm run bench:cached-starts   (or: npm run build && node bench/cached-starts.mjs)
// Also each one's first load (`--no-cache`: the JS bin runs in the load worker, then its help is read).
// Env: BENCH_RUNS runs per figure (default 15), BENCH_FIRST_RUNS first loads each (default 5). Needs a C compiler (cc) for the native binary.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { benchRun, bin, count, envWithout, machineNow, median } from './common.mjs';

const RUNS = count('BENCH_RUNS', 15);
const { work, finish } = benchRun('cli-mcp-cached-starts-', 10 * 60_000);
const HELP = 'Usage: tiny [OPTION]... FILE\\nPrint FILE, tidily.\\n\\nOptions:\\n  -v, --verbose    say more\\n      --width=N    wrap at N columns\\n      --help       show this help';

// The same help from a native binary and from a JS bin that parses its own arguments (neither commander nor yargs).
writeFileSync(join(work, 'tiny.c'), `#include <stdio.h>\n#include <string.h>\nint main(int argc, char **argv) {\n  if (argc > 1 && strcmp(argv[1], "--version") == 0) { puts("tiny 1.0"); return 0; }\n  if (argc > 1 && strcmp(argv[1], "--help") == 0) { puts("${HELP}"); return 0; }\n  return 2;\n}\n`);
execFileSync('cc', ['-O2', '-o', join(work, 'tiny'), join(work, 'tiny.c')]);
writeFileSync(join(work, 'tiny.mjs'), `#!/usr/bin/env node\nconst args = process.argv.slice(2);\nif (args[0] === '--version') console.log('tiny 1.0');\nelse if (args[0] === '--help') console.log("${HELP}");\nelse process.exitCode = 2;\n`);
chmodSync(join(work, 'tiny.mjs'), 0o755);

// Node's start reads the CA bundle NODE_EXTRA_CA_CERTS names: a cost of this machine, not of cli-mcp.
const env = { ...envWithout('NODE_EXTRA_CA_CERTS'), XDG_CACHE_HOME: join(work, 'cache') };
async function start(target, ...flags) {
  const started = performance.now();
  const result = await execa(process.execPath, [bin, 'tools', target, ...flags], { cwd: work, env, extendEnv: false, reject: false });
  if (result.exitCode !== 0) throw new Error(`cli-mcp tools ${target} exited ${result.exitCode}: ${result.stderr}`);
  if (!/cached\)/.test(result.stderr) && cached) throw new Error(`${target} was not served from the cache: ${result.stderr}`);
  return performance.now() - started;
}

let cached = false;
const cold = { native: await start('./tiny'), js: await start('./tiny.mjs') };
cached = true;
async function bareNode() {
  const started = performance.now();
  await execa(process.execPath, ['-e', '0'], { cwd: work, env, extendEnv: false });
  return performance.now() - started;
}
const times = { native: [], js: [], node: [] };
for (let run = 0; run < RUNS; run++) {
  times.native.push(await start('./tiny'));
  times.js.push(await start('./tiny.mjs'));
  times.node.push(await bareNode());
}
cached = false;
const firsts = { native: [], js: [] };
for (let run = 0; run < count('BENCH_FIRST_RUNS', 5); run++) {
  firsts.native.push(await start('./tiny', '--no-cache'));
  firsts.js.push(await start('./tiny.mjs', '--no-cache'));
}
await finish();
const [native, js, node] = [median(times.native), median(times.js), median(times.node)];
const round2 = (value) => Math.round(value * 100) / 100;
const firstLoadMedianMs = { native: Math.round(median(firsts.native)), js: Math.round(median(firsts.js)) };
console.log(JSON.stringify({ machine: machineNow(), runs: RUNS, coldMs: { native: Math.round(cold.native), js: Math.round(cold.js) }, cachedMedianMs: { native: Math.round(native), js: Math.round(js), nodeE0: Math.round(node) }, ratio: round2(js / native), jsOverNodeE0: round2(js / node), firstLoadMedianMs }, null, 2));
