/**
 * Per-CLI refusals checked on the built argv just before spawning: flags the model may never pass,
 * in every spelling the CLI's parser would still accept, and launch targets that cannot be spawned safely.
 */
import { CliMcpError } from '../errors.js';
import type { OptionSpec } from '../types.js';
import { validateCommandRules, type ArgvCheck, type CommandRule } from './command-policy.js';

/** What a CLI must never receive from the model. */
export interface ArgvPolicy {
  /**
   * Flags the model may never pass, e.g. `['--kubeconfig', '-s', '--server']`. A long flag is also
   * matched in `=` form, in single-dash form (`-server`, Go's `flag` package) and, unless
   * `abbreviations` is false, by abbreviation (`--kubec`); a short one is matched anywhere inside a
   * cluster (`-xs`, `-sVALUE`, `-s=VALUE`). `--no-x` is not matched by `--x`: negations turn things off.
   * Entries are flags only (`--network`, not `--network=host`): rules on values are out of scope.
   */
  readonly denyFlags?: readonly string[];
  /**
   * Positionals after `--` can never be read as flags. Set it to false when the CLI reads flags
   * there anyway: it ignores `--`, or it forwards positionals to another program (`gh repo clone … -- <git flags>`).
   * Then every positional starting with `-` (other than `-` itself) is refused.
   * @default true
   */
  readonly honoursDoubleDash?: boolean;
  /**
   * The CLI accepts unique prefixes of long flags (getopt_long, argparse, git's parse-options), so an
   * abbreviation of at least 2 characters of a denied flag is refused too. Go's `flag` and pflag
   * (cobra: kubectl, docker, gh) accept exact names only: set false there, or `kubectl version --client`
   * would be refused as an abbreviation of `--client-key`.
   * @default true
   */
  readonly abbreviations?: boolean;
  /**
   * Commands governed as a whole, each with its reason: `exclude` builds no tool and refuses a call that
   * reaches the command through positionals; `destructive` marks the tool so approval asks (see CommandRule).
   * @default none
   */
  readonly commands?: readonly CommandRule[];
  /** Checks on the whole prepared argv, for forms no flag names (`git config core.pager …`, `ext::` URLs). @default none */
  readonly checks?: readonly ArgvCheck[];
  /**
   * Refuse a call whose path-like values (absolute, starting with `.` or `~`, containing `/`, `file:` URLs)
   * resolve, symlinks followed, outside a directory: `true` for the CLI's working directory, or a directory.
   * Values that do not look like paths (`main`, `HEAD~1`) are not checked. @default false
   */
  readonly confinePaths?: boolean | string;
}

interface CompiledPolicy {
  /** Denied long names, without dashes. */
  readonly longs: readonly string[];
  /** Denied short letters. */
  readonly shorts: ReadonlySet<string>;
  readonly honoursDoubleDash: boolean;
  readonly abbreviations: boolean;
}

/** Abbreviations shorter than this are not matched: `--k` is ambiguous in any real CLI. */
const MIN_ABBREVIATION = 2;
const NEGATIVE_NUMBER = /^-(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Checks a built argv (command words, flag tokens, then optionally `--` and positionals) against a
 * policy. Returns a message naming the offending token, or undefined when the argv is allowed.
 * Throws a `cli-mcp.invalid-option` error when the policy itself is malformed (fail closed).
 * `valueShorts` are the one-letter options known to take a value (`-b` of `git checkout -bNAME`): in a
 * cluster, the letters after one of them are its value, not flags. Without it every letter counts.
 * @example checkArgv(['get', '--kubec=/tmp/x'], { denyFlags: ['--kubeconfig'] })
 * // '"--kubec=/tmp/x" is not allowed: it abbreviates --kubeconfig, a denied flag'
 */
export function checkArgv(argv: readonly string[], policy: ArgvPolicy, valueShorts: ReadonlySet<string> = new Set()): string | undefined {
  const compiled = compile(policy);
  const end = argv.indexOf('--');
  const flagPart = end === -1 ? argv : argv.slice(0, end);
  for (const token of flagPart) {
    const problem = checkToken(token, compiled, valueShorts);
    if (problem !== undefined) return problem;
  }
  if (end === -1 || compiled.honoursDoubleDash) return undefined;
  for (const token of argv.slice(end + 1)) {
    // A lone `-` means stdin by convention; no parser reads it as a flag.
    if (token.startsWith('-') && token !== '-') {
      return `${JSON.stringify(token)} is not allowed as a positional: this CLI does not honour "--", so it would read it as a flag`;
    }
  }
  return undefined;
}

/**
 * Throws a `cli-mcp.invalid-option` error naming the first malformed deny entry; call it at startup
 * so a typo fails there rather than on the first call.
 */
export function validateArgvPolicy(policy: ArgvPolicy): void {
  compile(policy);
  validateCommandRules(policy.commands);
}

/**
 * Refuses Windows batch files (`.bat`, `.cmd`, any case) as launch targets: Windows runs them through
 * cmd.exe, whose quoting no argv escaping can make safe (BatBadBut, CVE-2024-27980). Refused on every
 * platform so a configuration behaves the same wherever it is deployed. Returns the reason, or undefined.
 * A bare name (`npm`) can still resolve to a `.cmd` through PATHEXT: pass the resolved path.
 * @example checkLauncherFile('C:\\tools\\deploy.CMD') // 'cannot run "C:\\tools\\deploy.CMD": …'
 */
export function checkLauncherFile(file: string): string | undefined {
  const base = file.split(/[\\/]/).pop() ?? file;
  // Windows drops a `::$DATA` stream suffix and trailing dots and spaces, so `x.bat. ` still runs x.bat.
  const effective = base.replace(/::\$DATA$/i, '').replace(/[. ]+$/, '').toLowerCase();
  if (!effective.endsWith('.bat') && !effective.endsWith('.cmd')) return undefined;
  return (
    `cannot run ${JSON.stringify(file)}: Windows runs .bat and .cmd files through cmd.exe, where arguments ` +
    `cannot be quoted safely (BatBadBut); point cli-mcp at the program the script starts instead`
  );
}

/** The one-letter flags among `options` that take a value, for {@link checkArgv}; an alias (`-n` of `--lines`) counts too. */
export function shortsTakingValues(options: readonly OptionSpec[]): ReadonlySet<string> {
  // A tool's options never change: computed once per tool, not on every call's two checks.
  let shorts = valueShortsOf.get(options);
  if (shorts === undefined) {
    const valued = options.filter((option) => option.type !== 'boolean' && option.count !== true);
    shorts = new Set(valued.flatMap(spellingsOf).filter((token) => /^-[^-]$/.test(token)).map((token) => token.slice(1)));
    valueShortsOf.set(options, shorts);
  }
  return shorts;
}

const valueShortsOf = new WeakMap<readonly OptionSpec[], ReadonlySet<string>>();

/**
 * Why `option` may not be offered under `policy`: a message naming the first of its spellings (its flag,
 * then its aliases) that the policy refuses, so `-s` denies `--server` when they are one option; undefined when none is.
 * @example optionDenied({ name: 'server', type: 'string', flag: '--server', aliases: ['-s'] }, { denyFlags: ['-s'] }) // '"-s" is not allowed: …'
 */
export function optionDenied(option: OptionSpec, policy: ArgvPolicy): string | undefined {
  for (const token of spellingsOf(option)) {
    const refused = checkArgv([token], policy);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

/** Every token that turns an option on or carries its value. */
function spellingsOf(option: OptionSpec): string[] {
  return [...(option.flag === undefined ? [] : [option.flag]), ...(option.aliases ?? [])];
}

/** The reason one token before `--` is refused, or undefined. */
function checkToken(token: string, policy: CompiledPolicy, valueShorts: ReadonlySet<string>): string | undefined {
  if (!token.startsWith('-') || token === '-' || token === '--') return undefined;
  const quoted = (): string => JSON.stringify(token); // only for a refusal: most tokens pass
  if (token.startsWith('--')) {
    // Extra dashes (`---server`) are stripped too: no parser gains by them, and failing closed costs nothing.
    const name = nameOf(token.replace(/^-+/, ''));
    const match = matchLong(name, policy);
    if (match === undefined) return undefined;
    return match === name
      ? `${quoted()} is not allowed: --${match} is a denied flag`
      : `${quoted()} is not allowed: it abbreviates --${match}, a denied flag`;
  }
  if (NEGATIVE_NUMBER.test(token)) return undefined;
  const body = token.slice(1);
  const name = nameOf(body);
  if (name.length >= 2) {
    const match = matchLong(name, policy);
    if (match !== undefined) return `${quoted()} is not allowed: it is a single-dash form of --${match}, a denied flag`;
  }
  // Letters up to the first known to take a value are flags; the rest is its value. Unknown letters all count (`-xc`, `-cVALUE`).
  for (const char of body) {
    if (policy.shorts.has(char)) return `${quoted()} is not allowed: it contains -${char}, a denied flag`;
    if (valueShorts.has(char)) break;
  }
  return undefined;
}

/** The flag name of a token body: everything before the first `=`. */
function nameOf(body: string): string {
  const eq = body.indexOf('=');
  return eq === -1 ? body : body.slice(0, eq);
}

/** The denied long name that `name` is, or abbreviates; undefined when none. */
function matchLong(name: string, policy: CompiledPolicy): string | undefined {
  if (name === '') return undefined;
  if (policy.longs.includes(name)) return name;
  if (!policy.abbreviations || name.length < MIN_ABBREVIATION) return undefined;
  return policy.longs.find((denied) => denied.startsWith(name));
}

const compiledPolicies = new WeakMap<ArgvPolicy, CompiledPolicy>();

/** Validates the deny list and splits it into long names and short letters; once per policy object. */
function compile(policy: ArgvPolicy): CompiledPolicy {
  const known = compiledPolicies.get(policy);
  if (known) return known;
  const compiled = compileNow(policy);
  compiledPolicies.set(policy, compiled);
  return compiled;
}

function compileNow(policy: ArgvPolicy): CompiledPolicy {
  const longs: string[] = [];
  const shorts = new Set<string>();
  for (const entry of policy.denyFlags ?? []) {
    if (/^--[^-=\s][^=\s]*$/.test(entry)) longs.push(entry.slice(2));
    else if (/^-[^-=\s]$/u.test(entry)) shorts.add(entry.slice(1));
    else throw invalidEntry(entry);
  }
  return { longs, shorts, honoursDoubleDash: policy.honoursDoubleDash !== false, abbreviations: policy.abbreviations !== false };
}

function invalidEntry(entry: string): CliMcpError {
  const hint = entry.includes('=')
    ? `deny the flag itself (${entry.slice(0, entry.indexOf('='))}); rules on values are not supported`
    : /^-[^-]{2,}$/.test(entry)
      ? `write it --${entry.slice(1)}; its single-dash form is matched automatically`
      : 'expected --name or -x';
  return new CliMcpError('cli-mcp.invalid-option', `argv policy: deny entry ${JSON.stringify(entry)} is not a flag: ${hint}`);
}
