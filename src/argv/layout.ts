import type { ArgvConventions } from '../types.js';

/** A call's argv before layout: each command word with the option tokens it declares, then positionals and passthrough. */
export interface ArgvParts {
  /** The command path from the root; the root's word is the program and is not sent. */
  readonly segments: readonly { readonly word: string; readonly options: readonly string[] }[];
  readonly positionals: readonly string[];
  readonly passthrough: readonly string[];
  /** The program's name, for messages. */
  readonly program: string;
}

/**
 * Lays the parts out as the program's users type them. Whatever the conventions, a positional starting
 * with `-` either follows a `--` or is refused, so before the first `--` every token starting with `-` is
 * an option token or (where values are separate words) an option's value, which the argv policy may
 * refuse as if it were a flag: it fails closed.
 */
export function layOut(parts: ArgvParts, conventions: ArgvConventions): { ok: true; argv: string[] } | { ok: false; message: string } {
  const { positionals, passthrough } = parts;
  const dashed = positionals.findIndex((arg) => arg.startsWith('-') && arg !== '-');
  if (dashed !== -1 && (conventions.doubleDash === 'never' || passthrough.length > 0)) {
    const why = passthrough.length > 0 ? 'its `--` introduces the passthrough words' : 'it does not read positionals after `--`';
    return { ok: false, message: `args[${dashed}] ${JSON.stringify(positionals[dashed])} starts with "-": ${parts.program} would read it as an option, and ${why}. Pass it another way (an option's value, or a path such as ./${positionals[dashed]}).` };
  }
  const dash = positionals.length > 0 && passthrough.length === 0 && (conventions.doubleDash === 'always' || dashed !== -1);
  const words = parts.segments.slice(1).map((segment) => segment.word);
  const options = parts.segments.flatMap((segment) => segment.options);
  // Options go last only where no `--` separates the positionals: after it they would be positionals too.
  const argv =
    conventions.options === 'end' && !dash
      ? [...words, ...positionals, ...options]
      : [...parts.segments.flatMap((segment, depth) => (depth === 0 ? segment.options : [segment.word, ...segment.options])), ...(dash ? ['--'] : []), ...positionals];
  if (passthrough.length > 0) argv.push('--', ...passthrough);
  return { ok: true, argv };
}
