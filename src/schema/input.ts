import * as z from 'zod';
import type { OptionSpec, PassthroughSpec, PositionalSpec, RunnableCommand } from '../types.js';
import { describeArgs, describeOption, describePassthrough, flagsDescription, MAX_COUNT, positionalProblem } from './describe.js';

/**
 * The zod schema of one tool's input, `{ flags, args }`: what checks a call. The advertised JSON Schema is
 * written straight from the spec (json-from-spec.ts); tests hold the two byte-identical, this one the oracle.
 */
export function inputSchemaFor(command: RunnableCommand): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const option of command.options) shape[option.name] = optionSchema(option);
  const anyRequiredFlag = command.options.some((option) => option.required);
  const flags = z.strictObject(shape).describe(flagsDescription(command.options));
  const args = argsSchema(command.positionals);
  const anyRequiredArg = command.positionals.some((positional) => positional.required);
  return z.strictObject({
    flags: anyRequiredFlag ? flags : flags.optional(),
    args: anyRequiredArg ? args : args.optional(),
    ...(command.passthrough ? { passthrough: passthroughSchema(command.passthrough) } : {}),
  });
}

/** Words handed on after a literal `--`, never mixed with the positionals. */
function passthroughSchema(passthrough: PassthroughSpec): z.ZodType {
  const list = z.array(z.string()).describe(describePassthrough(passthrough));
  return passthrough.required ? list.min(1) : list.optional();
}

function optionSchema(option: OptionSpec): z.ZodType {
  const values = withSwitches(option, option.variadic ? valueList(option) : value(option));
  let schema = values;
  const description = describeOption(option);
  if (description) schema = schema.describe(description);
  // A default the option itself would refuse (`"0"` typed as 0, a value outside the enum) would mislead the model.
  if (option.default !== undefined && values.safeParse(option.default).success) schema = schema.meta({ default: option.default });
  return option.required ? schema : schema.optional();
}

function value(option: OptionSpec): z.ZodType {
  const error = expecting(itemExpectation(option));
  switch (option.type) {
    case 'boolean':
      // A switch that cannot be turned off accepts only true, so a model asking for false is told so.
      return !option.negation && option.default === true ? z.literal(true, { error }) : z.boolean({ error });
    case 'integer':
      return option.count ? z.int({ error }).min(0).max(MAX_COUNT) : z.int({ error });
    case 'number':
      return z.number({ error });
    case 'string':
      if (option.choices?.length) return z.enum(option.choices as [string, ...string[]], { error });
      return option.required ? z.string({ error }).min(1) : z.string({ error });
  }
}

function valueList(option: OptionSpec): z.ZodType {
  const list = z.array(value(option), { error: expecting(`an array, each item ${itemExpectation(option)}`) });
  const sized = option.required ? list.min(1) : list;
  const arity = option.arity ?? 1;
  if (arity < 2) return sized;
  // JSON Schema cannot say "a multiple of 2"; the description does, and this check holds calls to it.
  return sized.refine((words) => words.length % arity === 0, { message: `expected words in groups of ${arity}, one group per use` });
}

/** A value option may also take `true` (bare flag of an optional value) or `false` (its negation). */
function withSwitches(option: OptionSpec, schema: z.ZodType): z.ZodType {
  if (option.type === 'boolean') return schema;
  const on = option.optionalValue === true && option.flag !== undefined;
  const off = option.negation !== undefined;
  const base = option.variadic ? 'an array of values' : itemExpectation(option);
  if (on && off) return z.union([schema, z.boolean()], { error: expecting(`${base}, true or false`) });
  if (on) return z.union([schema, z.literal(true)], { error: expecting(`${base} or true`) });
  if (off) return z.union([schema, z.literal(false)], { error: expecting(`${base} or false`) });
  return schema;
}

/** What one value of the option must be, in words. */
function itemExpectation(option: OptionSpec): string {
  if (option.choices?.length) return `one of ${option.choices.map((choice) => JSON.stringify(choice)).join(', ')}`;
  if (option.count) return `an integer from 0 to ${MAX_COUNT}`;
  if (option.type === 'boolean') return !option.negation && option.default === true ? 'true (this switch cannot be turned off)' : 'a boolean (true or false)';
  return { integer: 'an integer', number: 'a number', string: 'a string' }[option.type];
}

/** A zod error map for wrong values: says what was expected, and that the field is required when it is missing. */
function expecting(what: string): (issue: { code?: string; input?: unknown }) => string | undefined {
  return (issue) => {
    if (issue.code === 'too_small' || issue.code === 'too_big') return undefined; // sizes keep zod's wording
    return issue.input === undefined ? `required: expected ${what}` : `expected ${what}`;
  };
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
