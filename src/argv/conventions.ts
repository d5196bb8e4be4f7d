import type { ArgvConventions } from '../types.js';

/** What a command without reflected conventions gets (commander's): options after their word, `--` only before a positional that starts with `-`. */
export const DEFAULT_ARGV_CONVENTIONS: ArgvConventions = Object.freeze({ doubleDash: 'when-needed', options: 'command', falseValue: 'omit', shortValue: 'attached' });

/**
 * The conventions of each parser family, as its users type command lines. Reflection puts one of these
 * on the root of a spec; a manifest may override any field for the program or for one command.
 */
export const PARSER_CONVENTIONS = Object.freeze({
  /** commander: a subcommand's options after its word; `--` before a positional starting with `-` (commander 2's pm2 hands what follows `--` to the script it starts). */
  commander: DEFAULT_ARGV_CONVENTIONS,
  /** yargs fills a command's positionals only before `--`, and its arrays are greedy: options go last; `-n=5`, since `-n5` is a cluster. */
  yargs: Object.freeze({ doubleDash: 'never', options: 'end', falseValue: 'omit', shortValue: 'equals', yargsQuirks: true }),
  /** cobra/pflag: `kubectl create deployment web --image=nginx`; `--` only when needed (ArgsLenAtDash counts words before it). */
  cobra: Object.freeze({ doubleDash: 'when-needed', options: 'end', falseValue: 'explicit', shortValue: 'attached' }),
  /** GNU getopt_long, argparse, click, clap: options after the command word, `--` only before a positional starting with `-`. */
  getopt: Object.freeze({ doubleDash: 'when-needed', options: 'command', falseValue: 'omit', shortValue: 'attached' }),
  /** git: options before non-options (`git grep -n hi`), and after `--` come paths, so positionals go without it. */
  git: Object.freeze({ doubleDash: 'never', options: 'command', falseValue: 'omit', shortValue: 'attached' }),
  /** Go's flag package (terraform): one dash, `-x=false`, options stop at the first positional, globals before the subcommand. */
  goFlag: Object.freeze({ doubleDash: 'when-needed', options: 'command', falseValue: 'explicit', shortValue: 'equals' }),
} satisfies Record<string, ArgvConventions>);

export type ParserFamily = keyof typeof PARSER_CONVENTIONS;

/** The conventions of a child: its own fields over its parent's. */
export function inheritConventions(parent: ArgvConventions, own: Partial<ArgvConventions> | undefined): ArgvConventions {
  return own === undefined ? parent : { ...parent, ...own };
}
