/**
 * What the Python worker prints: the parser a program was about to parse with, as plain JSON. The
 * shapes follow the parser libraries' own objects (argparse's actions, click's params, optparse's options).
 */

/** One argparse action, its kind read from its class (`store_true` for `_StoreTrueAction`, `custom` for a program's own). */
export interface ArgparseAction {
  readonly kind: 'help' | 'version' | 'parsers' | 'boolean_optional' | 'extend' | 'append_const' | 'append' | 'count' | 'store_true' | 'store_false' | 'store_const' | 'store' | 'custom';
  readonly class: string;
  readonly option_strings: readonly string[];
  readonly dest: string;
  /** `null` (one value), a number, `?`, `*`, `+`, `...` (REMAINDER) or `A...` (subparsers). */
  readonly nargs: number | string | null;
  /** The type callable's name: `int`, `float`, `str`, `FileType`, a program's own function. */
  readonly type: string | null;
  readonly choices: readonly string[] | null;
  readonly required: boolean;
  /** With `%(default)s` and the like expanded. */
  readonly help: string | null;
  readonly hidden: boolean;
  readonly metavar: string | readonly string[] | null;
  /** Present when JSON-able and not `None`. */
  readonly default?: unknown;
  readonly version?: string;
  /** A subparsers action's commands, aliases grouped with the name they stand for. */
  readonly commands?: readonly ArgparseCommand[];
}

export interface ArgparseCommand {
  readonly name: string;
  readonly aliases: readonly string[];
  /** What the parent's listing says of it; absent when it is not listed. */
  readonly help: string | null;
  readonly hidden?: boolean;
  readonly parser: ArgparseParser;
}

export interface ArgparseParser {
  readonly prog: string;
  readonly description: string | null;
  readonly epilog: string | null;
  readonly prefix_chars: string;
  readonly actions: readonly ArgparseAction[];
  /** Mutually exclusive groups, by the members' dests. */
  readonly exclusive: readonly { readonly required: boolean; readonly members: readonly string[] }[];
  /** The help it prints (the root's only): commands a program dispatches by hand are listed there. */
  readonly help?: string;
}

export interface OptparseOption {
  readonly short: readonly string[];
  readonly long: readonly string[];
  /** `store`, `store_true`, `append`, `count`, `callback`, `help`, `version`, … */
  readonly action: string;
  readonly dest: string | null;
  /** `string`, `int`, `long`, `float`, `complex`, `choice`. */
  readonly type: string | null;
  readonly nargs: number | null;
  readonly takes_value: boolean;
  readonly choices: readonly string[] | null;
  readonly metavar: string | null;
  readonly hidden: boolean;
  readonly help: string | null;
  readonly default?: unknown;
}

export interface OptparseParser {
  readonly prog: string;
  readonly usage: string | null;
  readonly description: string | null;
  readonly epilog: string | null;
  readonly version: string | null;
  readonly interspersed: boolean;
  readonly options: readonly OptparseOption[];
  readonly help: string;
}

export interface ClickType {
  /** click's name for it: `text`, `integer`, `integer range`, `choice`, `boolean`, `path`, `filename`, … */
  readonly name: string | null;
  readonly class: string;
  readonly choices?: readonly string[] | null;
  readonly types?: readonly ClickType[];
}

export interface ClickParam {
  readonly kind: string;
  readonly name: string | null;
  readonly opts: readonly string[];
  /** A boolean flag's off switches: `--no-color`, `--safe`. */
  readonly secondary_opts: readonly string[];
  /** `-1` takes the rest. */
  readonly nargs: number;
  readonly multiple: boolean;
  readonly required: boolean;
  readonly type: ClickType;
  readonly expose_value: boolean;
  readonly is_eager: boolean;
  readonly envvar: string | null;
  readonly default?: unknown;
  readonly is_flag?: boolean;
  readonly is_bool_flag?: boolean;
  readonly count?: boolean;
  readonly hidden?: boolean;
  readonly help?: string | null;
  readonly prompt?: boolean;
}

export interface ClickCommand {
  readonly name: string | null;
  readonly help: string | null;
  readonly short_help: string | null;
  readonly epilog: string | null;
  readonly hidden: boolean;
  readonly deprecated: boolean;
  readonly params: readonly ClickParam[];
  readonly group: boolean;
  readonly invoke_without_command?: boolean;
  readonly commands?: readonly (ClickCommand & { readonly aliases: readonly string[] })[];
  readonly version?: string | null;
}

/** Where the worker stopped the program: the parse method it called (`parse_args`, `parse_known_args`, `main`, …). */
interface Stopped {
  readonly files: readonly string[];
  readonly via?: string;
}

/** The worker's one line of output. `files`: every module file the program loaded, for the cache's stamps. */
export type PythonAnswer =
  | ({ readonly ok: true; readonly kind: 'argparse'; readonly root: ArgparseParser } & Stopped)
  | ({ readonly ok: true; readonly kind: 'optparse'; readonly root: OptparseParser } & Stopped)
  | ({ readonly ok: true; readonly kind: 'click'; readonly root: ClickCommand } & Stopped)
  | { readonly ok: false; readonly reason: 'exited' | 'returned' | 'error'; readonly message: string; readonly code?: number; readonly files?: readonly string[] };
