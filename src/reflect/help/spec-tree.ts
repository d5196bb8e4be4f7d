/**
 * Assembles the crawled help pages into a CommandSpec tree: which options each command declares,
 * which the program's global options reach, and which commands run by themselves.
 */
import type { ArgvConventions, CommandSpec, OptionSpec } from '../../types.js';
import type { HelpPage, SubcommandEntry } from './page.js';
import { needsSubcommand, runsByItself, silentOnCommands } from './runnable.js';

/** One command as the crawl found it: its words after the program, its listing and its page (when read). */
export interface Visited {
  readonly words: readonly string[];
  readonly entry?: SubcommandEntry;
  readonly page?: HelpPage;
  readonly children: readonly Visited[];
  /** Listed, and left for a lazy crawl to read when it is asked for. */
  readonly pending?: true;
}

/** Global options as the crawl found them. */
export interface Globals {
  /** Listed as inherited or global by a command's own page (cobra's `Global Flags`, pip's `General Options`, `kubectl options`). */
  readonly inherited: readonly OptionSpec[];
  /** Listed on the program's page only (docker's `Global Options`, terraform's `Global options`). */
  readonly rootPage: readonly OptionSpec[];
}

/**
 * The CommandSpec tree. Global options join the root's own, and so reach every command. A command is
 * runnable when it has options of its own (not global ones) and a usage form that can go without a
 * subcommand, no subcommands, or usage forms that run it by itself; an unread command is never runnable, a
 * pending one (left for a lazy crawl to read) is until it is read.
 *
 * Options only the program's page lists are read before the subcommand only (`docker --debug ps`;
 * `docker ps --debug` is refused). Where options go right after the word that declares them
 * (`options: 'command'`: `terraform -chdir=x fmt`) they stay on the root; where they go last, every tool
 * would send them after its subcommand, so they stay only for a runnable root and are otherwise dropped.
 */
export function assembleSpec(program: string, root: Visited, globals: Globals, conventions: ArgvConventions): CommandSpec {
  const globalNames = new Set([...globals.inherited, ...globals.rootPage].map((option) => option.name));
  const inheritedNames = new Set(globals.inherited.map((option) => option.name));
  const build = (node: Visited, depth: number): CommandSpec => {
    if (node.pending) return pendingCommand(node);
    const page = node.page;
    const name = node.words[node.words.length - 1] ?? program;
    const subcommands = node.children.map((child) => build(child, depth + 1));
    const own = withSwitches(page?.options ?? [], node.entry?.switches);
    const path = [program, ...node.words];
    // Options of its own make a group runnable, unless every usage form requires a subcommand, or the program's names none: then they are the group's options for its commands.
    const ownOptions = page !== undefined && own.some((option) => !globalNames.has(option.name)) && !needsSubcommand(page, path) && !(depth === 0 && silentOnCommands(page, path));
    const runnable = page !== undefined && (ownOptions || subcommands.length === 0 || runsByItself(page, path));
    const rootOnly = globals.rootPage.filter((option) => !inheritedNames.has(option.name));
    const reaching = [...globals.inherited, ...(conventions.options === 'command' || runnable ? rootOnly : [])];
    const options = depth === 0 ? [...own, ...uniqueByName(reaching).filter((option) => !own.some((mine) => mine.name === option.name))] : own;
    const description = page?.description ?? node.entry?.description;
    return {
      name,
      ...(description !== undefined && description !== '' ? { description } : {}),
      ...(page?.examples !== undefined ? { examples: page.examples } : {}),
      runnable,
      options,
      positionals: page?.positionals ?? [],
      subcommands,
      ...(page?.passthrough !== undefined ? { passthrough: page.passthrough } : {}),
      // An alias runs the command too, so its parent must never send it as a positional.
      ...(node.entry?.aliases !== undefined && node.entry.aliases.length > 0 ? { aliases: [...node.entry.aliases] } : {}),
    };
  };
  return build(root, 0);
}

/** A command known by its listing alone: its name, line and aliases; a tool until it is read, since it may run. */
function pendingCommand(node: Visited): CommandSpec {
  const description = node.entry?.description;
  const aliases = node.entry?.aliases ?? [];
  return {
    name: node.words.at(-1) ?? '',
    ...(description !== undefined && description !== '' ? { description } : {}),
    runnable: true,
    pending: true,
    options: [],
    positionals: [],
    subcommands: [],
    ...(aliases.length > 0 ? { aliases: [...aliases] } : {}),
  };
}

function uniqueByName(options: readonly OptionSpec[]): OptionSpec[] {
  const seen = new Map<string, OptionSpec>();
  for (const option of options) if (!seen.has(option.name)) seen.set(option.name, option);
  return [...seen.values()];
}

/** The page's options and the switches its parent listed for it (`-sha256` for `openssl dgst`), the page's own first. */
function withSwitches(options: readonly OptionSpec[], switches: readonly string[] | undefined): readonly OptionSpec[] {
  if (switches === undefined) return options;
  const names = new Set(options.map((option) => option.name));
  const more = switches.filter((name) => !names.has(name)).map((name): OptionSpec => ({ name, type: 'boolean', flag: `-${name}` }));
  return [...options, ...more];
}
