import { readFile } from 'node:fs/promises';
import { CliMcpError } from '../../errors.js';
import { StaticTokens, type StaticTokenEntry } from './static-tokens.js';

/** The environment variable that may hold the token JSON itself. */
export const TOKENS_ENV = 'CLI_MCP_TOKENS';

/** Where `loadStaticTokens` looks. */
export interface LoadTokensOptions {
  /** A token file in the JSON format of `parseStaticTokens`. @default none */
  readonly file?: string;
  /** The environment whose `CLI_MCP_TOKENS` holds the same JSON (an empty value counts as unset). @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Loads static bearer tokens from a file and from `CLI_MCP_TOKENS`, both if both are given, and keeps
 * only their SHA-256 digests. The format, in both places:
 *
 * @example
 * {"tokens": [{"principal": "ci", "token": "<32+ characters>", "scopes": ["read"]}]}
 *
 * @throws {CliMcpError} `cli-mcp.invalid-tokens` when the file cannot be read or either source is
 * malformed; messages name the source and the principal, never a token.
 */
export async function loadStaticTokens(options: LoadTokensOptions = {}): Promise<StaticTokens> {
  const entries: StaticTokenEntry[] = [];
  const sources: string[] = [];
  const add = (text: string, source: string): void => {
    const parsed = parseStaticTokens(text, source);
    new StaticTokens(parsed, source); // checks each source on its own, so an error names the right one
    entries.push(...parsed);
    sources.push(source);
  };
  if (options.file !== undefined) {
    const text = await readFile(options.file, 'utf8').catch((error: unknown) => {
      throw new CliMcpError('cli-mcp.invalid-tokens', `token file "${options.file}" cannot be read`, { cause: error });
    });
    add(text, `token file "${options.file}"`);
  }
  const fromEnv = (options.env ?? process.env)[TOKENS_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') add(fromEnv, TOKENS_ENV);
  return new StaticTokens(entries, sources.join(' and ') || 'static tokens');
}

/**
 * Reads the token JSON: `{"tokens": [{"principal", "token", "scopes"?}]}`, no other keys (a typo such as
 * `scope` is refused, not ignored). Checks the shape only; `StaticTokens` checks the tokens themselves.
 * @param source names the text in error messages.
 */
export function parseStaticTokens(text: string, source: string): StaticTokenEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the text around the fault, which may be a token: keep the position only, and no cause.
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw new CliMcpError('cli-mcp.invalid-tokens', `${source} is not valid JSON${at === undefined ? '' : ` (${lineAndColumn(text, Number(at))})`}`);
  }
  const bad = (what: string): never => {
    throw new CliMcpError('cli-mcp.invalid-tokens', `${source}: ${what}; expected {"tokens": [{"principal": "…", "token": "…", "scopes": ["…"]}]}`);
  };
  if (!isObject(parsed)) return bad('the top level is not an object');
  const extra = Object.keys(parsed).filter((key) => key !== 'tokens');
  if (extra.length > 0) bad(`unknown key ${JSON.stringify(extra[0])}`);
  if (!Array.isArray(parsed['tokens'])) return bad('"tokens" is not a list');
  return parsed['tokens'].map((entry: unknown, index): StaticTokenEntry => {
    if (!isObject(entry)) return bad(`tokens[${index}] is not an object`);
    const unknown = Object.keys(entry).filter((key) => !['principal', 'token', 'scopes'].includes(key));
    if (unknown.length > 0) bad(`tokens[${index}] has an unknown key ${JSON.stringify(unknown[0])}`);
    const { principal, token, scopes } = entry;
    if (typeof principal !== 'string' || principal.trim() === '') bad(`tokens[${index}].principal is not a non-empty string`);
    const who = `tokens[${index}] (principal ${JSON.stringify(principal)})`;
    if (typeof token !== 'string') bad(`${who} has no "token" string`);
    if (scopes !== undefined && !(Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string'))) bad(`${who} has "scopes" that are not a list of strings`);
    return { principal: principal as string, token: token as string, ...(scopes === undefined ? {} : { scopes: scopes as string[] }) };
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}
