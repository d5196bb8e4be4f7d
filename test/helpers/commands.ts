import { Command } from 'commander';
import type { CallContext } from '../../src/middleware/context.js';
import { memoryGrants } from '../../src/approval/grants.js';
import { inputSchemaFor } from '../../src/schema/input.js';
import { toJsonSchema } from '../../src/schema/json-schema.js';
import type { ToolDefinition } from '../../src/tool/definition.js';
import type { CommandSpec, OptionSpec, PositionalSpec, RunnableCommand, ScopedOption } from '../../src/types.js';

/** A depth-0 option with `--name` as its flag; `extra` overrides anything. */
export function option(name: string, type: OptionSpec['type'], extra: Partial<ScopedOption> = {}): ScopedOption {
  return { name, type, flag: `--${name}`, depth: 0, ...extra };
}

/** An optional, non-variadic string positional; `extra` overrides anything. */
export function positional(name: string, extra: Partial<PositionalSpec> = {}): PositionalSpec {
  return { name, type: 'string', required: false, variadic: false, ...extra };
}

/** A runnable command at `path` (default `['tool']`). */
export function runnable(extra: Partial<RunnableCommand> = {}): RunnableCommand {
  return { path: ['tool'], options: [], positionals: [], ...extra };
}

/** A command tree node; runnable unless `extra` says otherwise. */
export function spec(name: string, extra: Partial<CommandSpec> = {}): CommandSpec {
  return { name, runnable: true, options: [], positionals: [], subcommands: [], ...extra };
}

/** A tool definition over `command`, with its schemas built the way buildTools builds them. */
export function toolFor(command: RunnableCommand, name = command.path.join('_')): ToolDefinition {
  const inputSchema = inputSchemaFor(command);
  return {
    name,
    title: command.path.join(' '),
    description: command.description ?? '',
    command,
    inputSchema,
    inputJsonSchema: toJsonSchema(inputSchema),
  };
}

/** A fresh call context for `tool`, as cli-tools makes one. */
export function contextFor(tool: ToolDefinition, rawInput: unknown = {}): CallContext {
  return { tool, rawInput, input: { flags: {}, args: [] }, signal: new AbortController().signal, log: () => {}, approval: { canAsk: false, grants: memoryGrants() }, timeoutMs: 60_000, background: false, state: new Map() };
}

/** The oracle fixture's commander program; imported by URL since the fixture is untyped JavaScript. */
export async function oracleProgram(): Promise<Command> {
  const url = new URL('../fixtures/oracle/oracle.js', import.meta.url).href;
  const module = (await import(url)) as { program: Command };
  return module.program;
}
