/**
 * The fast slice of the wide corpus that `npm test` runs: programs CI has (the repository's devDependencies,
 * the Debian packages .ci/run installs, and Debian's essential ones), one per parser family, the families
 * chosen by a seed. The default seed is fixed; CLI_MCP_WIDE_SEED picks another slice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../helpers/random.js';
import type { Bounds } from './check-program.js';
import { repoRoot } from './locate.js';
import { widePrograms, type WideProgram } from './programs.js';

export const DEFAULT_SEED = 19;
/** Families in a slice. */
export const SLICE_FAMILIES = 12;
/** Small enough that the slice runs in about a minute on 2 cores. */
export const SLICE_BOUNDS: Bounds = { commandPages: 3, maxCalls: 15, callBudgetMs: 6_000, callTimeoutMs: 2_500, concurrency: 2 };

/** Debian packages every Debian machine has (priority required, essential). */
const ESSENTIAL = ['coreutils', 'grep', 'sed', 'tar', 'gzip', 'findutils', 'diffutils', 'util-linux', 'ncurses-bin', 'dpkg'];

/** The packages .ci/run installs: the second word of each line of its package list. */
export function ciPackages(): string[] {
  const script = readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8');
  const list = /<<'PACKAGES'\n([\s\S]*?)\nPACKAGES/.exec(script)?.[1] ?? '';
  return list.split('\n').map((line) => line.trim().split(/\s+/)[1]).filter((pkg): pkg is string => !!pkg);
}

/** The corpus programs CI can run. */
export function ciPrograms(): WideProgram[] {
  const packages = new Set([...ESSENTIAL, ...ciPackages()]);
  return widePrograms.filter((program) => program.source.kind === 'dev' || (program.source.kind === 'debian' && packages.has(program.source.pkg)));
}

/** One program of each of SLICE_FAMILIES families, all chosen by the seed. */
export function sliceOf(seed: number): WideProgram[] {
  const random = seededRandom(seed);
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const pool = ciPrograms();
  const families = shuffle([...new Set(pool.map((program) => program.family))].sort()).slice(0, SLICE_FAMILIES);
  return families.map((family) => shuffle(pool.filter((program) => program.family === family))[0]!);
}

export function sliceSeed(): number {
  const raw = process.env['CLI_MCP_WIDE_SEED'];
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`CLI_MCP_WIDE_SEED must be an integer, got ${JSON.stringify(raw)}`);
  return seed;
}
