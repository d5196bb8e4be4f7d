import type { OptionSpec, PassthroughSpec, PositionalSpec } from '../types.js';

/** Most repetitions of a counted flag (`-vvv`) a call may ask for; each is one argv token. */
export const MAX_COUNT = 100;
/** Examples a description names: enough to show the form, few enough to stay short. */
const MAX_EXAMPLES = 6;

/** The description of a tool's `flags` object. */
export const FLAGS_DESCRIPTION = 'Options (flags) of the command, by name.';

/** {@link FLAGS_DESCRIPTION}, saying so where options after the operands are sent in the order given (find's expression). */
export function flagsDescription(options: readonly OptionSpec[]): string {
  if (!options.some((option) => option.afterOperands === true)) return FLAGS_DESCRIPTION;
  return `${FLAGS_DESCRIPTION} Those marked "after the operands" are sent there in the order given here: the program reads them left to right (find's -name x -delete).`;
}
/** The first line of the `args` description, above one line per positional. */
export const ARGS_HEADER = 'Positional arguments, in order (always passed as positionals, never as flags):';

/** An option's description, with notes on what `true`, `false` or a count pass. */
export function describeOption(option: OptionSpec): string {
  const notes: string[] = [];
  if (option.type !== 'boolean' && option.optionalValue && option.flag) notes.push(`true passes ${option.flag} without a value`);
  if (option.negation && (option.type !== 'boolean' || !option.flag)) notes.push(`false passes ${option.negation}`);
  if (option.count && option.flag) notes.push(`a count: 2 passes ${option.flag} twice`);
  if (option.arity !== undefined && option.arity > 1 && option.flag) notes.push(`${option.arity} words per use, as in ${option.syntax ?? option.flag}; several uses as one list`);
  if (option.closedBy?.length && option.flag) notes.push(`the words of one ${runForm(option)}, as a list; cli-mcp adds the closing ${option.closedBy[0]}`);
  if (option.afterOperands === true) notes.push('after the operands');
  if (option.amongOperands === true && option.flag) notes.push(`a word among the operands: put ${option.flag} in args, before the operand it applies to`);
  if (option.inside !== undefined) notes.push(`sent inside the words of flags.${option.inside}, which must be given too`);
  if (option.examples?.length && !option.choices?.length) notes.push(`e.g. ${option.examples.slice(0, MAX_EXAMPLES).join(', ')}${option.examples.length > MAX_EXAMPLES ? ', …' : ''}`);
  const text = option.description?.trim() ?? '';
  return notes.length ? `${text} (${notes.join('; ')})`.trim() : text;
}

/** A run as its documentation writes it (`--encrypt user-password owner-password key-length [options] --`), when that is one form. */
function runForm(option: OptionSpec): string {
  const closer = option.closedBy?.[0] ?? '';
  const syntax = option.syntax ?? '';
  const first = syntax.indexOf(` ${closer}`);
  return first > 0 && syntax.startsWith(`${option.flag ?? ''} `) ? syntax.slice(0, first + closer.length + 1) : `${option.flag ?? ''} … ${closer}`;
}

/** The description of a command's `passthrough` field. */
export function describePassthrough(passthrough: PassthroughSpec): string {
  const what = passthrough.description?.trim() ? `: ${passthrough.description.trim()}` : '';
  return `${passthrough.name}${what}. Passed on untouched after a literal \`--\`, e.g. the command and its arguments as separate items.`;
}

/** The description of a command's `args` array: one line per positional. */
export function describeArgs(positionals: readonly PositionalSpec[]): string {
  if (positionals.length === 0) return 'Positional arguments: this command takes none.';
  const lines = positionals.map((positional, index) => {
    const traits = [positional.required ? 'required' : 'optional'];
    if (positional.variadic) traits.push('takes the rest');
    if (positional.type !== 'string') traits.push(positional.type);
    if (positional.choices?.length) traits.push(`one of ${positional.choices.join('|')}`);
    if (defaultFits(positional)) traits.push(`default ${JSON.stringify(positional.default)}`);
    const what = positional.description ? `: ${positional.description.trim()}` : '';
    return `${index + 1}. ${positional.name} (${traits.join(', ')})${what}`;
  });
  return `${ARGS_HEADER}\n${lines.join('\n')}`;
}

/** Why `arg` is not a value the positional takes, or `undefined` when it is. */
export function positionalProblem(positional: PositionalSpec, arg: string): string | undefined {
  if (positional.choices?.length && !positional.choices.includes(arg)) {
    return `<${positional.name}> must be one of ${positional.choices.map((choice) => JSON.stringify(choice)).join(', ')}`;
  }
  if (positional.type !== 'string' && !isNumeric(arg, positional.type === 'integer')) {
    return `<${positional.name}> must be ${positional.type === 'integer' ? 'an integer' : 'a number'}`;
  }
  return undefined;
}

/** Decimal notation only, untrimmed: what parseInt/parseFloat read the same way as Number does. */
function isNumeric(text: string, integer: boolean): boolean {
  return integer ? /^[+-]?\d+$/.test(text) : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);
}

/**
 * A positional's default is published only when a call could pass it: a string the same checks accept,
 * or for a numeric positional a number (the CLI's own parsed default); a variadic one's is an array of those.
 */
function defaultFits(positional: PositionalSpec): boolean {
  const fits = (item: unknown): boolean => {
    if (typeof item === 'string') return positionalProblem(positional, item) === undefined;
    return typeof item === 'number' && positional.type !== 'string' && Number.isFinite(item) && positionalProblem(positional, String(item)) === undefined;
  };
  const value = positional.default;
  return positional.variadic ? Array.isArray(value) && value.every(fits) : value !== undefined && fits(value);
}
