/** Serves one corpus program with `cli-mcp wrap` and checks its method, its tools and its calls. */
import { execa } from 'execa';
import { accessSync, constants, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, type CallResult } from '../e2e/clients.js';
import type { CallCase, Dirs, Program } from './corpus-types.js';
import { loggedArgv, serve } from './serve.js';
import { OTHER_SUFFIXES, SUFFIXES } from '../../src/tool/names.js';

export interface CallOutcome {
  readonly tool: string;
  readonly does: string;
  /** The known gap the entry names, if any. */
  readonly gap?: string;
  /** What went wrong; empty when the call passed. */
  readonly problems: readonly string[];
  readonly argv: readonly string[] | undefined;
  readonly exitCode: number | null | undefined;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ProgramOutcome {
  readonly program: Program;
  readonly version: string;
  readonly method: string | undefined;
  /** The listed tools that run one command each, in list order. */
  readonly toolNames: readonly string[];
  /** cli-mcp's own listed tools, after the commands': the read tool, and the describe tool when the list is compacted. */
  readonly ownTools: readonly string[];
  readonly calls: readonly CallOutcome[];
  /** Why `cli-mcp wrap` did not start, when it did not. */
  readonly startError?: string;
}

/** Where the program is, or an error that says how it gets installed. */
export function locate(program: Program): string {
  const { source } = program;
  if (source.kind === 'npm') {
    const file = path.join(repoRoot, 'node_modules', '.bin', source.bin);
    if (existsSync(file)) return file;
    throw new Error(`${program.name} is missing: node_modules/.bin/${source.bin} does not exist. It is the pinned devDependency "${source.pkg}": run npm ci (.ci/run does).`);
  }
  const found = (process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, source.bin)).find(isExecutable);
  if (found) return source.bin;
  const how = source.kind === 'debian' ? `.ci/run installs it when missing: apt-get install -y --no-install-recommends ${source.pkg}` : 'it is part of the machine image (see docs/real-clis.md)';
  throw new Error(`${program.name} is NOT INSTALLED on this machine (no ${source.bin} on PATH): ${how}`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A user's environment, pared down: a scratch HOME, a shared scratch help cache, and the entry's extras. */
export function environment(program: Program, dirs: Dirs, cache: string): Record<string, string> {
  return { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dirs.home, XDG_CACHE_HOME: cache, LANG: 'C.UTF-8', ...program.env?.(dirs) };
}

async function prepare(program: Program, dirs: Dirs, env: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(program.files ?? {})) {
    mkdirSync(path.dirname(path.join(dirs.cwd, file)), { recursive: true });
    writeFileSync(path.join(dirs.cwd, file), text);
  }
  for (const [file, ...args] of program.setup ?? []) {
    await execa(file!, args, { cwd: dirs.cwd, env, extendEnv: false, stdin: 'ignore', timeout: 20_000 });
  }
}

async function versionOf(target: string, program: Program, env: Record<string, string>): Promise<string> {
  const [file, ...args] = program.versionCommand ?? [target, ...program.version];
  const run = await execa(file!, args, { env, extendEnv: false, reject: false, stdin: 'ignore', timeout: 15_000, all: true });
  const all = run.all ?? '';
  const line = all.split('\n').find((text) => /\d+\.\d+/.test(text));
  if (line) return /v?\d+\.\d+(\.\d+)?/.exec(line)?.[0].replace(/^v/, '') ?? '?';
  // A version without a dot: a date (xxd 2022-01-14) or a bare release number (signify's Debian version 31-3).
  return /\b\d{4}-\d{2}-\d{2}\b|\b\d+\b/.exec(all)?.[0] ?? '?';
}

export async function runProgram(program: Program, dirs: Dirs, cache: string): Promise<ProgramOutcome> {
  const target = locate(program);
  const env = environment(program, dirs, cache);
  await prepare(program, dirs, env);
  const version = await versionOf(target, program, env);
  const extraEnv = Object.keys(program.env?.(dirs) ?? {});
  // A tool per command, whatever the list's size: the corpus checks the commands and calls them directly.
  const wrapArgs = [target, ...(program.wrap ?? []), '--tools', 'all', '--timeout', '30000', ...(extraEnv.length > 0 ? ['--allow-env', ...extraEnv] : [])];
  let server: Awaited<ReturnType<typeof serve>>;
  try {
    server = await serve(wrapArgs, { cwd: dirs.cwd, env });
  } catch (error) {
    const startError = error instanceof Error ? error.message : String(error);
    const calls = program.calls.map((call) => ({ tool: call.tool, does: call.does, gap: call.gap, problems: ['cli-mcp wrap did not start'], argv: undefined, exitCode: undefined, stdout: '', stderr: '' }));
    return { program, version, method: undefined, toolNames: [], ownTools: [], calls, startError };
  }
  try {
    const method = /found by ([^;\n]+);/.exec(server.stderr())?.[1];
    const listed = await server.listToolNames();
    // A meta-tool whose name a command has takes its second wording (gh's `run cancel` is gh_run_cancel).
    const own = (name: string): boolean => OTHER_OWN_TOOL.test(name) || (OWN_TOOL.test(name) && !listed.includes(name.replace(OWN_TOOL, (_, suffix: string) => `_${SECOND_WORDING[suffix] ?? suffix}`)));
    const toolNames = listed.filter((name) => !own(name));
    const ownTools = listed.filter(own);
    const calls: CallOutcome[] = [];
    for (const call of program.calls) {
      const logged = server.stderr().length;
      // An unknown tool is a protocol error: kept as the call's failure, so the other calls still run.
      const result = await server.callTool(call.tool, typeof call.input === 'function' ? call.input(dirs) : call.input).catch(protocolFailure);
      calls.push(outcome(call, result, loggedArgv(server.stderr().slice(logged), call.tool), dirs));
    }
    return { program, version, method, toolNames, ownTools, calls };
  } finally {
    await server.close();
  }
}

/** The names of cli-mcp's own tools in all mode (`<prefix>_describe_command`, the run tools, `<prefix>_read_output`); no corpus command ends so. */
const OWN_KEYS = ['describe', 'runStart', 'runStatus', 'runCancel', 'readOutput'] as const;
const OWN_TOOL = new RegExp(`_(${OWN_KEYS.map((key) => SUFFIXES[key]).join('|')})$`);
const SECOND_WORDING: Readonly<Record<string, string>> = Object.fromEntries(OWN_KEYS.map((key) => [SUFFIXES[key], OTHER_SUFFIXES[key]]));
const OTHER_OWN_TOOL = new RegExp(`_(${OWN_KEYS.map((key) => OTHER_SUFFIXES[key]).join('|')})$`);

function protocolFailure(error: unknown): CallResult {
  return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
}

function outcome(call: CallCase, result: CallResult, argv: readonly string[] | undefined, dirs: Dirs): CallOutcome {
  const out = result.structuredContent;
  // JSON stdout shown whole is in structured output only parsed: its text is the content.
  const stdout = out?.stdout ?? (out && 'json' in out ? result.content.map((block) => block.text ?? '').join('\n') : '');
  const stderr = out?.stderr ?? (out ? '' : result.content.map((block) => block.text ?? '').join('\n'));
  const problems: string[] = [];
  if (!out) problems.push('no structured result (refused or not run)');
  else if (out.exitCode !== call.exitCode) problems.push(`exit code ${String(out.exitCode)}, expected ${call.exitCode}`);
  if (call.stdout && !call.stdout.test(stdout)) problems.push(`stdout does not match ${String(call.stdout)}`);
  if (call.stderr && !call.stderr.test(stderr)) problems.push(`stderr does not match ${String(call.stderr)}`);
  for (const file of call.creates ?? []) if (!existsSync(path.join(dirs.cwd, file))) problems.push(`${file} was not created`);
  return { tool: call.tool, does: call.does, gap: call.gap, problems, argv, exitCode: out?.exitCode, stdout, stderr };
}

/** A failing call, said so that a fix can be checked against it. */
export function describeFailure(call: CallOutcome): string {
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text).trimEnd();
  return [
    `${call.tool}: ${call.does}`,
    `  argv: ${JSON.stringify(call.argv ?? null)}`,
    ...call.problems.map((problem) => `  - ${problem}`),
    `  stdout: ${cut(call.stdout) || '(empty)'}`,
    `  stderr: ${cut(call.stderr) || '(empty)'}`,
  ].join('\n');
}
