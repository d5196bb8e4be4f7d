/**
 * Options a parser hides from its help but the program's man page documents (yt-dlp's `--get-url`, listed
 * there with what replaces it): a user who reads the manual types them, and the program takes them. The
 * parser still says exactly how each parses; the man page says what it does.
 */
import type { OptionSpec } from '../../types.js';
import type { ArgparseParser, ClickCommand, OptparseParser, PythonAnswer } from './parser-tree.js';

type Parsed = PythonAnswer & { readonly ok: true };

/** Whether the root parser hides any option: only then is the man page worth reading. */
export function hidesOptions(answer: Parsed): boolean {
  if (answer.kind === 'argparse') return answer.root.actions.some((action) => action.hidden && action.option_strings.length > 0);
  if (answer.kind === 'optparse') return answer.root.options.some((option) => option.hidden);
  return answer.root.params.some((param) => param.hidden === true && param.opts.some((opt) => opt.startsWith('-')));
}

/** `answer` with the root's hidden options that `documented` names shown, each described as the man page describes it; and how many. */
export function revealDocumented(answer: Parsed, documented: readonly OptionSpec[]): { readonly answer: Parsed; readonly revealed: number } {
  const described = new Map<string, string>();
  for (const option of documented) {
    for (const flag of [option.flag, option.negation, ...(option.aliases ?? [])]) if (flag !== undefined) described.set(flag, option.description ?? '');
  }
  let revealed = 0;
  /** The man page's description of the first of `flags` it documents; undefined when it documents none. */
  const lookUp = (flags: readonly string[]): string | undefined => {
    const flag = flags.find((candidate) => described.has(candidate));
    if (flag === undefined) return undefined;
    revealed += 1;
    return described.get(flag);
  };
  if (answer.kind === 'argparse') {
    const root: ArgparseParser = { ...answer.root, actions: answer.root.actions.map((action) => reveal(action, action.option_strings, lookUp)) };
    return { answer: { ...answer, root }, revealed };
  }
  if (answer.kind === 'optparse') {
    const root: OptparseParser = { ...answer.root, options: answer.root.options.map((option) => reveal(option, [...option.short, ...option.long], lookUp)) };
    return { answer: { ...answer, root }, revealed };
  }
  const root: ClickCommand = { ...answer.root, params: answer.root.params.map((param) => (param.hidden === true ? reveal({ ...param, hidden: true }, [...param.opts, ...param.secondary_opts], lookUp) : param)) };
  return { answer: { ...answer, root }, revealed };
}

function reveal<T extends { readonly hidden: boolean; readonly help?: string | null }>(entry: T, flags: readonly string[], lookUp: (flags: readonly string[]) => string | undefined): T {
  if (!entry.hidden) return entry;
  const description = lookUp(flags);
  if (description === undefined) return entry;
  // A manual's table of replacements describes an option by the one to use instead (`--get-url  --print urls`).
  const help = description === '' ? null : description.startsWith('-') ? `Same as ${description}.` : description;
  return { ...entry, hidden: false, help };
}
