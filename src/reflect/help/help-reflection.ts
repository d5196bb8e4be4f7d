/** What reading a program's help gives: the tree, how it was read, and for a lazy crawl the reader of its pending commands. */
import type { CommandSpec, ReadCommand } from '../../types.js';
import type { CrawlBound } from './budget.js';
import type { CachedHelp } from './cache.js';

/** What was read, as the cache keeps it (dialect, pages, sources, commands not read). */
export interface HelpReflection extends Pick<CachedHelp, 'dialect' | 'pages' | 'sources' | 'unread' | 'unreadDetail'> {
  readonly spec: CommandSpec;
  readonly fromCache: boolean;
  readonly durationMs: number;
  /** The program's version, as `--version` prints it (`2.39.5` from `git version 2.39.5`), when it says one. */
  readonly version?: string;
  /** The bounds the crawl reached, when it stopped early: the tree is what was read by then. */
  readonly partial?: readonly CrawlBound[];
  /** A lazy crawl's reader of its pending commands (`lazy`, and no full crawl cached). */
  readonly reader?: ReadCommand;
}
