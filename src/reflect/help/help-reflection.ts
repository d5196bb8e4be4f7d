/** What reading a program's help gives: the tree, how it was read, and for a lazy crawl the reader of its pending commands. */
import type { CommandSpec, ReadCommand } from '../../types.js';
import type { CrawlBound } from './budget.js';
import type { UnreadCommand } from './cache.js';
import type { HelpDialect } from './page.js';

export interface HelpReflection {
  readonly spec: CommandSpec;
  readonly dialect: HelpDialect;
  /** Help pages read (by the crawl that filled the cache, on a cache hit). */
  readonly pages: number;
  /** The sources read: `help`; `man page` when the program's man page added to it or stood in for it; `fish completions` when fish's spec added options or their choices. */
  readonly sources: readonly string[];
  /** Commands listed but not read, so not exposed. */
  readonly unread: readonly UnreadCommand[];
  /** Commands exposed from their short help alone: the man page that completes it could not be read (no man, or pages not installed). */
  readonly unreadDetail: readonly string[];
  readonly fromCache: boolean;
  readonly durationMs: number;
  /** The program's version, as `--version` prints it (`2.39.5` from `git version 2.39.5`), when it says one. */
  readonly version?: string;
  /** The bounds the crawl reached, when it stopped early: the tree is what was read by then. */
  readonly partial?: readonly CrawlBound[];
  /** A lazy crawl's reader of its pending commands (`lazy`, and no full crawl cached). */
  readonly reader?: ReadCommand;
}
