/**
 * What one help crawl may spend: time, pages read, bytes of help read, and commands kept in the tree.
 * The first bound reached ends the crawl early; what was read by then is the (partial) result.
 */

/** A bound a crawl can reach: `time`, `pages` read, `bytes` of help read, `commands` kept in the tree. */
export type CrawlBound = 'time' | 'pages' | 'bytes' | 'commands';

export interface CrawlLimits {
  readonly timeoutMs: number;
  readonly maxPages: number;
  readonly maxBytes: number;
  readonly maxCommands: number;
}

export interface CrawlBudget {
  /** The `performance.now()` time no help call runs past. */
  readonly deadline: number;
  /** The bound that forbids reading another page, if one does. */
  exhausted(): CrawlBound | undefined;
  /** Counts a page about to be asked for: no more than `maxPages` are, however many run at once. */
  begin(): void;
  /** Counts the text of a page read. */
  spend(textLength: number): void;
  /** How many of `count` more listed commands fit in the tree: at least one, so the tree grows by at most a command a page past the limit. */
  admit(count: number): number;
  /** Listed commands left out of the tree (none of them is counted in `unread`). */
  readonly leftOut: number;
  /** The bounds reached, in the order they were. */
  readonly reached: readonly CrawlBound[];
}

export function crawlBudget(limits: CrawlLimits, started: number): CrawlBudget {
  const deadline = started + limits.timeoutMs;
  const reached: CrawlBound[] = [];
  const reach = (bound: CrawlBound): CrawlBound => {
    if (!reached.includes(bound)) reached.push(bound);
    return bound;
  };
  let pages = 0;
  let bytes = 0;
  let commands = 1;
  let leftOut = 0;
  return {
    deadline,
    exhausted() {
      if (performance.now() >= deadline) return reach('time');
      if (pages >= limits.maxPages) return reach('pages');
      if (bytes >= limits.maxBytes) return reach('bytes');
      return undefined;
    },
    begin() {
      pages += 1;
    },
    spend(textLength) {
      bytes += textLength;
    },
    admit(count) {
      // Each page keeps its first command at least, so a group never reads as a command that runs alone.
      const fit = Math.min(count, Math.max(1, limits.maxCommands - commands));
      if (fit < count) {
        reach('commands');
        leftOut += count - fit;
      }
      commands += fit;
      return fit;
    },
    get leftOut() {
      return leftOut;
    },
    reached,
  };
}

const BOUND_WORDS: Readonly<Record<CrawlBound, (limits: CrawlLimits) => string>> = {
  time: (limits) => `the time limit (${limits.timeoutMs} ms)`,
  pages: (limits) => `the page limit (${limits.maxPages} pages)`,
  bytes: (limits) => `the help-text limit (${limits.maxBytes} bytes)`,
  commands: (limits) => `the command limit (${limits.maxCommands} commands)`,
};

/** The warning for a partial crawl: which bounds it reached. */
export function partialWarning(program: string, reached: readonly CrawlBound[], limits: CrawlLimits, cached: boolean): string {
  const bounds = reached.map((bound) => BOUND_WORDS[bound](limits)).join(' and ');
  const when = cached ? 'the cached crawl' : 'the crawl';
  return `warning: ${when} of ${program}'s help stopped at ${bounds}: the tools are a partial list`;
}
