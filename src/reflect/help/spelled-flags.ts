/**
 * Which flags a program's usage forms spell out, when they spell out all of them: other sources (its manual, fish's spec)
 * add none beyond those.
 */
import { optionsFromTokens } from './usage.js';
import { isCommandToken, isOptionsPlaceholder, tokenizeUsage, type UsageToken } from './usage-tokens.js';

/**
 * The flags usage forms spell out, when they spell out all of them: BSD's synopsis (`tmux [-2CDlNuVv] [-c shell-command]`),
 * no options placeholder. A manual's other flags are then its commands' (tmux's `-B sets a subscription…`), not the program's.
 */
export function spelledOutFlags(usage: readonly string[]): Set<string> | undefined {
  const flags = new Set<string>();
  for (const form of usage) {
    const tokens = tokenizeUsage(form);
    // `[command [flags]]` holds a command's flags, not the program's.
    const placeholder = (token: UsageToken): boolean => isOptionsPlaceholder(token) || (token.kind === 'group' && token.alternatives.some((alt) => !(alt[0] !== undefined && isCommandToken(alt[0])) && alt.some(isOptionsPlaceholder)));
    if (tokens.some(placeholder)) return undefined;
    const { entries, required } = optionsFromTokens(tokens);
    for (const spec of [...entries.map((entry) => entry.spec), ...required]) {
      for (const flag of spec.split(/[\s,=[]+/).filter((word) => /^--?\w/.test(word))) {
        flags.add(flag);
        // A cluster of letters (`-2CDlNuVv`) spells each.
        if (/^-\w{2,}$/.test(flag)) for (const letter of flag.slice(1)) flags.add(`-${letter}`);
      }
    }
  }
  return flags.size > 0 ? flags : undefined;
}
