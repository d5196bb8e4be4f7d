/**
 * What one help page says about one command: the partial CommandSpec a dialect parser produces.
 * The crawler assembles pages into a CommandSpec tree.
 */
import type { OptionSpec, PassthroughSpec, PositionalSpec } from '../../types.js';

/** The help-text conventions a parser knows. */
export type HelpDialect = 'cobra' | 'gnu' | 'git' | 'argparse' | 'click' | 'clap' | 'goflag';

export const HELP_DIALECTS: readonly HelpDialect[] = ['cobra', 'gnu', 'git', 'argparse', 'click', 'clap', 'goflag'];

/** A subcommand as its parent's help lists it. */
export interface SubcommandEntry {
  readonly name: string;
  readonly description?: string;
  readonly aliases?: readonly string[];
  /** The parent's usage line for it, when the parent shows one (git's `or: git remote add …`, commander's `greet [options] <name>` with the parent's path before it). */
  readonly usage?: string;
  /** Switches the parent's listing names for it, which its own page writes as `-*` (openssl's digests for `dgst`). */
  readonly switches?: readonly string[];
  /** Named only by the parent's usage forms (`npm cache add <package-spec>`): where its help is the parent's page, that page is read at its path. */
  readonly fromForms?: true;
}

/** One parsed help page. */
export interface HelpPage {
  /** The command's own word: the last word of the usage line's command path. */
  readonly name?: string;
  readonly description?: string;
  /** The usage forms, one string each, as printed (continuation lines joined). */
  readonly usage: readonly string[];
  readonly examples?: string;
  /** Options this command declares. */
  readonly options: readonly OptionSpec[];
  /** Options the page lists as inherited or global (cobra's `Global Flags:`, docker's `Global Options:`). */
  readonly globalOptions: readonly OptionSpec[];
  readonly positionals: readonly PositionalSpec[];
  readonly subcommands: readonly SubcommandEntry[];
  /** Words the command hands to another program after a literal `--` (`kubectl exec POD -- COMMAND [args...]`). */
  readonly passthrough?: PassthroughSpec;
}

/** What a dialect parser is told besides the text. */
export interface ParseContext {
  /** The command words from the program on (`['kubectl', 'get']`), when known; else read from the usage line. */
  readonly path?: readonly string[];
}
