/**
 * The neutral model every source is reflected into, and the shapes a call moves through.
 * Everything here is plain data: it serialises to JSON unchanged (a manifest is this tree).
 */

/** What one option's value is. `boolean` is a switch that takes no value. */
export type ValueType = 'boolean' | 'string' | 'number' | 'integer';

/** The sources beside a command's own help or parser that can add an option to it. */
export type OptionSource = 'man page' | 'fish completions' | 'completion protocol';

/** One option (flag) of a command. */
export interface OptionSpec {
  /**
   * The key in a call's `flags` object: the long name without dashes (`dry-run`), with `no-`
   * dropped for a negation (`--no-color` → `color`), or the short letter when there is no long name.
   */
  readonly name: string;
  readonly description?: string;
  /** The value's type; `boolean` for a switch. */
  readonly type: ValueType;
  /** The token that turns the option on or carries its value: `--dry-run` or `-n`. Absent for a lone `--no-x`. */
  readonly flag?: string;
  /** Other tokens of the same option (`-s` for `--server`): never sent, but denying any spelling denies the option. */
  readonly aliases?: readonly string[];
  /** The token that turns the option off (`--no-color`): what `false` renders to. */
  readonly negation?: string;
  /** A value option whose value may be left out (`--cheese [type]`): `true` renders the bare flag. */
  readonly optionalValue?: boolean;
  /**
   * How the value joins the flag, as the program's documentation writes this option: `equals` (`--out=FILE`),
   * `separate` (`--out FILE`, `-f fmt`, `-loglevel level`), `attached` (`-I<dir>`) or `colon` (Java's
   * `-verbose[:suboptions]`). Unset: the command's conventions decide. A value starting with `-` is sent joined
   * where the parser reads that, else refused.
   */
  readonly valueForm?: 'equals' | 'separate' | 'attached' | 'colon';
  /** The option as its documentation writes it (`-f fmt`, `--color[=WHEN]`): the evidence for `valueForm`. */
  readonly syntax?: string;
  /** Written after the operands by the program's usage (`unzip file [-d exdir]`, find's expression): sent after the positionals. */
  readonly afterOperands?: boolean;
  /**
   * Written among the operands, after `--`, by the program's usage (jo's `[--] [-s|-n|-b] [word...]`): a word of
   * `args` before the operand it applies to, never a flag; a call that sets it as a flag is refused, saying so.
   */
  readonly amongOperands?: boolean;
  /** Takes several values: the flag is repeated once per value. */
  readonly variadic?: boolean;
  /** Each use takes this many words after the flag (`--arg name value`: 2): the value is a list of words, a group per use. */
  readonly arity?: number;
  /**
   * The value is one run of words ended by a closing word (`-exec command ;`, qpdf's `--pages file … --`): the first
   * is added after the run unless the run already ends with one of them (find's `{} +`).
   */
  readonly closedBy?: readonly string[];
  /** Written only inside another option's closed run (qpdf's `--print` inside `--encrypt … --`): that option's name. */
  readonly inside?: string;
  /** Counted by repetition (yargs `count`, `-vvv` is 3): an `integer` n renders the flag n times. */
  readonly count?: boolean;
  /** The only values accepted. */
  readonly choices?: readonly string[];
  /** Values it takes, as its completions suggest them (fish's lists): shown to the model, not a closed set. */
  readonly examples?: readonly string[];
  /** The CLI's own default, published for the model; never sent on the command line. */
  readonly default?: unknown;
  /** The CLI refuses to run without it. */
  readonly required?: boolean;
  /** An environment variable the CLI reads this option from. */
  readonly env?: string;
  /** Only this command takes it: the commands under it do not inherit it (a yargs default command's options, `global: false`). */
  readonly local?: boolean;
  /** Where it was found, when not in the command's own help or parser: a program's man page, fish's completions of it, or cobra's completion protocol. */
  readonly source?: OptionSource;
  /** Turned on, the command runs until stopped (`--watch`, `--follow`): only a background run may set it. @default inferred from the name (watch, follow) */
  readonly follows?: boolean;
}

/** One positional argument of a command. */
export interface PositionalSpec {
  readonly name: string;
  readonly description?: string;
  /** The type its value is parsed to; positionals always travel as strings. */
  readonly type: Exclude<ValueType, 'boolean'>;
  readonly required: boolean;
  /** Takes the rest of the positionals; only the last one can. */
  readonly variadic: boolean;
  readonly choices?: readonly string[];
  readonly default?: unknown;
}

/** Hints a CLI author attaches to a command; they become MCP tool annotations. */
export interface CommandAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * How a program's own users lay out a command line, so argv is what a person would type. Reflected
 * per parser family (commander, yargs, cobra, getopt, git, Go's flag package, …) and overridable in a manifest.
 */
export interface ArgvConventions {
  /**
   * When `--` goes before the positionals: `always` (nothing after it can be read as an option);
   * `when-needed`, only when a positional starts with `-` (cobra counts the words before `--`, so
   * `kubectl create deployment web` must not get one); `never` (git reads paths after it, yargs fills
   * positionals only before it), and then a positional starting with `-` is refused.
   */
  readonly doubleDash: 'always' | 'when-needed' | 'never';
  /**
   * Where options go: `command`, right after the word of the command that declares them (getopt, git
   * and Go's flag package stop reading options at the first positional); `end`, after the positionals
   * (cobra, yargs: `kubectl create deployment web --image=nginx`).
   */
  readonly options: 'command' | 'end';
  /** What `false` renders to for a switch without a negation: nothing (`omit`), or `--x=false` (`explicit`: pflag, Go's flag). */
  readonly falseValue: 'omit' | 'explicit';
  /** How a one-letter option carries a value: `attached` (`-n5`: getopt, commander), `equals` (`-n=5`: Go's flag) or `separate` (`-n 5`: zstd). */
  readonly shortValue: 'attached' | 'equals' | 'separate';
  /**
   * How a long option carries a value: `equals` (`--name=v`, one token, so a value starting with `-` stays a value)
   * or `separate` (`--name v`: curl, whose parser knows no `=`). An optional value stays attached under
   * `separate` too: as a word of its own a parser would read it as a positional. @default 'equals'
   */
  readonly longValue?: 'equals' | 'separate';
  /**
   * The program reads argv with yargs-parser, which strips one pair of matching quotes from an option value,
   * reads a lone `-` positional as a switch and drops a last `--x=`: such values and positionals are refused,
   * and an empty list item is sent as `--x ""`. @default false
   */
  readonly yargsQuirks?: boolean;
}

/** Arguments a command hands on untouched to another program, after a literal `--` (`kubectl exec POD -- CMD…`). */
export interface PassthroughSpec {
  /** What the words are, as the usage line names them (`COMMAND`). */
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** A command and the commands under it, as the CLI declares them. */
export interface CommandSpec {
  /** This command's own name (the root's is the program name). */
  readonly name: string;
  readonly description?: string;
  /** Usage examples and other help text the CLI shows with this command. */
  readonly examples?: string;
  /** What the program's manual says of the command beyond its description: searched and described, never listed. */
  readonly details?: string;
  /** It does something when called (has an action); a group that only holds subcommands does not. */
  readonly runnable: boolean;
  /** Options declared on this command; subcommands inherit them. */
  readonly options: readonly OptionSpec[];
  readonly positionals: readonly PositionalSpec[];
  readonly subcommands: readonly CommandSpec[];
  readonly annotations?: CommandAnnotations;
  /** How argv is laid out for this command and those under it; unset fields come from the parent, then the defaults. */
  readonly argv?: Partial<ArgvConventions>;
  /** Words this command passes on after a literal `--`; a tool field of their own, never mixed with the positionals. */
  readonly passthrough?: PassthroughSpec;
  /** Other words that run this command (commander `.alias()`, yargs command aliases). */
  readonly aliases?: readonly string[];
  /** Words of subcommands the program runs but does not list (hidden ones, and their aliases): never tools, never sent as a positional. */
  readonly hiddenCommands?: readonly string[];
  /** It usually runs for minutes (builds, deploys): a task-capable client gets a task at once, and its tool says to start it in the background. @default false */
  readonly longRunning?: boolean;
  /** `off`: this command's calls run outside the sandbox, so what it starts in the background (a daemon) outlives the call. @default the server's level */
  readonly sandbox?: 'off';
  /**
   * Listed by its parent and not read yet (a lazy help crawl): its options, positionals and subcommands are
   * unknown until {@link ReadCommand} reads it, and it stands as a runnable command until then.
   */
  readonly pending?: true;
}

/**
 * Reads a pending command (its words after the program) and the groups above it, with `below` every command under it
 * too (`[]`: the whole tree): the whole tree with it read, and why it could not be, when its help did not read as help.
 */
export type ReadCommand = (words: readonly string[], options?: { readonly below?: boolean }) => Promise<{ readonly spec: CommandSpec; readonly failure?: string }>;

/** An option as one runnable command sees it: its own, or inherited from the command at `depth` in the path. */
export interface ScopedOption extends OptionSpec {
  /** Index into the command path of the command that declares it; argv places it right after that word. */
  readonly depth: number;
}

/** A runnable command flattened out of the tree: everything needed to make a tool and to call it. */
export interface RunnableCommand {
  /** Command words from the root, root included: `['kubectl', 'get']`. */
  readonly path: readonly string[];
  readonly description?: string;
  readonly examples?: string;
  readonly details?: string;
  /** Own and inherited options, ancestors first; a nearer declaration shadows a farther one of the same name. */
  readonly options: readonly ScopedOption[];
  readonly positionals: readonly PositionalSpec[];
  readonly annotations?: CommandAnnotations;
  /** It usually runs for minutes (see CommandSpec). */
  readonly longRunning?: boolean;
  /** Its calls run outside the sandbox (see CommandSpec). */
  readonly sandbox?: 'off';
  /** Not read yet (see CommandSpec): its tool is a placeholder to read before it is described or called. */
  readonly pending?: true;
  /** The argv conventions in force for this command, resolved from the root down. @default DEFAULT_ARGV_CONVENTIONS */
  readonly argv?: ArgvConventions;
  readonly passthrough?: PassthroughSpec;
  /** Words that run a command under this one (names, aliases, hidden ones): the program would dispatch a positional equal to one, so none is sent. */
  readonly subcommandNames?: readonly string[];
}

/** What a tool call carries once validated. */
export interface ToolInput {
  readonly flags: Readonly<Record<string, unknown>>;
  readonly args: readonly string[];
  /** Words for the command's passthrough, sent after a literal `--`. */
  readonly passthrough?: readonly string[];
}

/** What running the CLI produced. */
export interface ExecOutput {
  readonly stdout: string;
  readonly stderr: string;
  /** `null` when the process was ended by a signal. */
  readonly exitCode: number | null;
  /** The signal that ended the process, if one did. */
  readonly signal?: string;
  /** The call ran out of time and the process tree was stopped. */
  readonly timedOut: boolean;
  /** Output passed the byte cap and was cut. */
  readonly truncated: boolean;
  /** The output passed the total ceiling and the process tree was stopped. */
  readonly outputExceeded?: boolean;
  readonly durationMs: number;
  /** stdout parsed, when it is a JSON object or array shown whole. */
  readonly json?: unknown;
}

/** The outcome of one tool call, before it is shaped into an MCP result. */
export interface ToolResult {
  readonly isError: boolean;
  /** The process's output, when the CLI ran. */
  readonly output?: ExecOutput;
  /** A message for the model; when absent it is rendered from `output`. */
  readonly message?: string;
  /** The call waits for the user's approval: the transport asks this and retries the call with the answer. */
  readonly ask?: ApprovalQuestion;
  /** The machine-readable answer of a tool that runs no CLI (search, describe, read output). */
  readonly structured?: Readonly<Record<string, unknown>>;
  /** Where the whole of output cut to fit the result can be read, a stream each. */
  readonly links?: readonly OutputLink[];
}

/** A stream whose full output was kept on disk: readable in pages by URI. */
export interface OutputLink {
  readonly uri: string;
  readonly name: string;
  readonly description: string;
  readonly mimeType: string;
  /** Bytes kept. */
  readonly size: number;
}

/** What the user is asked before a call runs. */
export interface ApprovalQuestion {
  /** Binds the answer to this tool and this exact argv. */
  readonly key: string;
  readonly message: string;
}
