import * as z from 'zod';
import type { OptionSpec, PositionalSpec, RunnableCommand } from '../types.js';

/** The zod schema of one tool's input, `{ flags, args }`: the single source of truth for checking a call. */
export function inputSchemaFor(command: RunnableCommand): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const option of command.options) shape[option.name] = optionSchema(option);
  const anyRequiredFlag = command.options.some((option) => option.required);
  const flags = z.strictObject(shape).describe('Options (flags) of the command, by name.');
  const args = argsSchema(command.positionals);
  const anyRequiredArg = command.positionals.some((positional) => positional.required);
  return z.strictObject({
    flags: anyRequiredFlag ? flags : flags.optional(),
    args: anyRequiredArg ? args : args.optional(),
  });
}

function optionSchema(option: OptionSpec): z.ZodType {
  let schema = withSwitches(option, option.variadic ? valueList(option) : value(option));
  const description = describeOption(option);
  if (description) schema = schema.describe(description);
  if (isJsonValue(option.default)) schema = schema.meta({ default: option.default });
  return option.required ? schema : schema.optional();
}

function value(option: OptionSpec): z.ZodType {
  switch (option.type) {
    case 'boolean':
      // A switch that cannot be turned off accepts only true, so a model asking for false is told so.
      return !option.negation && option.default === true ? z.literal(true) : z.boolean();
    case 'integer':
      return z.int();
    case 'number':
      return z.number();
    case 'string':
      if (option.choices?.length) return z.enum(option.choices as [string, ...string[]]);
      return option.required ? z.string().min(1) : z.string();
  }
}

function valueList(option: OptionSpec): z.ZodType {
  const list = z.array(value(option));
  return option.required ? list.min(1) : list;
}

/** A value option may also take `true` (bare flag of an optional value) or `false` (its negation). */
function withSwitches(option: OptionSpec, schema: z.ZodType): z.ZodType {
  if (option.type === 'boolean') return schema;
  const on = option.optionalValue === true && option.flag !== undefined;
  const off = option.negation !== undefined;
  if (on && off) return z.union([schema, z.boolean()]);
  if (on) return z.union([schema, z.literal(true)]);
  if (off) return z.union([schema, z.literal(false)]);
  return schema;
}

function describeOption(option: OptionSpec): string {
  const notes: string[] = [];
  if (option.type !== 'boolean' && option.optionalValue && option.flag) notes.push(`true passes ${option.flag} without a value`);
  if (option.negation && (option.type !== 'boolean' || !option.flag)) notes.push(`false passes ${option.negation}`);
  const text = option.description?.trim() ?? '';
  return notes.length ? `${text} (${notes.join('; ')})`.trim() : text;
}

function argsSchema(positionals: readonly PositionalSpec[]): z.ZodType {
  const required = positionals.filter((positional) => positional.required).length;
  const variadic = positionals.at(-1)?.variadic === true;
  let list = z.array(z.string()).min(required);
  if (!variadic) list = list.max(positionals.length);
  const checked = list.superRefine((args, ctx) => {
    args.forEach((arg, index) => {
      const positional = positionals[Math.min(index, positionals.length - 1)];
      const problem = positional && positionalProblem(positional, arg);
      if (problem) ctx.addIssue({ code: 'custom', path: [index], message: problem, input: arg });
    });
  });
  return checked.describe(describeArgs(positionals));
}

function positionalProblem(positional: PositionalSpec, arg: string): string | undefined {
  if (positional.choices?.length && !positional.choices.includes(arg)) {
    return `<${positional.name}> must be one of ${positional.choices.map((choice) => JSON.stringify(choice)).join(', ')}`;
  }
  if (positional.type !== 'string' && !isNumeric(arg, positional.type === 'integer')) {
    return `<${positional.name}> must be ${positional.type === 'integer' ? 'an integer' : 'a number'}`;
  }
  return undefined;
}

function isNumeric(text: string, integer: boolean): boolean {
  return integer ? /^[+-]?\d+$/.test(text.trim()) : text.trim() !== '' && Number.isFinite(Number(text));
}

function describeArgs(positionals: readonly PositionalSpec[]): string {
  if (positionals.length === 0) return 'Positional arguments: this command takes none.';
  const lines = positionals.map((positional, index) => {
    const traits = [positional.required ? 'required' : 'optional'];
    if (positional.variadic) traits.push('takes the rest');
    if (positional.type !== 'string') traits.push(positional.type);
    if (positional.choices?.length) traits.push(`one of ${positional.choices.join('|')}`);
    if (isJsonValue(positional.default)) traits.push(`default ${JSON.stringify(positional.default)}`);
    const what = positional.description ? `: ${positional.description.trim()}` : '';
    return `${index + 1}. ${positional.name} (${traits.join(', ')})${what}`;
  });
  return `Positional arguments, in order (always passed as positionals, never as flags):\n${lines.join('\n')}`;
}

function isJsonValue(value: unknown): boolean {
  if (value === undefined || typeof value === 'function') return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return value === null || ['string', 'boolean', 'object'].includes(typeof value);
}
