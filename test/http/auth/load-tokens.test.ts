import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCliMcpError, type CliMcpError } from '../../../src/errors.js';
import { loadStaticTokens, parseStaticTokens, TOKENS_ENV } from '../../../src/http/auth/load-tokens.js';
import { scratchMaker } from '../../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-load-tokens-');
const CI = 'ci-0123456789abcdef0123456789abcdef';
const OPS = 'ops-FEDCBA9876543210fedcba9876543210';

function fileWith(text: string): string {
  const file = join(scratch(), 'tokens.json');
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}

async function rejection(promise: Promise<unknown>): Promise<CliMcpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isCliMcpError(error)) throw new Error(`expected a CliMcpError, got ${String(error)}`);
  return error;
}

/** The error a function throws: a CliMcpError unless another class is named. */
function thrownBy(fn: () => unknown): CliMcpError;
function thrownBy<T extends Error>(fn: () => unknown, kind: new (...args: never[]) => T): T;
function thrownBy(fn: () => unknown, kind?: new (...args: never[]) => Error): Error {
  try {
    fn();
  } catch (error) {
    if (kind ? error instanceof kind : isCliMcpError(error)) return error as Error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('loadStaticTokens', () => {
  it('when a token file is given then its tokens are loaded with their scopes', async () => {
    const file = fileWith(JSON.stringify({ tokens: [{ principal: 'ci', token: CI, scopes: ['tools:read'] }, { principal: 'ops', token: OPS }] }));
    const tokens = await loadStaticTokens({ file, env: {} });
    expect(tokens.size).toBe(2);
    expect(tokens.lookup(CI)).toEqual({ id: 'token:ci', name: 'ci', scopes: ['tools:read'], kind: 'token' });
    expect(tokens.lookup(OPS)).toEqual({ id: 'token:ops', name: 'ops', scopes: [], kind: 'token' });
  });

  it('when CLI_MCP_TOKENS holds the JSON then its tokens are loaded, and with a file both are', async () => {
    const env = { [TOKENS_ENV]: JSON.stringify({ tokens: [{ principal: 'ops', token: OPS }] }) };
    expect((await loadStaticTokens({ env })).lookup(OPS)?.name).toBe('ops');
    const both = await loadStaticTokens({ file: fileWith(JSON.stringify({ tokens: [{ principal: 'ci', token: CI }] })), env });
    expect([both.lookup(CI)?.name, both.lookup(OPS)?.name]).toEqual(['ci', 'ops']);
  });

  it('when CLI_MCP_TOKENS is empty then it counts as unset', async () => {
    expect((await loadStaticTokens({ env: { [TOKENS_ENV]: '  ' } })).size).toBe(0);
  });

  it('when the file and the variable give one token to two principals then loading is refused', async () => {
    const env = { [TOKENS_ENV]: JSON.stringify({ tokens: [{ principal: 'ops', token: CI }] }) };
    const error = await rejection(loadStaticTokens({ file: fileWith(JSON.stringify({ tokens: [{ principal: 'ci', token: CI }] })), env }));
    expect(error.message).toMatch(/principal "ops" is also the token of principal "ci"/);
  });

  it('when a token in the variable is short then the error names the variable and the principal', async () => {
    const env = { [TOKENS_ENV]: JSON.stringify({ tokens: [{ principal: 'dev', token: 'too-short' }] }) };
    const error = await rejection(loadStaticTokens({ env }));
    expect(error.code).toBe('cli-mcp.invalid-tokens');
    expect(error.message).toBe('CLI_MCP_TOKENS: the token of principal "dev" is shorter than 32 characters');
  });

  it('when the file cannot be read then the error says so and keeps the cause', async () => {
    const error = await rejection(loadStaticTokens({ file: join(scratch(), 'missing.json'), env: {} }));
    expect(error.code).toBe('cli-mcp.invalid-tokens');
    expect(error.message).toMatch(/^token file ".*missing.json" cannot be read$/);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});

describe('parseStaticTokens', () => {
  it('when the JSON is broken next to a token then the error gives the place, never the text around it', () => {
    const text = `{"tokens": [{"principal": "ci", "token": ${CI}}]}`;
    const error = thrownBy(() => parseStaticTokens(text, 'token file "t.json"'));
    expect(JSON.stringify(thrownBy(() => JSON.parse(text) as unknown, SyntaxError).message)).toContain(CI.slice(0, 8)); // what V8 would have said
    expect(error.message).toBe('token file "t.json" is not valid JSON');
    expect(error.cause).toBeUndefined();
  });

  it('when V8 gives a position then the error turns it into a line and column', () => {
    const text = `{"tokens": [\n  {"principal": "ci" "token": "${CI}"}]}`;
    expect(thrownBy(() => parseStaticTokens(text, 'CLI_MCP_TOKENS')).message).toBe('CLI_MCP_TOKENS is not valid JSON (line 2, column 22)');
  });

  it.each([
    ['a list at the top', '[]', 'the top level is not an object'],
    ['an unknown top-level key', '{"tokens": [], "token": 1}', 'unknown key "token"'],
    ['tokens not a list', '{"tokens": {}}', '"tokens" is not a list'],
    ['a misspelt scopes key', `{"tokens": [{"principal": "ci", "token": "${CI}", "scope": ["a"]}]}`, 'tokens[0] has an unknown key "scope"'],
    ['an empty principal', `{"tokens": [{"principal": " ", "token": "${CI}"}]}`, 'tokens[0].principal is not a non-empty string'],
    ['a token that is a number', '{"tokens": [{"principal": "ci", "token": 12}]}', 'tokens[0] (principal "ci") has no "token" string'],
    ['scopes as one string', `{"tokens": [{"principal": "ci", "token": "${CI}", "scopes": "read"}]}`, 'tokens[0] (principal "ci") has "scopes" that are not a list of strings'],
  ])('when the JSON has %s then it is refused, naming what is wrong', (_, text, what) => {
    const error = thrownBy(() => parseStaticTokens(text, 'CLI_MCP_TOKENS'));
    expect(error.message).toBe(`CLI_MCP_TOKENS: ${what}; expected {"tokens": [{"principal": "…", "token": "…", "scopes": ["…"]}]}`);
    expect(error.message).not.toContain(CI);
  });
});
