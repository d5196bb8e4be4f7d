/**
 * A command's call shape for instructions a model reads (`todo add [--priority=low|medium|high] <title> [tags...]`):
 * the argv cli-mcp would send, laid out by the argv stage itself with placeholder values, so the spelling
 * (`--x=v`, `-xv`, `-x v`, options before or after the positionals, `--`) is the one that runs.
 */
import { layOutArgv } from '../argv/build-argv.js';
import type { PositionalSpec, RunnableCommand, ScopedOption, ToolInput } from '../types.js';

/** Options written out in a shape line before the rest are summed up as `[…N more options]`. */
export const MAX_SHAPE_OPTIONS = 6;
/** Choices shown in a placeholder before `…`. */
const MAX_CHOICES = 6;

/** Stands for a value while argv is laid out; never part of a real call (a NUL byte cannot reach an argv). */
const hole = (index: number): string => `\u0000${index}\u0000`;
const HOLE = /\u0000(\d+)\u0000/g;

/** What one option looks like on the command line (`--priority=low|medium|high`, `-v…`, `[--color|--no-color]`'s parts). */
export interface OptionShape {
  /** The tokens with placeholders, as one string: `--due=<string>`, `--status[=<string>]`. */
  readonly text: string;
  /** Given several times for several values (a list, or a count). */
  readonly repeatable: boolean;
}

/** A placeholder for an option's value: its choices, else its type. */
export function valuePlaceholder(option: Pick<ScopedOption, 'choices' | 'type'>): string {
  const choices = option.choices ?? [];
  if (choices.length === 0) return `<${option.type}>`;
  return choices.length > MAX_CHOICES ? `${choices.slice(0, MAX_CHOICES).join('|')}|…` : choices.join('|');
}

/** A positional as usage lines write it: `<title>`, `[tags...]`. */
export function positionalPlaceholder(positional: PositionalSpec): string {
  const name = positional.choices?.length ? positional.choices.join('|') : positional.name;
  const dots = positional.variadic ? '...' : '';
  return positional.required ? `<${name}${dots}>` : `[${name}${dots}]`;
}

/** The value that makes an option render once, with a hole where its value goes; undefined when it cannot be shown alone. */
function sampleValue(option: ScopedOption, index: number): unknown {
  if (option.inside !== undefined) return undefined;
  if (option.count === true) return 1;
  if (option.type === 'boolean') return option.flag !== undefined ? true : option.negation !== undefined ? false : undefined;
  if (option.flag === undefined) return undefined;
  if (option.arity !== undefined && option.arity > 1) return Array.from({ length: option.arity }, () => hole(index));
  if (option.variadic === true || option.closedBy !== undefined) return [hole(index)];
  return hole(index);
}

/** The tokens `input` adds to the command's bare words, as the argv stage lays them out. */
function addedTokens(command: RunnableCommand, input: ToolInput): string[] | undefined {
  const bare = layOutArgv(command, { flags: {}, args: [] });
  const laid = layOutArgv(command, input);
  if (!bare.ok || !laid.ok) return undefined;
  const left = [...laid.argv];
  for (const word of bare.argv) {
    const at = left.indexOf(word);
    if (at !== -1) left.splice(at, 1);
  }
  return left;
}

/** One option's tokens alone, its value the hole numbered `index`; undefined when it cannot be written alone. */
function optionTokens(command: RunnableCommand, option: ScopedOption, index: number): string[] | undefined {
  const value = sampleValue(option, index);
  if (value === undefined) return undefined;
  const tokens = addedTokens(command, { flags: { [option.name]: value }, args: [] });
  return tokens === undefined || tokens.length === 0 ? undefined : tokens;
}

/** How one option is spelled, or undefined when it is written only inside another's words. */
export function optionShape(command: RunnableCommand, option: ScopedOption): OptionShape | undefined {
  const tokens = optionTokens(command, option, 0);
  if (tokens === undefined) return undefined;
  // A run of words (`-exec command… ;`) is one option given once, its words many.
  const placeholder = option.closedBy !== undefined ? `${valuePlaceholder(option)}...` : valuePlaceholder(option);
  let text = tokens.map((token) => token.replace(HOLE, placeholder)).join(' ');
  // An optional value: the bare flag, and the value as the argv stage joins it (`--status[=<string>]`).
  if (option.optionalValue === true && option.flag !== undefined && text.startsWith(option.flag) && text !== option.flag) {
    text = `${option.flag}[${text.slice(option.flag.length)}]`;
  }
  if (option.type === 'boolean' && option.flag !== undefined && option.negation !== undefined) text = `${text}|${option.negation}`;
  return { text, repeatable: option.count === true || (option.closedBy === undefined && (option.variadic === true || (option.arity ?? 1) > 1)) };
}

/** The options a shape line writes out: the required ones, then the command's own, then the inherited, up to {@link MAX_SHAPE_OPTIONS}. */
function shownOptions(command: RunnableCommand): { shown: ScopedOption[]; more: number } {
  const depth = command.path.length - 1;
  const showable = command.options.filter((option) => sampleValue(option, 0) !== undefined);
  const required = showable.filter((option) => option.required === true);
  const ranked = [...required, ...showable.filter((option) => option.required !== true && option.depth === depth), ...showable.filter((option) => option.required !== true && option.depth !== depth)];
  const shown = ranked.slice(0, Math.max(MAX_SHAPE_OPTIONS, required.length));
  return { shown, more: command.options.length - shown.length };
}

/**
 * The command's call shape: its words, options and positionals in the order cli-mcp sends them, each value a
 * placeholder; an optional part in `[…]`, a repeatable one followed by `…`. Options past {@link MAX_SHAPE_OPTIONS}
 * are summed up at the end. The program's own name leads, as a person types it.
 * @example callShape(todoAdd) // 'todo add [--priority=low|medium|high] [--due=<string>] … <title> [tags...]'
 */
export function callShape(command: RunnableCommand): string {
  const { shown, more } = shownOptions(command);
  const flags = Object.fromEntries(shown.map((option, index) => [option.name, sampleValue(option, index)]));
  const first = shown.length;
  const args = command.positionals.map((_positional, index) => hole(first + index));
  const passthrough = command.passthrough ? [hole(first + args.length)] : [];
  const laid = layOutArgv(command, { flags, args, passthrough });
  const parts: string[] = laid.ok ? [...laid.argv] : command.path.slice(1);
  // Each option's tokens, found where the full layout put them, become one part.
  shown.forEach((option, index) => {
    const tokens = optionTokens(command, option, index);
    const at = tokens === undefined ? -1 : indexOfRun(parts, tokens);
    if (tokens === undefined || at === -1) return;
    const shape = optionShape(command, option);
    const text = option.required === true ? (shape?.text ?? '') : `[${shape?.text ?? ''}]`;
    parts.splice(at, tokens.length, shape?.repeatable ? `${text}…` : text);
  });
  const words = parts.map((part) => {
    const index = holeOf(part);
    if (index === undefined) return part;
    const positional = command.positionals[index - first];
    if (positional) return positionalPlaceholder(positional);
    const words = command.passthrough;
    return words === undefined ? part : words.required ? `<${words.name}...>` : `[${words.name}...]`;
  });
  const tail = more > 0 ? [`[…${more} more option${more === 1 ? '' : 's'}]`] : [];
  return [command.path[0] ?? '', ...words, ...tail].filter((part) => part !== '').join(' ');
}

/** Where `run` first occurs, whole and in order, in `list`; -1 when it does not. */
function indexOfRun(list: readonly string[], run: readonly string[]): number {
  for (let start = 0; start + run.length <= list.length; start++) {
    if (run.every((token, offset) => list[start + offset] === token)) return start;
  }
  return -1;
}

function holeOf(word: string): number | undefined {
  const match = /^\u0000(\d+)\u0000$/.exec(word);
  return match ? Number(match[1]) : undefined;
}
