/**
 * What the instruction formats (skill, llms.txt, AGENTS.md) say of a program: its commands with the tool that
 * runs each and the risk approval decides on, and the command line that calls a tool through cli-mcp.
 */
import { needsApproval, type ApprovalMode } from '../approval/ask-first.js';
import { riskOf, type Risk, type RiskOverrides } from '../approval/risk.js';
import { DEFAULTS } from '../options.js';
import type { ToolDefinition } from '../tool/definition.js';
import type { CommandSpec, RunnableCommand } from '../types.js';

/** One command as the instruction formats document it. */
export interface DocumentedCommand {
  /** The tool that runs it: `cli-mcp call <target> <tool>`. */
  readonly tool: string;
  readonly command: RunnableCommand;
  /** The same risk approval and the tool annotations read (`riskOf`). */
  readonly risk: Risk;
}

/** A program's commands and how to call them, for the instruction formats. */
export interface ProgramDoc {
  /** The program's name (the root command's). */
  readonly name: string;
  readonly description?: string;
  readonly commands: readonly DocumentedCommand[];
  /** The words that call a tool when the tool name and `--input <json>` follow: `npx cli-mcp call ./todo.js`. */
  readonly caller: readonly string[];
  /** The approval mode the calls run under: which risks are refused from the command line, where no one can be asked. */
  readonly approval: ApprovalMode;
}

export interface ProgramDocOptions {
  /** The words before `<tool> --input <json>`. @default ['npx', 'cli-mcp', 'call', root.name] */
  readonly caller?: readonly string[];
  /** Risk levels by command path or function, as given to the server's approval. */
  readonly risk?: RiskOverrides;
  /** @default 'auto' */
  readonly approval?: ApprovalMode;
}

/**
 * The documentation of a program's command tools (`cliTools.tools`: denied flags and excluded commands are already gone).
 * @example toAgentsMd(documentProgram(spec, createCliTools(spec, options).tools, { caller: ['npx', 'cli-mcp', 'call', './todo.js'] }))
 */
export function documentProgram(root: CommandSpec, tools: readonly ToolDefinition[], options: ProgramDocOptions = {}): ProgramDoc {
  return {
    name: root.name,
    ...(root.description?.trim() ? { description: root.description.trim() } : {}),
    commands: tools.map((tool) => ({ tool: tool.name, command: tool.command, risk: riskOf(tool.command, options.risk) })),
    caller: options.caller ?? ['npx', 'cli-mcp', 'call', root.name],
    approval: options.approval ?? DEFAULTS.approval,
  };
}

/** A command's words without the program's: `tag add`; the program's name for a root command. */
export function commandName(command: RunnableCommand): string {
  return command.path.length > 1 ? command.path.slice(1).join(' ') : (command.path[0] ?? '');
}

/** Text on one line, whitespace collapsed: for list items, table cells and notes. */
export function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The first paragraph of a text, on one line, cut at `max` characters on a word boundary. */
export function summary(text: string | undefined, max: number): string {
  const first = oneLine((text ?? '').trim().split(/\n\s*\n/)[0]);
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A word as a POSIX shell reads it back: bare when it is plainly safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The JSON a call of `command` needs at the least: its required flags and positionals, each a placeholder. */
export function exampleInput(command: RunnableCommand): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const option of command.options.filter((each) => each.required === true)) {
    const value = option.choices?.[0] ?? (option.type === 'boolean' ? true : option.type === 'string' ? `<${option.name}>` : 1);
    flags[option.name] = option.variadic === true || option.arity !== undefined ? [value] : value;
  }
  const args = command.positionals.filter((positional) => positional.required).map((positional) => positional.choices?.[0] ?? `<${positional.name}>`);
  const passthrough = command.passthrough?.required ? { passthrough: [`<${command.passthrough.name}>`] } : {};
  return { ...(Object.keys(flags).length ? { flags } : {}), ...(args.length ? { args } : {}), ...passthrough };
}

/** The command line that runs one call through cli-mcp. */
export function callLine(doc: ProgramDoc, tool: string, input: Readonly<Record<string, unknown>>): string {
  return [...doc.caller, tool, '--input', JSON.stringify(input)].map(shellWord).join(' ');
}

/** What each risk means, for a model. */
export const RISK_MEANING: Readonly<Record<Risk, string>> = {
  'read-only': 'only reads',
  write: 'changes something that can be changed back',
  destructive: 'removes or overwrites beyond recovery',
};

/** What happens to a call of this risk from the command line under the doc's approval mode: nothing to say, or how to go on. */
export function riskRule(doc: ProgramDoc, risk: Risk): string | undefined {
  if (doc.approval === 'read-only' && risk !== 'read-only') return `cli-mcp refuses ${risk} commands (it runs with --approval read-only): do not call them.`;
  if (needsApproval(doc.approval, risk)) {
    return `cli-mcp refuses ${risk} commands here, where it cannot ask the user: ask the user first, and only if they agree, add \`--approval yolo\` to that call.`;
  }
  return risk === 'destructive' ? 'Confirm with the user before running one.' : undefined;
}

/** The risks the commands have, each with the names of its commands, most harmful first. */
export function commandsByRisk(commands: readonly DocumentedCommand[]): Array<[Risk, string[]]> {
  const order: Risk[] = ['destructive', 'write', 'read-only'];
  return order.map((risk): [Risk, string[]] => [risk, commands.filter((each) => each.risk === risk).map((each) => commandName(each.command))]).filter(([, names]) => names.length > 0);
}
