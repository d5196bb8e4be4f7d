// Types for the fuzz harness, so the vitest slice can run it against src.
import type { CommandSpec, LaidOutArgv, RunnableCommand, ToolInput } from '../src/index.js';

/** What a fuzz harness needs of cli-mcp: from src in tests, from dist in `npm run fuzz`. */
export interface FuzzLibrary {
  reflectCommander(program: never): CommandSpec;
  reflectYargs(program: object): CommandSpec;
  flattenRunnable(spec: CommandSpec): RunnableCommand[];
  layOutArgv(command: RunnableCommand, input: ToolInput): LaidOutArgv;
}

export interface FuzzReport {
  readonly inputs: number;
  readonly reached: number;
  /** Refusals by reason. */
  readonly refused: Readonly<Record<string, number>>;
  /** Inputs the parser read differently from the request, by cause: must be empty. */
  readonly mismatches: Readonly<Record<string, number>>;
  readonly examples: readonly unknown[];
}

export function fuzzCommander(lib: FuzzLibrary, options: { count: number; seed: number }): FuzzReport;
export function fuzzYargs(lib: FuzzLibrary, factory: unknown, options: { count: number; seed: number }): FuzzReport;
