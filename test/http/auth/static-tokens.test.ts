import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../../src/errors.js';
import { createAuthenticator } from '../../../src/http/auth/authenticator.js';
import { STATIC_UNAUTHORIZED_BODY as UNAUTHORIZED_BODY } from '../../../src/http/auth/challenge.js';
import { loadStaticTokens } from '../../../src/http/auth/load-tokens.js';
import { StaticTokens, type StaticTokenEntry } from '../../../src/http/auth/static-tokens.js';
import type { AuthOutcome, AuthRefusal } from '../../../src/http/auth/types.js';
import { scratchMaker } from '../../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-tokens-');

const CI_TOKEN = 'ci-0123456789abcdef0123456789abcdef';
const OPS_TOKEN = 'ops-FEDCBA9876543210fedcba9876543210';
const ENTRIES: StaticTokenEntry[] = [
  { principal: 'ci', token: CI_TOKEN, scopes: ['tools:read'] },
  { principal: 'ops', token: OPS_TOKEN, scopes: ['tools:read', 'tools:write'] },
];

function gate(entries: readonly StaticTokenEntry[] = ENTRIES) {
  const refusals: AuthRefusal[] = [];
  const auth = createAuthenticator({ tokens: new StaticTokens(entries), onRefusal: (refusal) => refusals.push(refusal) });
  const call = (authorization: string | undefined, needScopes?: readonly string[]): Promise<AuthOutcome> =>
    auth.authenticate(new Request('http://127.0.0.1/mcp', { headers: authorization === undefined ? {} : { authorization } }), needScopes);
  return { auth, call, refusals };
}

/** The CliMcpError a function throws, or a failure when it throws nothing or something else. */
function thrownBy(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (!isCliMcpError(error)) throw error;
    return error;
  }
  throw new Error('expected a CliMcpError');
}

describe('static bearer tokens', () => {
  it('when the right token is sent then its principal and scopes come back', async () => {
    expect(await gate().call(`Bearer ${OPS_TOKEN}`)).toEqual({ ok: true, principal: { id: 'token:ops', name: 'ops', scopes: ['tools:read', 'tools:write'], kind: 'token' } });
  });

  it('when the scheme is written in another case then the token is still read', async () => {
    expect((await gate().call(`bearer ${CI_TOKEN}`)).ok).toBe(true);
  });

  it('when a wrong token of the same length is sent then 401 with the common body, and the log says unknown', async () => {
    const { call, refusals } = gate();
    const outcome = await call(`Bearer ${CI_TOKEN.slice(0, -1)}0`);
    expect(outcome).toEqual({
      ok: false,
      status: 401,
      headers: { 'www-authenticate': 'Bearer error="invalid_token"', 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: UNAUTHORIZED_BODY,
    });
    expect(refusals).toEqual([{ reason: 'unknown token' }]);
  });

  it('when no token or another scheme is sent then 401 with a bare challenge and the same body, which says there is no OAuth and how to send the token', async () => {
    expect(JSON.parse(UNAUTHORIZED_BODY).error_description).toMatch(/no OAuth.*Authorization: Bearer <token>/);
    const { call } = gate();
    for (const header of [undefined, `Basic ${Buffer.from('ci:pw').toString('base64')}`]) {
      const outcome = await call(header);
      expect(!outcome.ok && [outcome.status, outcome.headers['www-authenticate'], outcome.body]).toEqual([401, 'Bearer', UNAUTHORIZED_BODY]);
    }
  });

  it.each([
    ['two tokens joined by a comma', `Bearer ${CI_TOKEN}, Bearer ${OPS_TOKEN}`],
    ['the scheme alone', 'Bearer'],
    ['a token with a quote', `Bearer ${CI_TOKEN}"`],
    ['two words', `Bearer ${CI_TOKEN} extra`],
  ])('when the header holds %s then 401 invalid_token with the same body', async (_, header) => {
    const { call, refusals } = gate();
    const outcome = await call(header);
    expect(!outcome.ok && [outcome.status, outcome.headers['www-authenticate'], outcome.body]).toEqual([401, 'Bearer error="invalid_token"', UNAUTHORIZED_BODY]);
    expect(refusals[0]?.reason).toMatch(/^malformed bearer token/);
  });

  it('when a right token lacks a needed scope then 403 insufficient_scope naming what the request needs', async () => {
    const { call, refusals } = gate();
    const outcome = await call(`Bearer ${CI_TOKEN}`, ['tools:write']);
    expect(!outcome.ok && [outcome.status, outcome.headers['www-authenticate']]).toEqual([403, 'Bearer error="insufficient_scope", scope="tools:write"']);
    expect(refusals).toEqual([{ reason: 'missing scope: tools:write', principal: 'ci', kind: 'token' }]);
    expect((await call(`Bearer ${OPS_TOKEN}`, ['tools:write'])).ok).toBe(true);
  });

  it('when a token is shorter than 32 characters then loading is refused, naming the principal and never the token', () => {
    const short = 'short-secret-0123456789abcdefgh';
    const error = thrownBy(() => new StaticTokens([...ENTRIES, { principal: 'laptop', token: short }], 'token file "t.json"'));
    expect(error.code).toBe('cli-mcp.invalid-tokens');
    expect(error.message).toBe('token file "t.json": the token of principal "laptop" is shorter than 32 characters');
    expect(error.message).not.toContain(short);
  });

  it('when a token has characters a header cannot carry then loading is refused', () => {
    const error = thrownBy(() => new StaticTokens([{ principal: 'ci', token: `${CI_TOKEN} with spaces` }]));
    expect(error.message).toMatch(/principal "ci" has characters a Bearer header cannot carry/);
    expect(error.message).not.toContain(CI_TOKEN);
  });

  it('when two principals share one token then loading is refused, naming both', () => {
    const error = thrownBy(() => new StaticTokens([...ENTRIES, { principal: 'ci-copy', token: CI_TOKEN }]));
    expect(error.message).toBe('static tokens: the token of principal "ci-copy" is also the token of principal "ci"; give each principal its own');
  });

  it('when a scope has a space then loading is refused, since scopes travel space separated', () => {
    expect(thrownBy(() => new StaticTokens([{ principal: 'ci', token: CI_TOKEN, scopes: ['tools read'] }])).message).toMatch(/malformed scope "tools read"/);
  });

  it('when neither tokens nor OAuth are configured then the authenticator is refused, since nobody could get in', () => {
    expect(thrownBy(() => createAuthenticator({ tokens: new StaticTokens([]) })).code).toBe('cli-mcp.invalid-option');
  });
});

describe('static tokens are held as digests only', () => {
  /** Every string and byte sequence reachable from a value: own properties (hidden and symbol ones too), Map and Set entries, buffers in utf8, hex and base64. */
  function reachableText(root: unknown): string[] {
    const seen = new Set<unknown>();
    const found: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === 'string') return void found.push(value);
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return;
      seen.add(value);
      if (ArrayBuffer.isView(value)) {
        const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        return void found.push(bytes.toString('utf8'), bytes.toString('hex'), bytes.toString('base64'));
      }
      if (value instanceof Map) for (const [key, item] of value) walk(key), walk(item);
      if (value instanceof Set) for (const item of value) walk(item);
      for (const key of Reflect.ownKeys(value)) {
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (descriptor && 'value' in descriptor) walk(descriptor.value);
      }
      walk(Object.getPrototypeOf(value));
    };
    walk(root);
    return found;
  }

  it('when tokens are loaded then no reachable string or buffer holds a plaintext, while the digests are reachable', () => {
    const tokens = new StaticTokens(ENTRIES);
    const text = reachableText(tokens);
    for (const plain of [CI_TOKEN, OPS_TOKEN]) {
      expect(text.some((item) => item.includes(plain))).toBe(false);
      // The walk does reach the storage: the digest of each token is there.
      expect(text).toContain(createHash('sha256').update(plain).digest('hex'));
    }
  });

  it('when the authenticator is serialised then no plaintext appears in its JSON or its inspected form', async () => {
    const { auth } = gate();
    const { inspect } = await import('node:util');
    const shown = JSON.stringify(auth) + JSON.stringify(new StaticTokens(ENTRIES)) + inspect(new StaticTokens(ENTRIES), { depth: 10, showHidden: true });
    for (const plain of [CI_TOKEN, OPS_TOKEN]) expect(shown).not.toContain(plain);
  });

  it.each([
    ['given to StaticTokens', async (secret: Buffer) => loadAndCheck(secret)],
    ['read from a token file', async (secret: Buffer) => loadStaticTokens({ file: tokenFile(secret), env: {} })],
  ])('when a random token %s is loaded and dropped then its bytes are nowhere in the V8 heap, while a kept canary is', async (_, load) => {
    const { getHeapSnapshot, setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Both secrets live as bytes here; only the canary ever becomes a string this test keeps.
    const secret = Buffer.from(randomBytes(24).toString('hex'));
    const canaryBytes = Buffer.from(randomBytes(24).toString('hex'));
    const canary = { kept: canaryBytes.toString('latin1') };
    const tokens = await load(secret);
    await new Promise((resolve) => setTimeout(resolve, 10)); // unwinds every stack that held the string
    gc();
    const heap = await snapshotContains(getHeapSnapshot(), [secret, canaryBytes]);
    expect(heap).toEqual([false, true]);
    expect(canary.kept.length).toBe(48);
    expect(tokens.size).toBe(1);
  }, 60_000);
});

/** Loads a token given as bytes and checks it works; a plain function, so no suspended async frame keeps its strings. */
function loadAndCheck(secret: Buffer): StaticTokens {
  const tokens = new StaticTokens([{ principal: 'ci', token: secret.toString('latin1') }]);
  if (tokens.lookup(secret.toString('latin1'))?.name !== 'ci') throw new Error('the loaded token does not match');
  return tokens;
}

/** A token file holding one token, written from bytes so this test never makes the token a string. */
function tokenFile(secret: Buffer): string {
  const file = join(scratch(), 'tokens.json');
  writeFileSync(file, Buffer.concat([Buffer.from('{"tokens":[{"principal":"ci","token":"'), secret, Buffer.from('"}]}')]), { mode: 0o600 });
  return file;
}

/** Streams a heap snapshot and reports which byte sequences appear in it, across chunk edges too. */
async function snapshotContains(stream: NodeJS.ReadableStream, needles: readonly Buffer[]): Promise<boolean[]> {
  const found = needles.map(() => false);
  const overlap = Math.max(...needles.map((needle) => needle.length));
  let tail = Buffer.alloc(0);
  for await (const chunk of stream) {
    const window = Buffer.concat([tail, Buffer.from(chunk as Buffer)]);
    needles.forEach((needle, index) => {
      if (window.includes(needle)) found[index] = true;
    });
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return found;
}
