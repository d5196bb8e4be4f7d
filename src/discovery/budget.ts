/** How tools reach the model: one per command, a few meta-tools to search and run, or one per command group. */
export type DiscoveryMode = 'all' | 'search' | 'groups';
/** `auto` is `all` while its list fits the budget, else `search`. */
export type DiscoveryChoice = DiscoveryMode | 'auto';
export const DISCOVERY_CHOICES: readonly DiscoveryChoice[] = ['auto', 'all', 'search', 'groups'];

/** The largest `tools/list` (all pages) `auto` serves as one tool per command, in estimated tokens. */
export const DEFAULT_LIST_BUDGET_TOKENS = 16_000;

/**
 * Estimated model tokens of a JSON value as a client sends it: a quarter of its UTF-8 bytes. Rough
 * (tokenisers differ), but one count used everywhere: the budget, the README's figures and the tests.
 */
export function estimateTokens(value: unknown): number {
  return Math.ceil(Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value)) / 4);
}
