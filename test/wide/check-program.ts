/**
 * Runs the five oracles on one program: reflects it with cli-mcp's library in-process (no cache), reads
 * its own documentation independently, and calls each option through cli-mcp's call pipeline.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCliTools, type CliTools } from '../../src/call/cli-tools.js';
import { isCliMcpError } from '../../src/errors.js';
import { excludeCommands } from '../../src/tool/select.js';
import type { Middleware } from '../../src/middleware/context.js';
import { loadTarget, type LoadedTarget } from '../../src/reflect/load-program.js';
import { installHint, locate, versionOf } from './locate.js';
import { argvAcceptance, recordArgv, type AcceptanceResult } from './oracles/argv-acceptance.js';
import { operandAcceptance, type OperandResult } from './oracles/operand-acceptance.js';
import { documentedSpellings, documentedWithValue, optionCoverage, type CoverageResult } from './oracles/option-coverage.js';
import { bySource, type SourceFigures } from './oracles/sources.js';
import { helpPage, manPage, runProgram, type Page, type PageRun } from './oracles/pages.js';
import { runDirectories, typeProblems, type TypeResult } from './oracles/type-problems.js';
import { servedAuto, type AutoResult } from './oracles/served-auto.js';
import type { WideProgram } from './programs.js';

/** How much of a program the oracles read and run. */
export interface Bounds {
  /** Command help pages read beyond the program's own. */
  readonly commandPages: number;
  /** Option calls of oracle (c). */
  readonly maxCalls: number;
  /** Time for oracle (c)'s calls. */
  readonly callBudgetMs: number;
  /** Time one call may run (strict sandbox, no network). */
  readonly callTimeoutMs: number;
  readonly concurrency: number;
}

export const FULL_BOUNDS: Bounds = { commandPages: 15, maxCalls: 60, callBudgetMs: 10_000, callTimeoutMs: 2_500, concurrency: 2 };

export interface ProgramResult {
  readonly name: string;
  readonly family: string;
  /** `debian:coreutils`, `npm:tsx`, `dev:eslint`. */
  readonly source: string;
  readonly version: string;
  readonly status: 'checked' | 'missing' | 'not loaded' | 'failed';
  /** Why it is missing or did not load, and how to install it. */
  readonly error?: string;
  readonly method?: string;
  readonly tools?: number;
  /** Commands left out because cli-mcp reserves their tool names (`run cancel`). */
  readonly excluded?: readonly string[];
  readonly loadMs?: number;
  /** The documentation read: `rsync --help`, `man rsync`, `gh pr create --help`. */
  readonly pages?: readonly string[];
  readonly coverage?: CoverageResult;
  readonly operands?: OperandResult;
  readonly acceptance?: AcceptanceResult;
  readonly types?: TypeResult;
  /** What each source beside the commands' own help added. */
  readonly sources?: Readonly<Record<string, SourceFigures>>;
  /** A cold served start's `auto` against the full crawl's: programs read from their help only (nothing else is read lazily). */
  readonly auto?: AutoResult;
  readonly durationMs: number;
}

function scratchDirs(): { root: string; cwd: string; home: string; pages: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'cli-mcp-wide-'));
  const dirs = { root, cwd: path.join(root, 'cwd'), home: path.join(root, 'home'), pages: path.join(root, 'pages') };
  for (const dir of [dirs.cwd, dirs.home, dirs.pages, path.join(dirs.home, '.config'), path.join(dirs.home, '.cache')]) mkdirSync(dir, { recursive: true });
  return dirs;
}

/** Reflects afresh, or reads a crawl of its help from `helpCacheDir` (one the test run made already). */
export async function checkProgram(program: WideProgram, bounds: Bounds = FULL_BOUNDS, helpCacheDir?: string): Promise<ProgramResult> {
  const started = Date.now();
  const base = { name: program.name, family: program.family, source: `${program.source.kind}:${program.source.pkg}`, version: await versionOf(program) };
  const file = locate(program);
  if (!file) return { ...base, status: 'missing', error: `NOT INSTALLED: ${program.bin} (${installHint(program)})`, durationMs: Date.now() - started };
  const dirs = scratchDirs();
  const homeEnv = { HOME: dirs.home, XDG_CONFIG_HOME: path.join(dirs.home, '.config'), XDG_CACHE_HOME: path.join(dirs.home, '.cache') };
  try {
    const loading = Date.now();
    const target = program.source.kind === 'debian' ? program.bin : file;
    let loaded: Awaited<ReturnType<typeof loadTarget>>;
    try {
      loaded = await loadTarget(target, { cwd: dirs.cwd, timeoutMs: 30_000, ...(helpCacheDir === undefined ? { cache: false } : { helpCacheDir }) });
    } catch (error) {
      return { ...base, status: 'not loaded', error: (error instanceof Error ? error.message : String(error)).slice(0, 600), durationMs: Date.now() - started };
    }
    const loadMs = Date.now() - loading;
    const { tools, excluded } = toolsFor(loaded, { cwd: dirs.cwd, env: homeEnv, timeoutMs: bounds.callTimeoutMs, middleware: recordArgv });
    try {
      const programName = path.basename(program.bin).replace(/\.(js|mjs|cjs)$/, '');
      const run: PageRun = { command: [loaded.launcher.file, ...loaded.launcher.prefixArgs], program: programName, cwd: dirs.pages, scratch: dirs.root, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LANG: 'C.UTF-8', NO_COLOR: '1', FORCE_COLOR: '0', TERM: 'dumb', ...homeEnv } };
      const pages = await documentation(program, run, tools.tools.map((tool) => tool.command.path.slice(1)), bounds);
      const names = [programName, loaded.spec.name];
      const coverage = optionCoverage(pages, tools.tools);
      const acceptance = await argvAcceptance(tools, { maxCalls: bounds.maxCalls, deadline: Date.now() + bounds.callBudgetMs, concurrency: bounds.concurrency, documented: documentedSpellings(pages), documentedWithValue: documentedWithValue(pages), run: runProgram(run) });
      return {
        ...base,
        status: 'checked',
        method: loaded.method,
        tools: tools.tools.length,
        ...(excluded.length > 0 ? { excluded } : {}),
        loadMs,
        pages: pages.map((page) => page.how),
        coverage,
        operands: operandAcceptance(pages, tools.tools, names),
        types: typeProblems(pages, tools.tools, runDirectories(dirs.cwd)),
        acceptance,
        sources: bySource(tools.tools, coverage, acceptance),
        ...(loaded.method.startsWith('help text') ? { auto: await servedAuto(target, loaded.spec, loaded.launcher, { cwd: dirs.cwd, exclude: excluded }) } : {}),
        durationMs: Date.now() - started,
      };
    } finally {
      await tools.close();
    }
  } catch (error) {
    // One program's failure is its result, not the run's end.
    return { ...base, status: 'failed', error: (error instanceof Error ? error.message : String(error)).slice(0, 600), durationMs: Date.now() - started };
  } finally {
    rmSync(dirs.root, { recursive: true, force: true });
  }
}

interface ToolsSetting {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly timeoutMs: number;
  readonly middleware: Middleware;
}

/**
 * The tools under --sandbox strict without network. A command whose tool name cli-mcp reserves for its own
 * tools (`gh run cancel` → gh_run_cancel) is left out, as its error message tells a user to, and recorded.
 */
function toolsFor(loaded: LoadedTarget, setting: ToolsSetting): { tools: CliTools; excluded: string[] } {
  const excluded: string[] = [];
  for (;;) {
    try {
      const selectors = excluded.length > 0 ? [{ commands: excludeCommands(...excluded) }] : undefined;
      const tools = createCliTools(loaded.spec, {
        launcher: loaded.launcher,
        sandbox: 'strict',
        sandboxNetwork: false,
        timeoutMs: setting.timeoutMs,
        cwd: setting.cwd,
        env: { set: setting.env },
        approval: { mode: 'yolo' },
        rateLimit: false,
        concurrency: false,
        runs: false,
        refuseFollow: false,
        callLog: false,
        spool: false,
        middleware: [setting.middleware],
        ...(selectors ? { selectors } : {}),
      });
      return { tools, excluded };
    } catch (error) {
      const words = isCliMcpError(error) && error.code === 'cli-mcp.tool-name-collision' ? /--exclude "([^"]+)"/.exec(error.message)?.[1] : undefined;
      if (words === undefined || excluded.length >= 8) throw error;
      excluded.push(words);
    }
  }
}

/** The program's help and man page, then each command's help (and man page, `git-commit`), up to the bound. */
async function documentation(program: WideProgram, run: PageRun, commandPaths: readonly (readonly string[])[], bounds: Bounds): Promise<Page[]> {
  const withMan = program.source.kind === 'debian';
  const pages: (Page | undefined)[] = [await helpPage(run, []), withMan ? await manPage(run, run.program, []) : undefined];
  const commands = commandPaths.filter((words) => words.length > 0).slice(0, bounds.commandPages);
  for (const words of commands) {
    pages.push(await helpPage(run, words));
    if (withMan) pages.push(await manPage(run, [run.program, ...words].join('-'), words));
  }
  return pages.filter((page): page is Page => page !== undefined);
}
