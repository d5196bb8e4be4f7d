/**
 * Redaction: masks secrets in a CLI's output before the model (and any log after it) sees them,
 * by well-known token shapes, by the values of named environment variables, and by the caller's patterns.
 */

/** What {@link redactor} and the `redact` middleware mask. */
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
// A secret-like name (not a plural such as `tokens: 512`), then an optional closing quote.
const SECRET_KEY = String.raw`(?:password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?key[_-]?data|credentials?)(?!s\b)[\w.-]{0,64}["']?[ \t]*`;
// A quoted value keeps its quotes; a JSON string's escapes (`\"`) stay inside it.
const QUOTED_VALUE = String.raw`"(?<dquoted>(?:[^"\\\n]|\\.)*)"|'(?<squoted>[^'\n]*)'`;
// A bare value stops at structure (`,` `}` `]`), so the JSON or YAML around it survives, and never starts an object or a list.
const BARE_VALUE = String.raw`[^\s"',;&{}[\]]+`;
// JSON and YAML literals are data, not secrets: `"token": null` stays valid JSON.
const LITERAL = String.raw`(?:null|true|false|~|[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(?![^\s"',;&{}[\]])`;

// A bare value after `:` (YAML, headers) is masked as a YAML scalar, so `token: [REDACTED]` does not become a list.
const COLON_ASSIGNMENT = withIndices(new RegExp(`${SECRET_KEY}:[ \\t]*(?:${QUOTED_VALUE}|(?!${LITERAL}|[|>])(?<scalar>${BARE_VALUE}))`, 'gi'));

/** The lines that open and close a PEM private key block (PKCS#1, PKCS#8, encrypted, EC, OpenSSH). */
export const PRIVATE_KEY_BEGIN = String.raw`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----`;
export const PRIVATE_KEY_END = String.raw`-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----`;

// Built-in token shapes. A named group marks the part to mask when only a value is secret (`password=` stays).
// A distinctive prefix is matched wherever it stands: one character glued on either side (through a template
// flag, `jq`, `--format`) must not let a token pass. None of these can restart inside its own body, so each
// scan stays linear; the JWT's short prefix can, so it has a scanner of its own (jwtRanges).
const BUILT_INS: readonly RegExp[] = [
  /(?:AKIA|ASIA)[A-Z0-9]{16}/g, // AWS access key id
  /gh[pousr]_[A-Za-z0-9]{36,}/g, // GitHub classic, OAuth, user, server and refresh tokens
  /github_pat_[A-Za-z0-9_]{22,}/g, // GitHub fine-grained token
  /xox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /AIza[A-Za-z0-9_-]{35}/g, // Google API key
  /[sr]k_live_[A-Za-z0-9]{10,}/g, // Stripe secret and restricted keys
  /\bAuthorization[ \t]*[:=][ \t]*(?:Bearer|Basic|Token)[ \t]+(?<value>[^\s"',;]+)/gi,
  new RegExp(`${PRIVATE_KEY_BEGIN}[\\s\\S]*?(?:${PRIVATE_KEY_END}|$)`, 'g'), // cut-off blocks too
  ...orphanKeyBodies(),
  new RegExp(`${SECRET_KEY}=[ \\t]*(?:${QUOTED_VALUE}|(?<bare>${BARE_VALUE}))`, 'gi'), // env, query string, INI
].map(withIndices).concat(COLON_ASSIGNMENT);

/**
 * Makes a function that masks secrets in text. Every pattern is matched against the original text;
 * overlapping or touching matches are merged and masked once, so a mask is never matched again.
 *
 * The built-in `name: value` and `name=value` rule keeps JSON and YAML parseable: a quoted value keeps
 * its quotes (`"token": "[REDACTED]"`); after `:`, the literals `null`, `true`, `false`, `~` and numbers
 * are left alone, objects and lists are never touched, and a bare value becomes a YAML string
 * (`token: "[REDACTED]"`, or the mask as is when YAML reads it as a plain string); a value never takes
 * a `,`, `}` or `]` with it. After `=` (environment, query strings) any value is masked, numbers included.
 * @example
 * const clean = redactor({ envNames: ['API_TOKEN'], patterns: ['internal.example.com'] });
 * clean('token=abc123 on internal.example.com') // 'token=[REDACTED] on [REDACTED]'
 */
export function redactor(options: RedactOptions = {}): (text: string) => string {
  const mask = options.mask ?? DEFAULT_MASK;
  const scalar = scalarMask(mask);
  const patterns = [
    ...(options.builtIns === false ? [] : BUILT_INS),
    ...envValues(options.envNames ?? [], options.env ?? process.env).map(literal),
    ...(options.patterns ?? []).flatMap((pattern) => (typeof pattern === 'string' ? (pattern === '' ? [] : [literal(pattern)]) : [withIndices(pattern)])),
  ];
  const finders = [...patterns.map((pattern) => (text: string) => secretRanges(pattern, text)), ...(options.builtIns === false ? [] : [jwtRanges])];
  return (text) => {
    if (text === '' || finders.length === 0) return text;
    const ranges = merge(finders.flatMap((find) => find(text)));
    if (ranges.length === 0) return text;
    let redacted = '';
    let at = 0;
    for (const [start, end, isScalar] of ranges) {
      redacted += text.slice(at, start) + (isScalar ? scalar : mask);
      at = end;
    }
    return redacted + text.slice(at);
  };
}

/**
 * Key body lines up to an END whose BEGIN is gone (cut from the middle of a long output): base64-looking
 * lines, or `\\n`-joined runs in a JSON string, with the END. A run is only tried from its first line, so a
 * long base64 run without an END is scanned once.
 */
function orphanKeyBodies(): RegExp[] {
  const b64 = '[A-Za-z0-9+/=]';
  return [
    new RegExp(String.raw`^(?<!^[ \t]*${b64}+\r?\n)(?:[ \t]*${b64}+\r?\n)+[ \t]*${PRIVATE_KEY_END}`, 'gm'),
    new RegExp(String.raw`(?<![A-Za-z0-9+/=\\])(?:${b64}+\\n)+${PRIVATE_KEY_END}`, 'g'),
  ];
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

/** [start, end) of a secret, and whether it is a bare YAML value (masked as a scalar). */
type Range = [start: number, end: number, scalar: boolean];

/** The ranges of each secret: the named groups that matched, else the whole match; empty ones skipped. */
function secretRanges(pattern: RegExp, text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(pattern)) {
    const groups = Object.entries(match.indices?.groups ?? {}).filter((entry): entry is [string, [number, number]] => entry[1] !== undefined);
    const spans = groups.length > 0 ? groups : [['', [match.index, match.index + match[0].length]] as [string, [number, number]]];
    for (const [name, [start, end]] of spans) if (end > start) ranges.push([start, end, pattern === COLON_ASSIGNMENT && name === 'scalar']);
  }
  return ranges;
}

const JWT_CHAR = /[A-Za-z0-9_-]/;
/** The shortest real JWT header is 20 characters: `eyJ` and at least 10 more before its first dot. */
const JWT_HEADER_MIN = 13;

/**
 * JWTs (`eyJ…header.payload.signature`) wherever they start, glued to other text or not. A failed try at
 * one `eyJ` fails for every later one in the same run of token characters, so the run is skipped: linear.
 */
function jwtRanges(text: string): Range[] {
  const ranges: Range[] = [];
  const runEnd = (from: number): number => {
    let at = from;
    while (at < text.length && JWT_CHAR.test(text[at] as string)) at += 1;
    return at;
  };
  for (let start = text.indexOf('eyJ'); start !== -1; ) {
    const header = runEnd(start);
    const payload = text[header] === '.' ? runEnd(header + 1) : header;
    const signature = payload > header + 1 && text[payload] === '.' ? runEnd(payload + 1) : payload;
    if (header - start >= JWT_HEADER_MIN && signature > payload + 1) {
      ranges.push([start, signature, false]);
      start = text.indexOf('eyJ', signature);
    } else {
      start = text.indexOf('eyJ', header);
    }
  }
  return ranges;
}

/** Sorted, with overlapping and touching ranges joined, so two secrets side by side get one mask; a join is a scalar when its first range is. */
function merge(ranges: Range[]): Range[] {
  ranges.sort((a, b) => a[0] - b[0] || Number(b[2]) - Number(a[2]) || a[1] - b[1]);
  const merged: Range[] = [];
  for (const [start, end, scalar] of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end, scalar]);
  }
  return merged;
}

/** The mask as YAML reads it as a string: as is when it is a plain scalar, else double-quoted (also valid JSON). */
function scalarMask(mask: string): string {
  const plain = /^[A-Za-z_][\w .\/@+-]*$/.test(mask) && !/ $/.test(mask) && !/^(?:null|true|false|yes|no|on|off|~)$/i.test(mask);
  return plain ? mask : JSON.stringify(mask);
}
