/**
 * Oracle (c), argv acceptance: for each option, a call with a value of its type (and placeholder operands
 * when some are required) goes through cli-mcp's own call pipeline under `--sandbox strict` without network;
 * the program must not answer with its own usage error naming that option.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CliTools } from '../../../src/call/cli-tools.js';
import type { Middleware } from '../../../src/middleware/context.js';
import type { ScopedOption } from '../../../src/types.js';
import type { ToolDefinition } from '../../../src/tool/definition.js';
import { everyAlternativeUnknown, joinedValueRefused, movedBeforeCommand, otherSpellings, refusedOtherwise, spellingIn, unsupportedByBuild, valueBoundAndRefused, valueRefusedInEverySpelling, type RunArgs } from './controls.js';
import { anySpellingErrorLines, rejectionClass, spellingErrorLines } from './usage-errors.js';

/** A string option's value, and the operands' placeholders: distinctive, so a message naming them is found. */
export const STRING_VALUE = 'wide-value';
export const OPERAND = 'wide-operand';

export interface Rejection {
  readonly tool: string;
  readonly option: string;
  readonly argv: readonly string[];
  readonly exitCode: number | null;
  /** The program's own lines that name the option (or the value cli-mcp sent for it). */
  readonly message: string;
  /** What a control call found beside the verdict: another documented spelling the program takes. */
  readonly note?: string;
}

export interface Refusal {
  readonly tool: string;
  readonly option: string;
  /** What cli-mcp answered instead of running the program. */
  readonly message: string;
}

export interface AcceptanceResult {
  /** Calls that ran the program. */
  readonly ran: number;
  readonly rejected: readonly Rejection[];
  /**
   * Rejections where the program does not know the option at all, though its documentation (as the coverage
   * oracle reads it) names it, and cli-mcp sent that one documented spelling as it is written: the
   * documentation describes another build (readelf's man page and `--quiet`). No spelling could do better.
   */
  readonly unknownToBuild: readonly Rejection[];
  /**
   * Rejections the program's own answers put on something other than the spelling: it answers the same argv with
   * the option's spelling replaced by an invented one otherwise, and its answer blames the value made up for the
   * option (valgrind's `wide-value is an invalid sim-hints set`) or another option it needs (npm-run-all's
   * `--race (without parallel)`).
   */
  readonly knownRefused: readonly Rejection[];
  /**
   * Rejections for a missing value of an option sent as a switch that every page documents as one (appstreamcli's
   * `--cachepath`, GLib help without the value's name; sass's `--fatal-deprecation`): no documentation shows the value.
   */
  readonly valueUndocumented: readonly Rejection[];
  /** Calls cli-mcp refused before running anything (invalid input it built itself, unrepresentable argv). */
  readonly refused: readonly Refusal[];
  /** Calls answered with a usage error that names neither the option nor its value (an operand, another option). */
  readonly otherUsageErrors: readonly { tool: string; option: string; argv: readonly string[]; message: string }[];
  /** Options left out by the bound on calls or time. */
  readonly notRun: number;
}

export interface AcceptanceBounds {
  readonly maxCalls: number;
  readonly deadline: number;
  readonly concurrency: number;
  /** Every option spelling the program's pages document (the coverage oracle's reading). */
  readonly documented?: ReadonlySet<string>;
  /** The spellings among them that some page documents with a value. */
  readonly documentedWithValue?: ReadonlySet<string>;
  /** Runs the program outside cli-mcp for the control calls; without it, no rejection is controlled. */
  readonly run?: RunArgs;
}

/** Wording that says the option itself is unknown, not that its value is missing or wrong, nor that it needs another. */
const UNKNOWN_OPTION = /\b(unrecogni[sz]ed|unknown|unsupported|illegal)\s+(command[- ]line\s+)?(long\s+)?(options?|flags?)\b/i;
/** And `invalid option` (GnuPG's kbxutil), once the controls found no other option or value blamed (npm-run-all words its `--race (without parallel)` so). */
const INVALID_OPTION = /\binvalid\s+(options?|flags?)\b(?!\s+(value|argument))/i;

/** The program's words say the option is unknown; `invalid option` counts only once the controls ran. */
export function saysUnknown(text: string, afterControls = false): boolean {
  return UNKNOWN_OPTION.test(text) || (afterControls && INVALID_OPTION.test(text));
}

/**
 * The documented option, sent in its only documented spelling as a word of its own, is unknown to the program.
 * Word flags only (`--quiet`, `-extract`): getopt's complaint about a letter cannot tell a missing option from a
 * letter read out of place (jo's `-s`, which goes after `--`).
 */
export function unknownToBuild(option: ScopedOption, argv: readonly string[], message: string, documented: ReadonlySet<string>): boolean {
  return isUnknownAsDocumented(option, argv, message, documented) && !(option.aliases ?? []).some((alias) => documented.has(alias));
}

/** The documented option was sent in a documented spelling (`--quiet`, `--bits-per-code=1`), and the program calls it unknown. */
function isUnknownAsDocumented(option: ScopedOption, argv: readonly string[], message: string, documented: ReadonlySet<string>, afterControls = false): boolean {
  const flag = option.flag;
  if (flag === undefined || /^-[^-]$/.test(flag) || !documented.has(flag) || spellingIn(argv, [flag]) === undefined) return false;
  // Named with the value on (cpp's `-std=wide-value`), the whole word is what is unknown: the value may be, unless the page joins no value so.
  return saysUnknown(message, afterControls) && (!message.includes(`${flag}=`) || joinedAsDocumented(option));
}

/** The page writes the value joined on with `=` (cpp's `-std=<standard>`): the word sent is the page's, only its value was cli-mcp's to choose. */
function joinedAsDocumented(option: ScopedOption): boolean {
  return option.flag !== undefined && option.syntax?.startsWith(`${option.flag}=`) === true;
}

/**
 * A switch, as documented (or a count of one), that the program says needs a value: no page shows one by any of its
 * spellings. Sent bare, a complaint about the value it got is the same (cac hands vitest's `--expect` a `true`).
 */
export function valueUndocumented(option: ScopedOption, spelling: string, message: string, documented: ReadonlySet<string>, withValue: ReadonlySet<string>): boolean {
  const spellings = [option.flag, option.negation, ...(option.aliases ?? [])].filter((one): one is string => !!one);
  const isSwitch = option.type === 'boolean' || option.count === true;
  if (!isSwitch || !documented.has(spelling) || spellings.some((one) => withValue.has(one))) return false;
  const kind = rejectionClass(message);
  return kind.startsWith('value missing') || (kind.startsWith('value not allowed') && !message.includes(`${spelling}=`));
}

type Verdict = 'rejected' | 'unknownToBuild' | 'knownRefused' | 'valueUndocumented';

/** Whose fault a rejection is: the controls run for a complaint that the option is unknown, or that a value sent is missing (a switch sent bare is cli-mcp's typing). */
async function verdict(tool: ToolDefinition, option: ScopedOption, rejection: Rejection, bounds: AcceptanceBounds): Promise<{ kind: Verdict; note?: string }> {
  const documented = bounds.documented ?? new Set<string>();
  if (unknownToBuild(option, rejection.argv, rejection.message, documented)) return { kind: 'unknownToBuild' };
  const spellings = [option.flag, option.negation, ...(option.aliases ?? [])].filter((one): one is string => !!one);
  const spelling = spellingIn(rejection.argv, spellings);
  const value = rejection.argv.some((word) => word === STRING_VALUE || word.endsWith(`=${STRING_VALUE}`)) ? STRING_VALUE : undefined;
  if (spelling !== undefined && valueBoundAndRefused(rejection.argv, spelling, value, rejection.message)) return { kind: 'knownRefused' };
  if (spelling !== undefined && valueUndocumented(option, spelling, rejection.message, documented, bounds.documentedWithValue ?? new Set())) return { kind: 'valueUndocumented' };
  if (!bounds.run || spelling === undefined) return { kind: 'rejected' };
  const options = tool.command.options;
  const taken = new Set(options.flatMap((one) => [one.flag, one.negation, ...(one.aliases ?? [])]).filter((one): one is string => !!one));
  const companions = options.filter((one) => one.name !== option.name && one.name.length > 2).map((one) => one.name);
  const rejected = { argv: rejection.argv, spelling, taken, companions, ...(value ? { value } : {}) };
  const kind = rejectionClass(rejection.message);
  if (kind.startsWith('value missing')) return { kind: (await valueRefusedInEverySpelling(bounds.run, rejected)) ? 'knownRefused' : 'rejected' };
  if (!kind.startsWith('unknown option')) return { kind: 'rejected' };
  if ((await refusedOtherwise(bounds.run, rejected)) || (await joinedValueRefused(bounds.run, rejected))) return { kind: 'knownRefused' };
  if (await unsupportedByBuild(bounds.run, rejected, rejection.message)) return { kind: 'unknownToBuild' };
  // A parent's option before the command's words: where cli-mcp could have put it instead.
  const moved = movedBeforeCommand(rejection.argv, spelling, tool.command.path.slice(1), value);
  if (moved !== undefined && !(await everyAlternativeUnknown(bounds.run, [moved]))) return { kind: 'rejected' };
  if (!isUnknownAsDocumented(option, rejection.argv, rejection.message, documented, true)) return { kind: moved === undefined ? 'rejected' : 'unknownToBuild' };
  // Every page writes the spelling sent, and the build lacks it; another documented spelling it takes is said beside (namei's `-n` for `--nosymlinks`).
  const others = spellings.filter((one) => one !== spelling && documented.has(one));
  const anotherTaken = others.length > 0 && !(await everyAlternativeUnknown(bounds.run, otherSpellings(rejection.argv, spelling, others)));
  return anotherTaken ? { kind: 'unknownToBuild', note: `${others.join(', ')} taken` } : { kind: 'unknownToBuild' };
}

interface Planned {
  readonly tool: ToolDefinition;
  readonly option: ScopedOption;
}

/** Each option once, in the first tool that has it (an inherited option is the same one in every tool under it). */
export function plannedCalls(tools: readonly ToolDefinition[]): Planned[] {
  const seen = new Set<string>();
  const planned: Planned[] = [];
  for (const tool of tools) {
    for (const option of tool.command.options) {
      const key = `${tool.command.path.slice(0, option.depth + 1).join(' ')}\u0000${option.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      planned.push({ tool, option });
    }
  }
  return planned;
}

function valueOf(option: ScopedOption): unknown {
  const one = option.type === 'boolean' ? true : option.type === 'string' ? (option.choices?.[0] ?? option.examples?.[0] ?? STRING_VALUE) : 1;
  // `--arg a v` takes its words in groups: one group; `--encrypt user owner key-length [options] --` the words its form names first.
  return option.variadic ? Array.from({ length: option.arity ?? leadingWords(option) }, () => one) : one;
}

/** The placeholders a closed run's documented form names before anything optional (`-exec COMMAND ;`: 1). */
function leadingWords(option: ScopedOption): number {
  if (option.closedBy === undefined || option.syntax === undefined) return 1;
  const words = option.syntax.split(/\s+/).slice(1);
  const end = words.findIndex((word) => word.startsWith('[') || option.closedBy?.includes(word));
  return Math.max(1, end === -1 ? 1 : end);
}

/** The smallest valid input that sets this option: placeholder operands and passthrough words when required. */
export function inputFor(tool: ToolDefinition, option: ScopedOption): { flags: Record<string, unknown>; args: string[]; passthrough?: string[] } {
  const schema = tool.inputJsonSchema as { properties?: { args?: { minItems?: number }; passthrough?: { minItems?: number } } };
  // A positional with choices gets its first; any other a placeholder.
  const args = Array.from({ length: schema.properties?.args?.minItems ?? 0 }, (_, i) => tool.command.positionals[i]?.choices?.[0] ?? OPERAND);
  // A word among the operands (jo's `[--] [-s|-n|-b] [word...]`) goes in args before an operand, as its description says.
  if (option.amongOperands === true && option.flag !== undefined) return { flags: {}, args: [option.flag, ...(args.length > 0 ? args : [OPERAND])] };
  const flags: Record<string, unknown> = { [option.name]: valueOf(option) };
  // Other required options get a value too, or validation would refuse the call before it runs.
  for (const other of tool.command.options) if (other.required && other.name !== option.name) flags[other.name] = valueOf(other);
  // An option written inside another's run (qpdf's --print in --encrypt … --) is sent with that run.
  const run = option.inside === undefined ? undefined : tool.command.options.find((other) => other.name === option.inside);
  if (run !== undefined) flags[run.name] = valueOf(run);
  return { flags, args, ...((schema.properties?.passthrough?.minItems ?? 0) > 0 ? { passthrough: [OPERAND] } : {}) };
}

/** Runs the planned calls, a few at a time, until the bound on calls or the deadline. */
/** Where the argv-recording middleware leaves each call's argv: the slot of the call it runs in. */
export const argvSlot = new AsyncLocalStorage<{ argv?: readonly string[] }>();

/** Middleware that records the argv cli-mcp prepared for the call, after the rest of the chain ran. */
export const recordArgv: Middleware = async (ctx, next) => {
  await next();
  const slot = argvSlot.getStore();
  if (slot && ctx.argv) slot.argv = ctx.argv;
};

export async function argvAcceptance(tools: CliTools, bounds: AcceptanceBounds): Promise<AcceptanceResult> {
  const planned = plannedCalls(tools.tools);
  const chosen = planned.slice(0, bounds.maxCalls);
  const result = { ran: 0, rejected: [] as Rejection[], unknownToBuild: [] as Rejection[], knownRefused: [] as Rejection[], valueUndocumented: [] as Rejection[], refused: [] as Refusal[], otherUsageErrors: [] as AcceptanceResult['otherUsageErrors'][number][], notRun: planned.length - chosen.length };
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const { tool, option } = chosen[next++]!;
      if (Date.now() > bounds.deadline) {
        result.notRun += 1;
        continue;
      }
      const input = inputFor(tool, option);
      const slot: { argv?: readonly string[] } = {};
      const outcome = await argvSlot.run(slot, () => tools.run(tool, input));
      const label = option.flag ?? option.negation ?? option.name;
      const output = outcome.output;
      if (!output) {
        result.refused.push({ tool: tool.name, option: label, message: (outcome.message ?? '').slice(0, 400) });
        continue;
      }
      result.ran += 1;
      if (output.exitCode === 0 || output.exitCode === null) continue;
      const argv = slot.argv ?? [];
      const text = `${output.stderr}\n${output.stdout}`;
      // The value as a word of its own, named in the error, was read as an operand or an unknown option.
      const valueAlone = argv.includes(STRING_VALUE) ? [STRING_VALUE] : [];
      const spellings = [option.flag, option.negation, ...(option.aliases ?? []), ...valueAlone].filter((one): one is string => !!one);
      const named = spellingErrorLines(text, spellings);
      const rejection = { tool: tool.name, option: label, argv, exitCode: output.exitCode, message: named.join('\n') };
      if (named.length > 0) {
        const { kind, note } = await verdict(tool, option, rejection, bounds);
        result[kind].push(note === undefined ? rejection : { ...rejection, note });
      }
      else {
        const other = anySpellingErrorLines(text);
        if (other.length > 0) result.otherUsageErrors.push({ tool: tool.name, option: label, argv, message: other.slice(0, 2).join('\n') });
      }
    }
  };
  await Promise.all(Array.from({ length: bounds.concurrency }, worker));
  return result;
}
