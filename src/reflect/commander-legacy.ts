/**
 * commander 2 to 6: no `Help` class, no `registeredArguments`, no `addHelpText`. What reflection needs
 * is read from the fields those majors keep (pinned by test/reflect/commander.test.ts against 2.20 and
 * 6.2), and handed on in the shape commander 7 and later give publicly.
 *
 * - 5 and 6: `_actionHandler`, `_executableHandler`, `_hidden`.
 * - 2 to 4: an action is a `command:<name>` listener on the parent (`command:*` on the root); an
 *   executable subcommand's name is in the parent's `_execs` (an object in 2, a Set in 3 and 4); `_noHelp` hides.
 * - All: `_args` (`{ name, required, variadic }`), `_argsDescription`, `_versionOptionName`, and help text
 *   printed by `on('--help')` listeners. 2's options have `bool` (false for `--no-x`) instead of `negate`;
 *   up to 2.15 their `required` and `optional` are numbers (`~flags.indexOf('<')`), booleans from 2.16 on.
 */
import { format } from 'node:util';
import type { CommanderArgument, CommanderCommand, CommandFacts } from './commander-types.js';
import type { CommanderOption } from './commander-option.js';

type Fields = Record<string, unknown>;

/** commander 7 and later have a `Help` class; older majors do not. */
export function isLegacyCommander(cmd: CommanderCommand): boolean {
  return typeof (cmd as unknown as Fields).createHelp !== 'function';
}

/** What an old command declares, as the modern reflection reads it. */
export function legacyFacts(cmd: CommanderCommand): CommandFacts {
  const fields = cmd as unknown as Fields;
  const version = fields._versionOptionName;
  const options = cmd.options.map(modernOption).filter((option) => option.attributeName() !== version && option.name() !== version);
  const args = Array.isArray(fields._args) ? (fields._args as readonly Fields[]) : [];
  const argsDescription = (fields._argsDescription ?? {}) as Fields;
  return {
    description: cmd.description() || undefined,
    examples: helpListenerText(cmd),
    runnable: isRunnable(cmd, args.length > 0),
    options,
    arguments: args.map((arg) => modernArgument(arg, argsDescription)),
    subcommands: cmd.commands.filter((sub) => !(sub as unknown as Fields)._hidden && !(sub as unknown as Fields)._noHelp),
  };
}

function isRunnable(cmd: CommanderCommand, hasArguments: boolean): boolean {
  const fields = cmd as unknown as Fields;
  if (typeof fields._actionHandler === 'function' || fields._executableHandler === true || cmd.commands.length === 0) return true;
  const parent = cmd.parent;
  const listens = (on: CommanderCommand, event: string): boolean => (on.listeners?.(event).length ?? 0) > 0;
  // 2–4's root action is a `command:*` listener, which programs also use to reject unknown commands: arguments tell them apart.
  if (!parent) return hasArguments && listens(cmd, 'command:*');
  const execs = (parent as unknown as Fields)._execs;
  const executable = execs instanceof Set ? execs.has(cmd.name()) : typeof execs === 'object' && execs !== null && Object.hasOwn(execs, cmd.name());
  return executable || listens(parent, `command:${cmd.name()}`);
}

function modernOption(raw: CommanderOption): CommanderOption {
  const fields = raw as unknown as Fields;
  const long = typeof fields.long === 'string' && fields.long.startsWith('--') ? fields.long : undefined;
  // 2 keeps a lone short flag (`-x`) in `long`.
  const short = typeof fields.short === 'string' ? fields.short : typeof fields.long === 'string' && !long ? fields.long : undefined;
  const name = long ? long.slice(2) : (short ?? '').replace(/^-/, '');
  return {
    description: typeof fields.description === 'string' ? fields.description : '',
    // 2.15 and older set these to `~flags.indexOf('<')`: a non-zero number, not `true`.
    required: isSet(fields.required),
    optional: isSet(fields.optional),
    variadic: fields.variadic === true,
    mandatory: fields.mandatory === true,
    short,
    long,
    negate: typeof fields.negate === 'boolean' ? fields.negate : fields.bool === false,
    defaultValue: fields.defaultValue,
    name: () => name,
    attributeName: () => raw.attributeName(),
  };
}

const isSet = (value: unknown): boolean => value === true || (typeof value === 'number' && value !== 0);

function modernArgument(raw: Fields, descriptions: Fields): CommanderArgument {
  const name = String(raw.name);
  const description = descriptions[name];
  return {
    description: typeof description === 'string' ? description : '',
    required: raw.required === true,
    variadic: raw.variadic === true,
    name: () => name,
  };
}

/** What the command's `on('--help')` listeners print (old majors' place for examples), captured from stdout. */
function helpListenerText(cmd: CommanderCommand): string | undefined {
  const listeners = cmd.listeners?.('--help') ?? [];
  if (listeners.length === 0) return undefined;
  let text = '';
  const stdout = process.stdout;
  const [write, log] = [stdout.write, console.log];
  stdout.write = ((chunk: string | Uint8Array) => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof stdout.write;
  // console.log too: a host such as a test runner may have replaced it with one that bypasses stdout.
  console.log = (...args: unknown[]) => void (text += `${format(...args)}\n`);
  try {
    for (const listener of listeners) {
      // A help listener that throws costs the examples, not the reflection.
      try {
        if (typeof listener === 'function') (listener as () => void).call(cmd);
      } catch {
        continue;
      }
    }
  } finally {
    stdout.write = write;
    console.log = log;
  }
  return text.trim() || undefined;
}
