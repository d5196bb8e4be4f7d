import { DEFAULTS, type DiscoveryChoice } from '../options.js';
/** How tools reach the model: one per command, a few meta-tools to search and run, or one per command group. */
export type DiscoveryMode = 'all' | 'search' | 'groups';
export type { DiscoveryChoice };

/** The largest `tools/list` (all pages) `auto` serves as one tool per command, in estimated tokens (the options table's). */
export const DEFAULT_LIST_BUDGET_TOKENS = DEFAULTS.listBudgetTokens;

/**
 * Estimated model tokens of a JSON value as a client sends it: a quarter of its UTF-8 bytes. Rough
 * (tokenisers differ), but one count used everywhere: the budget, the README's figures and the tests.
 */
export function estimateTokens(value: unknown): number {
  return Math.ceil(Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value)) / 4);
}
