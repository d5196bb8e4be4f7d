/**
 * A program that parses with argparse's parse_known_args may hand what its parser does not know on to
 * another program (yq to jq): those options are documented only in its help. They are added from the help
 * text's reading, command by command; what the parser declares stays as the parser says.
 */
import type { CommandSpec, OptionSpec } from '../../types.js';

const spellings = (option: OptionSpec): string[] => [option.flag, option.negation, ...(option.aliases ?? [])].filter((flag): flag is string => flag !== undefined);

/** `parsed` with the options `help` documents under a spelling the parser does not know, and how many were added. */
export function withHandedOn(parsed: CommandSpec, help: CommandSpec): { readonly spec: CommandSpec; readonly added: number } {
  const known = new Set(parsed.options.flatMap(spellings));
  const names = new Set(parsed.options.map((option) => option.name));
  const extra = help.options.filter((option) => !names.has(option.name) && spellings(option).length > 0 && !spellings(option).some((flag) => known.has(flag)));
  let added = extra.length;
  const subcommands = parsed.subcommands.map((sub) => {
    const match = help.subcommands.find((candidate) => candidate.name === sub.name);
    if (match === undefined) return sub;
    const merged = withHandedOn(sub, match);
    added += merged.added;
    return merged.spec;
  });
  return { spec: { ...parsed, options: [...parsed.options, ...extra], subcommands }, added };
}
