import type { ArgvConventions } from '../types.js';

/** An optional-value option given `true`: its bare flag, which a parser completes with the next word unless an option token follows. */
export interface BareFlag {
  readonly token: string;
  /** The option's key in `flags`, for messages. */
  readonly name: string;
}

/** One command word with the option tokens of the options it declares. */
export interface Segment {
  readonly word: string;
  /** Bare optional-value flags; laid out before the other option tokens. */
  readonly bare: readonly BareFlag[];
  readonly options: readonly string[];
}

/** A call's argv before layout: each command word with the option tokens it declares, then positionals and passthrough. */
export interface ArgvParts {
  /** The command path from the root; the root's word is the program and is not sent. */
  readonly segments: readonly Segment[];
  readonly positionals: readonly string[];
  readonly passthrough: readonly string[];
  /** The program's name, for messages. */
  readonly program: string;
  /** Words that run a command under this one: the program would dispatch a positional equal to one. */
  readonly subcommandNames: readonly string[];
  /** Option tokens the usage writes after the operands (`unzip file [-d exdir]`, find's expression): laid out after the positionals. */
  readonly trailing: readonly string[];
}

type Laid = { ok: true; argv: string[] } | { ok: false; message: string };

/**
 * Lays the parts out as the program's users type them. Whatever the conventions, a positional starting
 * with `-` either follows a `--` or is refused, so before the first `--` every token starting with `-` is
 * an option token or (where values are separate words) an option's value, which the argv policy may
 * refuse as if it were a flag: it fails closed. A bare optional-value flag is followed by an option token,
 * `--` or nothing, else the call is refused.
 */
export function layOut(parts: ArgvParts, conventions: ArgvConventions): Laid {
  const { positionals, passthrough } = parts;
  const refused = refusePositionals(parts, conventions);
  if (refused !== undefined) return { ok: false, message: refused };
  const dashed = positionals.findIndex((arg) => arg.startsWith('-') && arg !== '-');
  // A bare optional-value flag right before the positionals would take the first one: `--` keeps it a positional.
  const last = parts.segments.at(-1);
  const bareLast = last !== undefined && last.options.length === 0 && last.bare.length > 0 && conventions.options === 'command';
  const dash = positionals.length > 0 && passthrough.length === 0 && (conventions.doubleDash === 'always' || dashed !== -1 || (bareLast && conventions.doubleDash === 'when-needed'));
  const words = parts.segments.slice(1).map((segment) => segment.word);
  const tokensOf = (segment: Segment): string[] => [...segment.bare.map((flag) => flag.token), ...segment.options];
  // Options go last only where no `--` separates the positionals: after it they would be positionals too.
  const argv =
    conventions.options === 'end' && !dash
      ? [...words, ...positionals, ...parts.segments.flatMap((segment) => segment.bare.map((flag) => flag.token)), ...parts.segments.flatMap((segment) => segment.options)]
      : [...parts.segments.flatMap((segment, depth) => (depth === 0 ? tokensOf(segment) : [segment.word, ...tokensOf(segment)])), ...(dash ? ['--'] : []), ...positionals];
  if (parts.trailing.length > 0) {
    if (dash) {
      const why = dashed !== -1 ? `args[${dashed}] ${JSON.stringify(positionals[dashed])} starts with "-", so the positionals go after "--"` : 'its positionals go after "--"';
      return { ok: false, message: `${parts.program} reads ${parts.trailing[0] ?? ''} after its operands, but ${why}, where it would read that option as an operand too. Pass the argument another way (a path such as ./${positionals[Math.max(dashed, 0)] ?? ''}), or leave the option out.` };
    }
    argv.push(...parts.trailing);
  }
  if (passthrough.length > 0) argv.push('--', ...passthrough);
  const swallowed = swallowedWord(argv, parts);
  return swallowed === undefined ? { ok: true, argv } : { ok: false, message: swallowed };
}

/** Why a positional cannot reach the program as a positional, or undefined. */
function refusePositionals(parts: ArgvParts, conventions: ArgvConventions): string | undefined {
  const { positionals, passthrough, program } = parts;
  const dashed = positionals.findIndex((arg) => arg.startsWith('-') && arg !== '-');
  if (dashed !== -1 && (conventions.doubleDash === 'never' || passthrough.length > 0)) {
    const why = passthrough.length > 0 ? 'its `--` introduces the passthrough words' : 'it does not read positionals after `--`';
    return `args[${dashed}] ${JSON.stringify(positionals[dashed])} starts with "-": ${program} would read it as an option, and ${why}. Pass it another way (an option's value, or a path such as ./${positionals[dashed]}).`;
  }
  // commander and yargs dispatch a subcommand from a positional, even after `--`.
  const names = new Set(parts.subcommandNames);
  const [field, words] = positionals.length > 0 ? ['args', positionals] : ['passthrough', passthrough];
  const named = words.findIndex((word) => names.has(word));
  if (named !== -1) {
    return `${field}[${named}] ${JSON.stringify(words[named])} names a command of ${program}: it would run that command instead of receiving the word as an argument. To run that command, call its own tool; this exact word cannot be passed as an argument here.`;
  }
  // yargs reads a lone `-` before `--` as a switch, not as the positional; after `--` it stays a word.
  const lone = positionals.indexOf('-');
  if (conventions.yargsQuirks === true && lone !== -1 && conventions.doubleDash !== 'always') {
    return `args[${lone}] "-" cannot be passed: ${program} parses with yargs, which does not read a lone "-" as an argument. Pass a file path instead.`;
  }
  const renumbered = conventions.yargsQuirks === true ? positionals.findIndex(changedByNumbers) : -1;
  if (renumbered !== -1) {
    const text = positionals[renumbered] ?? '';
    return `args[${renumbered}] ${JSON.stringify(text)} would reach ${program} as the number ${Number(text)}: yargs reads positionals that look like numbers as numbers. Pass "${Number(text)}" if that is what you mean.`;
  }
  return undefined;
}

/** yargs-parser reads a positional that looks like a safe number as that number (`0x1` → 1, `1.0` → 1): true where its text changes. */
function changedByNumbers(text: string): boolean {
  const numeric = /^0x[0-9a-f]+$/i.test(text) || (!/^0[^.]/.test(text) && /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/.test(text));
  return numeric && Number.isSafeInteger(Math.floor(Number.parseFloat(text))) && String(Number(text)) !== text;
}

/** The message when a bare optional-value flag would take the next word as its value, or undefined. */
function swallowedWord(argv: readonly string[], parts: ArgvParts): string | undefined {
  const bare = new Map(parts.segments.flatMap((segment) => segment.bare.map((flag) => [flag.token, flag.name] as const)));
  for (const [index, token] of argv.entries()) {
    const name = bare.get(token);
    const next = argv[index + 1];
    // An option token (or `--`) after it is never read as its value; `-` alone and any other word are.
    if (name === undefined || next === undefined || (next.length > 1 && next.startsWith('-'))) continue;
    return `flags.${name} is true, which sends the bare ${token}, and ${parts.program} would read the next word ${JSON.stringify(next)} as its value. Pass flags.${name} a value instead of true.`;
  }
  return undefined;
}
