/**
 * The real-CLI corpus (`npm run test:real`): programs that are not ours, each served by
 * `cli-mcp wrap` to a real MCP client from a scratch directory with a scratch HOME, its tool list
 * checked against its own help and its calls doing useful work offline. Each entry is written as a
 * user would call it; a failing call prints the argv cli-mcp sent and the program's answer.
 * `CLI_MCP_CORPUS_REPORT=<dir>` writes the table of docs/real-clis.md and the failures there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { crawledInProcess, realCrawlsHome, serving } from '../helpers/real-crawls.js';
import { scratchMaker } from '../helpers/scratch.js';
import { repoRoot } from '../e2e/clients.js';
import { corpus, debianPackages } from './corpus.js';
import { writeReport } from './report.js';
import { describeFailure, locate, runProgram, type ProgramOutcome } from './run-program.js';

const scratch = scratchMaker('cli-mcp-corpus-');
// The help cache the servers share with the run's other files that read the same programs, in process or served.
const cache = realCrawlsHome();
const outcomes = new Map<string, ProgramOutcome>();

/** Servers at once: each crawl runs up to 4 help pages, and the machine has 2 cores. */
const AT_ONCE = 4;
let running = 0;
const waiting: Array<() => void> = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  while (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

afterAll(() => {
  const dir = process.env['CLI_MCP_CORPUS_REPORT'];
  if (dir) writeReport(dir, corpus.flatMap((program) => outcomes.get(program.name) ?? []));
});

describe('the corpus', () => {
  it('when counted then it has at least 60 programs, 60 without a known gap, and 180 calls that are not known gaps (95 % of all), two or more per program', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    expect(corpus.filter((program) => program.gap === undefined).length).toBeGreaterThanOrEqual(60);
    const calls = corpus.flatMap((program) => program.calls);
    expect(calls.filter((call) => call.gap === undefined).length).toBeGreaterThanOrEqual(180);
    expect(calls.filter((call) => call.gap === undefined).length / calls.length).toBeGreaterThanOrEqual(0.95);
    expect(corpus.filter((program) => program.calls.length < 2).map((program) => program.name)).toEqual([]);
    expect(new Set(corpus.map((program) => program.name)).size).toBe(corpus.length);
  });

  it('when .ci/run is read then it installs every Debian package the corpus needs', () => {
    const script = readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8');
    expect(debianPackages.filter((pkg) => !new RegExp(`\\b${pkg}\\b`).test(script))).toEqual([]);
  });
});

describe('real CLIs served by cli-mcp wrap', () => {
  for (const program of corpus) {
    it.concurrent(`when ${program.name} (${program.family}) is wrapped then its tools match its own help and ${program.calls.length} calls do their work`, async ({ expect: check }) => {
      locate(program); // a missing program is said first, before anything crawls it
      const run = await slot(() => serving(program.name, () => runProgram(program, { cwd: scratch(), home: scratch() }, cache)));
      outcomes.set(program.name, run);
      for (const call of run.calls) {
        if (call.gap === undefined) check.soft(call.problems, describeFailure(call)).toEqual([]);
        else knownGap(check, `${program.name} ${call.tool}`, call.gap, call.problems.length > 0);
      }
      if (program.gap !== undefined) {
        const listed = 'exactly' in program.tools ? [...run.toolNames].sort().join() === [...program.tools.exactly].sort().join() : run.toolNames.length === program.tools.count;
        knownGap(check, program.name, program.gap, run.startError !== undefined || !listed);
        return;
      }
      check.soft(run.startError, 'cli-mcp wrap did not start').toBeUndefined();
      check.soft(run.method ?? '(no method line)', 'the method cli-mcp reports').toMatch(new RegExp(`^${escape(program.method)}`));
      // Sharing the run's crawl in process is what keeps the suite's time: a key that no longer meets it says so here.
      if (crawledInProcess(program.name)) check.soft(run.method, 'the run\'s crawl in process, read from the cache').toMatch(/, cached\)$/);
      check.soft(run.ownTools.at(-1), 'cli-mcp\'s read tool, listed last').toMatch(/^[A-Za-z0-9_-]+_read_output$/);
      const tools = program.tools;
      if ('exactly' in tools) {
        check.soft([...run.toolNames].sort(), 'the tools, against the runnable commands its help lists').toEqual([...tools.exactly].sort());
      } else {
        check.soft(run.toolNames.length, 'the number of tools, against the runnable commands its help lists').toBe(tools.count);
        check.soft(run.toolNames, 'tools its help lists').toEqual(check.arrayContaining([...tools.including]));
      }
    }, 180_000);
  }
});

/** A known gap must still fail; it is reported loudly, and its fix is a failure that asks for the marker to go. */
function knownGap(check: ExpectStatic, what: string, gap: string, failing: boolean): void {
  if (failing) console.warn(`!!! known gap, ${what}: ${gap}`);
  check.soft(failing, `${what} now works: remove its \`gap\` ("${gap}") from the corpus`).toBe(true);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
