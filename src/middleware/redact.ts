/**
 * Redaction: masks secrets in a CLI's output before the model (and any log after it) sees them,
 * by well-known token shapes, by the values of named environment variables, and by the caller's patterns.
 */
import type { ToolResult } from '../types.js';
import { postRun } from './pre-post.js';
import type { Middleware } from '../call/context.js';

/** What {@link redactor} and {@link redact} mask. */
export interface RedactOptions {
  /**
   * More secrets to mask. A string is matched literally; a RegExp is matched globally (the `g` flag
   * is added). A RegExp with named groups masks only the text of the groups that matched.
   */
  readonly patterns?: readonly (RegExp | string)[];
  /** Environment variables whose values are masked wherever they appear; values under 4 characters are ignored. */
  readonly envNames?: readonly string[];
  /** Where `envNames` are looked up, read once when the redactor is made. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Mask the built-in token shapes (cloud keys, VCS and chat tokens, JWTs, bearer headers, private keys, `password=` values). @default true */
  readonly builtIns?: boolean;
  /** What each secret is replaced with. @default '[REDACTED]' */
  readonly mask?: string;
}

/** What a secret becomes unless `mask` says otherwise. */
export const DEFAULT_MASK = '[REDACTED]';
/** Shorter environment values are skipped: masking `1` or `yes` everywhere would wreck the output. */
const MIN_ENV_VALUE_LENGTH = 4;
// A secret-like name (not a plural such as `tokens: 512`), an optional closing quote, then `=` or `:`.
const ASSIGNMENT_KEY = String.raw`(?:password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)(?!s\b)[\w.-]{0,64}["']?[ \t]*[:=][ \t]*`;

// Built-in token shapes. A named group marks the part to mask when only a value is secret (`password=` stays).
// A secret never starts inside a run of its own characters, so a long run that fails to match is scanned once, not once per position.
const BUILT_INS: readonly RegExp[] = [
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, // AWS access key id
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, // GitHub classic, OAuth, user, server and refresh tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g, // GitHub fine-grained token
  /(?<![A-Za-z0-9-])xox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g, // Google API key
  /\b[sr]k_live_[A-Za-z0-9]{10,}\b/g, // Stripe secret and restricted keys
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, // JWT; the shortest real header is 20 characters
  /\bAuthorization[ \t]*[:=][ \t]*(?:Bearer|Basic|Token)[ \t]+(?<value>[^\s"',;]+)/gi,
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)/g, // cut-off blocks too
  new RegExp(`${ASSIGNMENT_KEY}(?:"(?<dquoted>[^"\\n]*)"|'(?<squoted>[^'\\n]*)'|(?<bare>[^\\s"',;&]+))`, 'gi'),
].map(withIndices);

/**
 * Makes a function that masks secrets in text. Every pattern is matched against the original text;
 * overlapping or touching matches are merged and masked once, so a mask is never matched again.
 * @example
 * const clean = redactor({ envNames: ['API_TOKEN'], patterns: ['internal.example.com'] });
 * clean('token=abc123 on internal.example.com') // 'token=[REDACTED] on [REDACTED]'
 */
export function redactor(options: RedactOptions = {}): (text: string) => string {
  const mask = options.mask ?? DEFAULT_MASK;
  const patterns = [
    ...(options.builtIns === false ? [] : BUILT_INS),
    ...envValues(options.envNames ?? [], options.env ?? process.env).map(literal),
    ...(options.patterns ?? []).flatMap((pattern) => (typeof pattern === 'string' ? (pattern === '' ? [] : [literal(pattern)]) : [withIndices(pattern)])),
  ];
  return (text) => {
    if (text === '' || patterns.length === 0) return text;
    const ranges = merge(patterns.flatMap((pattern) => secretRanges(pattern, text)));
    if (ranges.length === 0) return text;
    let redacted = '';
    let at = 0;
    for (const [start, end] of ranges) {
      redacted += text.slice(at, start) + mask;
      at = end;
    }
    return redacted + text.slice(at);
  };
}

/**
 * PostRun middleware that masks secrets in the result's stdout, stderr and message (see {@link RedactOptions}).
 * @example createMcpServer(program, { middleware: [redact({ envNames: ['GITHUB_TOKEN'] })] })
 */
export function redact(options: RedactOptions = {}): Middleware {
  const clean = redactor(options);
  return postRun((result) => {
    const redacted: ToolResult = {
      ...result,
      ...(result.message === undefined ? {} : { message: clean(result.message) }),
      ...(result.output === undefined ? {} : { output: { ...result.output, stdout: clean(result.output.stdout), stderr: clean(result.output.stderr) } }),
    };
    return redacted;
  });
}

function envValues(names: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] {
  return names.map((name) => env[name]).filter((value): value is string => value !== undefined && value.length >= MIN_ENV_VALUE_LENGTH);
}

function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gd');
}

/** A copy that is global and reports group indices; a sticky flag is dropped, as it would stop at the first gap. */
function withIndices(pattern: RegExp): RegExp {
  const flags = new Set(pattern.flags.replace('y', ''));
  flags.add('g').add('d');
  return new RegExp(pattern.source, [...flags].join(''));
}

/** [start, end) of each secret: the named groups that matched, else the whole match; empty ones skipped. */
function secretRanges(pattern: RegExp, text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    const groups = Object.values(match.indices?.groups ?? {}).filter((span): span is [number, number] => span !== undefined);
    const spans = groups.length > 0 ? groups : [[match.index, match.index + match[0].length] as [number, number]];
    for (const [start, end] of spans) if (end > start) ranges.push([start, end]);
  }
  return ranges;
}

/** Sorted, with overlapping and touching ranges joined, so two secrets side by side get one mask. */
function merge(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
