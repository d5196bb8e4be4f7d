/** What a usage form hands to another program after a literal `--` (kubectl's `-- COMMAND [args...]`): a passthrough. */
import type { PassthroughSpec } from '../../types.js';
import { firstWord, isOptionPlace, usageText, type UsageToken } from './usage-tokens.js';

/**
 * Splits off what a form hands to another program after a literal `--`: kubectl's `-- COMMAND [args...]`,
 * `-- [COMMAND] [args...]` and `[ -- COMMAND [args...] ]`. The words before it are the form's own.
 */
export function splitPassthrough(tokens: readonly UsageToken[]): { tokens: UsageToken[]; passthrough?: PassthroughSpec } {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as UsageToken;
    if (token.kind === 'word' && token.text === '--') {
      const passthrough = passthroughOf(tokens.slice(i + 1), true);
      if (passthrough !== undefined) return { tokens: tokens.slice(0, i), passthrough };
    }
    const inner = token.kind === 'group' && token.open === '[' && token.alternatives.length === 1 ? token.alternatives[0] : undefined;
    if (inner?.[0]?.kind === 'word' && inner[0].text === '--') {
      const passthrough = passthroughOf(inner.slice(1), false);
      if (passthrough !== undefined) return { tokens: [...tokens.slice(0, i), ...tokens.slice(i + 1)], passthrough };
    }
  }
  return { tokens: [...tokens] };
}

function passthroughOf(after: readonly UsageToken[], required: boolean): PassthroughSpec | undefined {
  // kubectl ends every form with `[options]`; that belongs to kubectl, not to the command run.
  const words = after.filter((token) => !isOptionPlace(token));
  const first = words[0];
  const name = firstWord(first)?.replace(/^<(.*)>$/, '$1').replace(/(\.\.\.|…)$/, '');
  if (first === undefined || name === undefined || !/^[\w-]+$/.test(name)) return undefined;
  return {
    name,
    description: `What follows "--" in the usage: ${usageText(words)}`,
    required: required && first.kind === 'word',
  };
}
