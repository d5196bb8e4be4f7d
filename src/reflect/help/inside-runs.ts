/**
 * Options a topic help says are written only inside another option's closed run: qpdf's "The options listed
 * below appear between --add-attachment and its terminating "--"", or a topic whose usage line is
 * `--encrypt user-password owner-password key-length [options] --` and which then lists its options.
 */
import type { OptionSpec } from '../../types.js';
import type { HelpPage } from './page.js';

/** A topic's title line: `== encryption (create encrypted files) ==`. */
const TOPIC = /^== .+ ==$/m;
const BETWEEN = /\bappear between (--[\w-]+) and\s+its\s+terminating\b/;
const RUN_USAGE = /^(--[\w-]+) [^\n]*\[options\] --$/m;
const ENTRY = /^\s+(--[\w-]+)(?=[=:\s[]|$)/gm;

/** The page with each option its topic places inside a closed run marked `inside` that run's option. */
export function markInside(page: HelpPage, text: string): HelpPage {
  if (!TOPIC.test(text)) return page;
  const parentOf = new Map<string, string>();
  for (const topic of text.split(/^(?=== .+ ==$)/m)) {
    const parent = BETWEEN.exec(topic)?.[1] ?? RUN_USAGE.exec(topic)?.[1];
    if (parent === undefined) continue;
    for (const [, flag] of topic.matchAll(ENTRY)) if (flag !== undefined && flag !== parent) parentOf.set(flag, parent);
  }
  if (parentOf.size === 0) return page;
  const runs = new Map(page.options.filter((option) => option.closedBy !== undefined && option.flag !== undefined).map((option) => [option.flag, option.name]));
  const mark = (option: OptionSpec): OptionSpec => {
    const parent = option.flag === undefined ? undefined : runs.get(parentOf.get(option.flag) ?? '');
    return parent === undefined || option.closedBy !== undefined ? option : { ...option, inside: parent };
  };
  return { ...page, options: page.options.map(mark) };
}
