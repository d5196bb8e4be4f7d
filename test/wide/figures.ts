/** The corpus's figures, per program, per family and in all, from the programs' results. */
import type { ProgramResult } from './check-program.js';
import { autoAgrees } from './oracles/served-auto.js';

export interface Figures {
  readonly programs: number;
  /** Programs whose oracles ran (installed and loaded). */
  readonly checked: number;
  readonly missing: number;
  readonly notLoaded: number;
  readonly documented: number;
  readonly covered: number;
  /** Covered / documented over all options together. */
  readonly coveragePooled: number;
  /** The mean of each checked program's coverage: every program counts once, however many options it has. */
  readonly coverageMean: number;
  /** Checked programs whose pages hold no option entry the oracle can read: left out of both coverage figures. */
  readonly nothingDocumented: number;
  readonly usages: number;
  readonly usagesAccepted: number;
  readonly operandsPercent: number;
  readonly callsRan: number;
  readonly rejections: number;
  /** Documented options the program's build does not know, sent as documented (not counted in rejections). */
  readonly unknownToBuild: number;
  /** Rejections the program's answers to a control call put on the made-up value or a missing companion (not counted in rejections). */
  readonly knownRefused: number;
  /** Rejections for a value no page documents (not counted in rejections). */
  readonly valueUndocumented: number;
  readonly refusals: number;
  readonly notRun: number;
  readonly typeProblems: number;
  /** Programs read from their help whose cold served start was compared with the full crawl, and those whose list differed. */
  readonly autoCompared: number;
  readonly autoDiffers: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/** One program's coverage in percent; undefined when it documents nothing the oracle can read. */
export function programCoverage(result: ProgramResult): number | undefined {
  const documented = result.coverage?.documented ?? 0;
  return documented === 0 ? undefined : percent(result.coverage?.covered ?? 0, documented);
}

export function figuresOf(results: readonly ProgramResult[]): Figures {
  const checked = results.filter((result) => result.status === 'checked');
  const sum = (pick: (result: ProgramResult) => number) => checked.reduce((total, result) => total + pick(result), 0);
  const documented = sum((r) => r.coverage?.documented ?? 0);
  const covered = sum((r) => r.coverage?.covered ?? 0);
  const usages = sum((r) => r.operands?.usages ?? 0);
  const usagesAccepted = sum((r) => r.operands?.accepted ?? 0);
  const coverages = checked.map(programCoverage).filter((value): value is number => value !== undefined);
  const mean = coverages.length === 0 ? 100 : Math.round((10 * coverages.reduce((total, value) => total + value, 0)) / coverages.length) / 10;
  return {
    programs: results.length,
    checked: checked.length,
    missing: results.filter((result) => result.status === 'missing').length,
    notLoaded: results.filter((result) => result.status === 'not loaded' || result.status === 'failed').length,
    documented,
    covered,
    coveragePooled: percent(covered, documented),
    coverageMean: mean,
    nothingDocumented: checked.length - coverages.length,
    usages,
    usagesAccepted,
    operandsPercent: percent(usagesAccepted, usages),
    callsRan: sum((r) => r.acceptance?.ran ?? 0),
    rejections: sum((r) => r.acceptance?.rejected.length ?? 0),
    unknownToBuild: sum((r) => r.acceptance?.unknownToBuild?.length ?? 0),
    knownRefused: sum((r) => r.acceptance?.knownRefused?.length ?? 0),
    valueUndocumented: sum((r) => r.acceptance?.valueUndocumented?.length ?? 0),
    refusals: sum((r) => r.acceptance?.refused.length ?? 0),
    notRun: sum((r) => r.acceptance?.notRun ?? 0),
    typeProblems: sum((r) => r.types?.problems.length ?? 0),
    autoCompared: checked.filter((result) => result.auto !== undefined).length,
    autoDiffers: checked.filter((result) => result.auto !== undefined && !autoAgrees(result.auto)).length,
  };
}

/** Each source beside help over the checked programs: options it gave, documented options it covers, its options' rejections. */
export function sourceTotals(results: readonly ProgramResult[]): Map<string, { programs: number; options: number; covered: number; rejected: number }> {
  const totals = new Map<string, { programs: number; options: number; covered: number; rejected: number }>();
  for (const result of results) {
    for (const [source, figures] of Object.entries(result.sources ?? {})) {
      const total = totals.get(source) ?? { programs: 0, options: 0, covered: 0, rejected: 0 };
      totals.set(source, { programs: total.programs + 1, options: total.options + figures.options, covered: total.covered + figures.covered, rejected: total.rejected + figures.rejected });
    }
  }
  return new Map([...totals].sort(([a], [b]) => a.localeCompare(b)));
}

export function byFamily(results: readonly ProgramResult[]): Map<string, Figures> {
  const families = [...new Set(results.map((result) => result.family))].sort();
  return new Map(families.map((family) => [family, figuresOf(results.filter((result) => result.family === family))]));
}
