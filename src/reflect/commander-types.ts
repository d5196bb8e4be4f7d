/**
 * The structural types of commander's objects that reflection reads (any copy and major of commander fits),
 * and the facts read from one command.
 */
import type { CommanderOption, ParseArg } from './commander-option.js';

/** The public members of a commander `Argument` that reflection reads. */
export interface CommanderArgument {
  readonly description: string;
  readonly required: boolean;
  readonly variadic: boolean;
  readonly defaultValue?: unknown;
  readonly parseArg?: ParseArg | undefined;
  readonly argChoices?: readonly string[] | undefined;
  name(): string;
}

/** The part of commander's `Help` that decides what a user sees. */
export interface CommanderHelp {
  visibleCommands(cmd: CommanderCommand): readonly object[];
  visibleOptions(cmd: CommanderCommand): readonly object[];
}

/**
 * The public members of a commander `Command` that reflection reads. Structural: the user's own
 * commander instance fits without being the same copy of the package as ours. commander 2 to 6 lack
 * `createHelp`, `summary` and `registeredArguments`; commander-legacy.ts reads those majors.
 */
export interface CommanderCommand {
  readonly commands: readonly CommanderCommand[];
  readonly options: readonly CommanderOption[];
  /** Missing before commander 11.1 (see `argumentsOf`). */
  readonly registeredArguments?: readonly CommanderArgument[];
  /** The command this one was added to; `null` (or absent) for a root. */
  readonly parent?: CommanderCommand | null;
  name(): string;
  description(): string;
  /** Missing before commander 8. */
  readonly summary?: () => string;
  /** Missing before commander 7. */
  readonly createHelp?: () => CommanderHelp;
  /** The version string `program.version('…')` set, if any. */
  readonly version?: () => string | undefined;
  /** Other words that run it (`.alias()`); missing before commander 5. */
  readonly aliases?: () => readonly string[];
  /** EventEmitter's, which commander's typings leave out; `addHelpText` registers listeners. */
  readonly listeners?: (event: string) => readonly unknown[];
}

/** What reflection reads from one command, whichever commander major built it. */
export interface CommandFacts {
  readonly description: string | undefined;
  readonly examples: string | undefined;
  readonly runnable: boolean;
  /** Visible options, help and version left out. */
  readonly options: readonly CommanderOption[];
  readonly arguments: readonly CommanderArgument[];
  /** Visible subcommands. */
  readonly subcommands: readonly CommanderCommand[];
}
