/**
 * Where a crawl is cached: the program's build (real path, mtime, size, what `--version` prints), the crawl's
 * settings, and fish's spec of it (a package of its own, updated apart from the program). A native binary is also
 * found under a key made without running it (see native-identity.ts).
 */
import { identify } from './binary.js';
import { cacheKey } from './cache.js';
import { fishSpecIdentity } from './fish-completions.js';
import type { HelpCall } from './fetch-page.js';
import { nativeIdentity } from './native-identity.js';
import type { HelpDialect } from './page.js';
import { programVersion } from './program-version.js';

/** The crawl settings a cached crawl was read with. */
export interface KeySettings {
  readonly maxDepth: number;
  readonly timeoutMs: number;
  readonly maxPages: number;
  readonly maxPageBytes: number;
  readonly maxBytes: number;
  readonly maxCommands: number;
  readonly callTimeoutMs: number;
  readonly only?: readonly string[];
  readonly dialect?: HelpDialect;
}

/** The cache key, and the version `--version` printed. */
export async function crawlKey(call: HelpCall, settings: KeySettings): Promise<{ readonly key: string; readonly version?: string }> {
  const identity = await identify(call.file);
  const { said, version } = await programVersion(call, settings.callTimeoutMs);
  return { key: cacheKey({ ...identity, version: said, ...settingsPart(settings), fish: fishSpecIdentity(call.program) }), ...(version === undefined ? {} : { version }) };
}

/** The key a native binary, or a build its caller identifies, is found under without running it; undefined for any other script. */
export async function cheapCrawlKey(call: HelpCall, settings: KeySettings, buildKey?: string): Promise<string | undefined> {
  const identity = buildKey === undefined ? await nativeIdentity(call.file) : { build: buildKey };
  return identity === undefined ? undefined : cacheKey({ cheap: identity, ...settingsPart(settings), fish: fishSpecIdentity(call.program) });
}

function settingsPart(settings: KeySettings): Record<string, unknown> {
  const { timeoutMs, maxPages, maxPageBytes, maxBytes, maxCommands } = settings;
  return { maxDepth: settings.maxDepth, only: settings.only ?? null, dialect: settings.dialect ?? null, bounds: { timeoutMs, maxPages, maxPageBytes, maxBytes, maxCommands } };
}
