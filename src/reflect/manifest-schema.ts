import * as z from 'zod';
import type { CommandAnnotations, CommandSpec, OptionSpec, PositionalSpec } from '../types.js';

/** The manifest format this version of cli-mcp reads and writes. */
export const MANIFEST_VERSION = 1;

/** An option token: one or two dashes, then no `=` and no whitespace (`--dry-run`, `-n`, `-name`); never `-` or `--` alone. */
const FLAG_TOKEN = /^--?[^\s=-][^\s=]*$/;
/** A negation may also be a flag with a fixed value, as Go CLIs spell it: `--wait=false`. */
const NEGATION_TOKEN = /^--?[^\s=-][^\s=]*(=\S+)?$/;

const name = (what: string) => z.string().min(1, 'must not be empty').describe(what);
const text = (what: string) => z.string().describe(what);
const flagToken = (what: string) =>
  z.string().regex(FLAG_TOKEN, 'expected an option token such as "--name" or "-n" (dashes, then no "=" or spaces)').describe(what);
const negationToken = (what: string) =>
  z.string().regex(NEGATION_TOKEN, 'expected an option token such as "--no-color", "-C" or "--wait=false" (dashes, no spaces)').describe(what);

const optionSchema = z
  .strictObject({
    name: name('The key in a call\'s `flags` object: the long name without dashes (`dry-run`), without `no-` for a negation, or the short letter when there is no long name.'),
    description: text('What the option does, shown to the model.').optional(),
    type: z.enum(['boolean', 'string', 'number', 'integer']).describe('The value\'s type; `boolean` for a switch that takes no value.'),
    flag: flagToken('The token that turns the option on or carries its value: `--dry-run` or `-n`. Absent for a lone `--no-x`.').optional(),
    aliases: z.array(flagToken('Another token of the same option.')).describe('Other tokens of the same option (`-s` for `--server`): never sent, but denying any spelling denies the option.').optional(),
    negation: negationToken('The token that turns the option off (`--no-color`, or `--wait=false` for Go CLIs): what `false` renders to.').optional(),
    optionalValue: z.boolean().describe('A value option whose value may be left out (`--cheese [type]`): `true` renders the bare flag.').optional(),
    valueForm: z
      .enum(['equals', 'separate', 'attached', 'colon'])
      .describe('How the value joins the flag, as the documentation writes this option: `--out=FILE`, `--out FILE` / `-f fmt`, `-I<dir>`, or `-verbose:all`. Default: the command\'s argv conventions. A value starting with `-` is sent joined where the parser reads that, else refused.')
      .optional(),
    syntax: text('The option as its documentation writes it (`-f fmt`, `--color[=WHEN]`): the evidence for `valueForm`.').optional(),
    afterOperands: z.boolean().describe('Written after the operands by the program\'s usage (`unzip file [-d exdir]`, find\'s expression): sent after the positionals.').optional(),
    amongOperands: z.boolean().describe('Written among the operands after `--` by the program\'s usage (jo\'s `[--] [-s|-n|-b] [word...]`): a word of args, never a flag.').optional(),
    variadic: z.boolean().describe('Takes several values: the flag is repeated once per value.').optional(),
    arity: z.int().min(2).max(9).describe('Each use takes this many words after the flag (`--arg name value`: 2): the value is a list of words, a group per use.').optional(),
    closedBy: z
      .array(z.string().min(1))
      .min(1)
      .describe('The value is one run of words ended by a closing word (`-exec command ;`, `--pages file … --`): the first is added unless the run ends with one of them.')
      .optional(),
    inside: name('Written only inside this other option\'s closed run (qpdf\'s `--print` inside `--encrypt … --`).').optional(),
    count: z.boolean().describe('Counted by repetition (`-vvv` is 3): an `integer` n renders the flag n times.').optional(),
    choices: z.array(z.string()).describe('The only values accepted.').optional(),
    examples: z.array(z.string()).describe('Values it takes, shown to the model as examples; others are accepted too.').optional(),
    default: z.unknown().describe('The CLI\'s own default, published for the model; never sent on the command line.').optional(),
    required: z.boolean().describe('The CLI refuses to run without it.').optional(),
    env: text('An environment variable the CLI reads this option from (never published).').optional(),
    local: z.boolean().describe('Only this command takes it; the commands under it do not inherit it.').optional(),
    follows: z.boolean().describe('Turned on, the command runs until stopped (--watch, --follow): only a background run may set it. Default: inferred from the name.').optional(),
    source: z
      .enum(['man page', 'fish completions', 'completion protocol'])
      .describe('Where the option was found when the command\'s own help (or parser) does not show it: the program\'s man page, fish\'s completions of it, or cobra\'s completion protocol. Never sent or published.')
      .optional(),
  })
  .describe('One option (flag) of a command.');

const positionalSchema = z
  .strictObject({
    name: name('The argument\'s name, shown to the model.'),
    description: text('What the argument is.').optional(),
    type: z.enum(['string', 'number', 'integer']).describe('The type its value is parsed to; positionals always travel as strings.'),
    required: z.boolean().describe('The command needs it.'),
    variadic: z.boolean().describe('Takes the rest of the positionals; only the last one can.'),
    choices: z.array(z.string()).describe('The only values accepted.').optional(),
    default: z.unknown().describe('The CLI\'s own default, published for the model.').optional(),
  })
  .describe('One positional argument of a command.');

const annotationsSchema = z
  .strictObject({
    title: text('A human-readable title for the tool.').optional(),
    readOnlyHint: z.boolean().describe('The command changes nothing.').optional(),
    destructiveHint: z.boolean().describe('The command may delete or overwrite things (approval asks first in the default mode).').optional(),
    idempotentHint: z.boolean().describe('Calling it twice with the same input has no further effect.').optional(),
    openWorldHint: z.boolean().describe('The command talks to the outside world (network, cluster, …).').optional(),
  })
  .describe('Hints that become the MCP tool\'s annotations.');

const argvSchema = z
  .strictObject({
    doubleDash: z.enum(['always', 'when-needed', 'never']).describe('When `--` goes before the positionals: always; only when one starts with `-`; never (then such a positional is refused).').optional(),
    options: z.enum(['command', 'end']).describe('Where options go: right after the word of the command that declares them, or after the positionals.').optional(),
    falseValue: z.enum(['omit', 'explicit']).describe('What `false` renders to for a switch without a negation: nothing, or `--x=false`.').optional(),
    shortValue: z.enum(['attached', 'equals', 'separate']).describe('How a one-letter option carries a value: `-n5`, `-n=5` or `-n 5`.').optional(),
    longValue: z.enum(['equals', 'separate']).describe('How a long option carries a value: `--name=v`, or `--name v` for a parser that knows no `=`.').optional(),
    yargsQuirks: z.boolean().describe('The program reads argv with yargs-parser: values in matching quotes and a lone `-` positional are refused, an empty list item is sent as `--x ""`.').optional(),
  })
  .describe('How argv is laid out for this command and those under it, as the program\'s users type it; unset fields come from the parent command.');

const passthroughSchema = z
  .strictObject({
    name: name('What the words are, as the usage line names them (`COMMAND`).'),
    description: text('What the words are for.').optional(),
    required: z.boolean().describe('The command needs at least one word there.'),
  })
  .describe('Words the command hands on untouched to another program after a literal `--` (`kubectl exec POD -- COMMAND…`): a tool field of their own.');

const commandShape = {
  name: name('This command\'s own word on the command line (the root\'s is the program name, and the first word of tool names).'),
  description: text('What the command does: the tool\'s description.').optional(),
  examples: text('Usage examples and other help text, appended to the tool\'s description.').optional(),
  details: text('What the program\'s manual says beyond the description: searched, and shown by the describe tool, never in the tool list.').optional(),
  runnable: z.boolean().describe('It does something when called, so it becomes a tool; a group that only holds subcommands is not.'),
  options: z.array(optionSchema).describe('Options declared on this command; its subcommands inherit them.'),
  positionals: z.array(positionalSchema).describe('Positional arguments, in order.'),
  get subcommands(): z.ZodArray<typeof commandSchema> {
    return z.array(commandSchema).describe('The commands under this one.');
  },
  annotations: annotationsSchema.optional(),
  argv: argvSchema.optional(),
  passthrough: passthroughSchema.optional(),
  aliases: z.array(name('A word that runs this command.')).describe('Other words that run this command (commander `.alias()`, yargs command aliases).').optional(),
  hiddenCommands: z.array(name('A word that runs a hidden subcommand.')).describe('Words of subcommands the program runs but does not list: never tools, and never sent as a positional.').optional(),
  longRunning: z.boolean().describe('It usually runs for minutes: task-capable clients get a task at once, and its tool says to start it in the background.').optional(),
  sandbox: z.literal('off').describe('Its calls run outside the sandbox, in a process group only: what it starts in the background (a daemon, as `pm2 start`) outlives the call. Only this command; the server\'s --sandbox level holds for the rest.').optional(),
  pending: z.never().optional().describe('Set only by a lazy help crawl (a command not read yet), which reads it when it is asked for: never in a manifest.'),
};

const commandSchema = z.strictObject(commandShape).meta({ id: 'CommandSpec', description: 'A command and the commands under it; `program` is the root command: the program itself.' });

/** The manifest file: a CommandSpec tree with a format version, validated strictly (unknown keys are refused). */
export const manifestSchema = z
  .strictObject({
    $schema: z.string().describe('Where editors find this schema (optional).').optional(),
    manifestVersion: z.literal(MANIFEST_VERSION).describe('The manifest format version: 1.'),
    program: commandSchema,
  })
  .meta({ title: 'cli-mcp manifest', description: 'A CLI\'s command tree, as cli-mcp serves it: one MCP tool per runnable command.' });

export type ManifestDocument = z.infer<typeof manifestSchema>;

/** The keys each kind of object in a manifest may have, for "did you mean" hints. */
export const MANIFEST_KEYS = {
  manifest: Object.keys(manifestSchema.shape),
  command: Object.keys(commandShape),
  option: Object.keys(optionSchema.shape),
  positional: Object.keys(positionalSchema.shape),
  annotations: Object.keys(annotationsSchema.shape),
} as const;

/** The JSON Schema of the manifest, as committed in `schema/manifest.schema.json`. */
export function manifestJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(manifestSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
}

// The schema mirrors src/types.ts key for key: adding a field there without adding it here fails to compile.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
type AllTrue<T extends readonly boolean[]> = T extends readonly true[] ? true : false;
type Holds<T extends true> = T;
type ManifestMirrorsTypes = Holds<
  AllTrue<
    [
      SameKeys<OptionSpec, z.infer<typeof optionSchema>>,
      SameKeys<PositionalSpec, z.infer<typeof positionalSchema>>,
      SameKeys<CommandAnnotations, z.infer<typeof annotationsSchema>>,
      SameKeys<CommandSpec, z.infer<typeof commandSchema>>,
    ]
  >
>;
