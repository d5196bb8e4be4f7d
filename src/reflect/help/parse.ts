/**
 * Parses one help text into a HelpPage with the parser of its dialect (detected unless given).
 * Never throws: text no parser understands gives a page with nothing in it.
 */
import { parseArgparse } from './argparse.js';
import { parseClap } from './clap.js';
import { parseClick } from './click.js';
import { parseCobra } from './cobra.js';
import { detectDialect } from './detect.js';
import { parseGit } from './git.js';
import { parseGnu } from './gnu.js';
import { parseGoFlag } from './goflag.js';
import { markInside } from './inside-runs.js';
import type { HelpDialect, HelpPage, ParseContext } from './page.js';

const PARSERS: Readonly<Record<HelpDialect, (text: string, context: ParseContext) => HelpPage>> = {
  cobra: parseCobra,
  gnu: parseGnu,
  git: parseGit,
  argparse: parseArgparse,
  click: parseClick,
  clap: parseClap,
  goflag: parseGoFlag,
};

export interface ParseHelpOptions extends ParseContext {
  /** Skip detection and read the text as this dialect. */
  readonly dialect?: HelpDialect;
}

/**
 * @example parseHelp(kubectlGetHelp, { path: ['kubectl', 'get'] }).options.find((o) => o.name === 'output')
 */
export function parseHelp(text: string, options: ParseHelpOptions = {}): HelpPage & { readonly dialect: HelpDialect } {
  const dialect = options.dialect ?? detectDialect(text);
  const context: ParseContext = options.path !== undefined ? { path: options.path } : {};
  return { ...markInside(PARSERS[dialect](text, context), text), dialect };
}

/** The page says something a help page says: a usage line, options or subcommands. */
export function looksLikeHelp(page: HelpPage): boolean {
  return page.usage.length > 0 || page.options.length > 0 || page.subcommands.length > 0 || page.globalOptions.length > 0;
}
