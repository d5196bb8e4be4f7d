import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSPKI, SignJWT, UnsecuredJWT } from 'jose';
import { createAuthenticator } from '../../../src/http/auth/authenticator.js';
import { UNAUTHORIZED_BODY } from '../../../src/http/auth/challenge.js';
import type { OAuthOptions } from '../../../src/http/auth/oauth-options.js';
import { StaticTokens } from '../../../src/http/auth/static-tokens.js';
import type { AuthOutcome, AuthRefusal } from '../../../src/http/auth/types.js';
import { keyPair, RESOURCE, startLocalIssuer, type LocalIssuer } from './local-issuer.js';

const METADATA_URL = 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp';
const now = (): number => Math.floor(Date.now() / 1000);

let issuer: LocalIssuer;
beforeAll(async () => {
  issuer = await startLocalIssuer();
});
afterAll(() => issuer.close());

/** An authenticator against the local issuer, and the reasons it logged. */
function resourceServer(oauth: Partial<OAuthOptions> = {}) {
  const refusals: AuthRefusal[] = [];
  const auth = createAuthenticator({
    oauth: { resource: RESOURCE, issuer: issuer.url, jwksUri: issuer.jwksUri, scopesSupported: ['tools:read', 'tools:write'], ...oauth },
    onRefusal: (refusal) => refusals.push(refusal),
  });
  const call = (token: string | undefined, needScopes?: readonly string[]): Promise<AuthOutcome> =>
    auth.authenticate(new Request(RESOURCE, { method: 'POST', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } }), needScopes);
  return { auth, call, refusals };
}

/** A refusal's status, challenge and body, for one-line expectations. */
function refused(outcome: AuthOutcome) {
  if (outcome.ok) throw new Error(`expected a refusal, got principal ${outcome.principal.name}`);
  return { status: outcome.status, challenge: outcome.headers['www-authenticate'], body: outcome.body };
}

const INVALID = { status: 401, challenge: `Bearer error="invalid_token", resource_metadata="${METADATA_URL}"`, body: UNAUTHORIZED_BODY };

describe('JWT access tokens', () => {
  it('when an RS256 token from the issuer is valid then its sub, scopes and expiry make the principal', async () => {
    const exp = now() + 300;
    const outcome = await resourceServer().call(await issuer.sign({ scope: 'tools:read tools:write', exp }), ['tools:read']);
    expect(outcome).toEqual({ ok: true, principal: { id: `jwt:${issuer.url}#alice`, name: 'alice', scopes: ['tools:read', 'tools:write'], kind: 'jwt', expiresAt: exp } });
  });

  it('when an ES256 token is valid then it is accepted too, its key picked from the same JWKS by kid', async () => {
    const outcome = await resourceServer().call(await issuer.sign({ sub: 'bob' }, issuer.ec));
    expect(outcome.ok && outcome.principal.name).toBe('bob');
  });

  it('when the token carries scp as a list then those are its scopes', async () => {
    const outcome = await resourceServer().call(await issuer.sign({ scope: undefined, scp: ['tools:read', 'admin'] }));
    expect(outcome.ok && outcome.principal.scopes).toEqual(['tools:read', 'admin']);
  });

  it('when a principal claim is configured then the principal is named by it', async () => {
    const outcome = await resourceServer({ principalClaim: 'client_id' }).call(await issuer.sign({ client_id: 'ci-bot' }));
    expect(outcome.ok && outcome.principal.name).toBe('ci-bot');
  });

  it('when the token expired a minute ago then it gets the plain 401 and the log says expired', async () => {
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({ iat: now() - 600, exp: now() - 60 })))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/^JWT rejected \(ERR_JWT_EXPIRED\): "exp" claim timestamp check failed/);
  });

  it('when the token expired within the clock tolerance then it is still accepted', async () => {
    expect((await resourceServer().call(await issuer.sign({ exp: now() - 2 }))).ok).toBe(true);
  });

  it('when the token is not valid yet then it gets the plain 401 and the log names nbf', async () => {
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({ nbf: now() + 120 })))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/ERR_JWT_CLAIM_VALIDATION_FAILED.*"nbf"/);
  });

  it('when the token was issued for another resource then it gets the plain 401 and the log names aud', async () => {
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({ aud: 'https://other.example.test/mcp' })))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/ERR_JWT_CLAIM_VALIDATION_FAILED.*"aud"/);
  });

  it('when the token names another issuer then it gets the plain 401 and the log names iss', async () => {
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({ iss: 'https://evil.example.test' })))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/ERR_JWT_CLAIM_VALIDATION_FAILED.*"iss"/);
  });

  it('when the token has no exp then it is refused: an access token must expire', async () => {
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({ exp: undefined })))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/"exp" claim/);
  });

  it('when another key signs with the issuer key id then the signature check fails', async () => {
    const forger = await keyPair('RS256', issuer.rsa.kid);
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({}, forger)))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/^JWT rejected \(ERR_JWS_SIGNATURE_VERIFICATION_FAILED\)/);
  });

  it('when another key signs under an unknown key id then no key of the JWKS matches', async () => {
    const server = resourceServer();
    expect(refused(await server.call(await issuer.sign({}, await keyPair('ES256', 'stranger'))))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/^JWT rejected \(ERR_JWKS_NO_MATCHING_KEY\)/);
  });

  it('when the token is unsigned (alg none) then the algorithm is refused', async () => {
    const unsigned = new UnsecuredJWT({ sub: 'alice', scope: 'tools:read' }).setIssuer(issuer.url).setAudience(RESOURCE).setExpirationTime('5m').encode();
    expect(unsigned.endsWith('.')).toBe(true);
    const server = resourceServer();
    expect(refused(await server.call(unsigned))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/^JWT rejected \(ERR_JOSE_ALG_NOT_ALLOWED\)/);
  });

  it('when the token is HS256 with the public key bytes as its secret then the algorithm is refused', async () => {
    const publicPem = new TextEncoder().encode(await exportSPKI(issuer.rsa.publicKey));
    const confused = await new SignJWT({ sub: 'alice', scope: 'tools:read tools:write' })
      .setProtectedHeader({ alg: 'HS256', kid: issuer.rsa.kid })
      .setIssuer(issuer.url)
      .setAudience(RESOURCE)
      .setExpirationTime('5m')
      .sign(publicPem);
    const server = resourceServer();
    expect(refused(await server.call(confused))).toEqual(INVALID);
    expect(server.refusals[0]?.reason).toMatch(/^JWT rejected \(ERR_JOSE_ALG_NOT_ALLOWED\)/);
  });

  it('when a valid token lacks a needed scope then 403 insufficient_scope names the needed scopes', async () => {
    const server = resourceServer();
    const outcome = refused(await server.call(await issuer.sign({ scope: 'tools:read' }), ['tools:read', 'tools:write']));
    expect(outcome).toEqual({
      status: 403,
      challenge: `Bearer error="insufficient_scope", scope="tools:read tools:write", resource_metadata="${METADATA_URL}"`,
      body: '{"error":"insufficient_scope","error_description":"This request needs the scopes: tools:read tools:write."}',
    });
    expect(server.refusals).toEqual([{ reason: 'missing scope: tools:write', principal: 'alice', kind: 'jwt' }]);
  });

  it('when no token is sent then the 401 challenge points to the metadata without an error code', async () => {
    expect(refused(await resourceServer().call(undefined))).toEqual({ ...INVALID, challenge: `Bearer resource_metadata="${METADATA_URL}"` });
  });

  it('when tokens fail for every different reason then every 401 body is the same and only the log tells them apart', async () => {
    const server = resourceServer();
    const bad = [
      undefined,
      'not-a-jwt-at-all-but-long-enough-to-be-a-token',
      await issuer.sign({ exp: now() - 60, iat: now() - 600 }),
      await issuer.sign({ nbf: now() + 120 }),
      await issuer.sign({ aud: 'https://other.example.test/mcp' }),
      await issuer.sign({ iss: 'https://evil.example.test' }),
      await issuer.sign({}, await keyPair('RS256', issuer.rsa.kid)),
      new UnsecuredJWT({ sub: 'alice' }).setIssuer(issuer.url).setAudience(RESOURCE).setExpirationTime('5m').encode(),
    ];
    const outcomes = await Promise.all(bad.map((token) => server.call(token)));
    expect(new Set(outcomes.map((outcome) => refused(outcome).status))).toEqual(new Set([401]));
    expect(new Set(outcomes.map((outcome) => refused(outcome).body))).toEqual(new Set([UNAUTHORIZED_BODY]));
    expect(new Set(server.refusals.map((refusal) => refusal.reason)).size).toBe(bad.length);
  });
});

describe('JWKS discovery', () => {
  it('when no jwksUri is set then the keys are found through the issuer RFC 8414 metadata', async () => {
    const server = resourceServer({ jwksUri: undefined });
    expect((await server.call(await issuer.sign())).ok).toBe(true);
    expect(issuer.hits).toContain('/.well-known/oauth-authorization-server');
  });

  it('when the issuer only has an OpenID configuration then the keys are found through it', async () => {
    const oidc = await startLocalIssuer({ metadataAt: 'openid-configuration' });
    try {
      const auth = createAuthenticator({ oauth: { resource: RESOURCE, issuer: oidc.url } });
      const outcome = await auth.authenticate(new Request(RESOURCE, { headers: { authorization: `Bearer ${await oidc.sign()}` } }));
      expect(outcome.ok).toBe(true);
      expect(oidc.hits.slice(0, 3)).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration', '/jwks.json']);
    } finally {
      await oidc.close();
    }
  });

  it('when the metadata names another issuer then its keys are not used and the token is refused', async () => {
    const liar = await startLocalIssuer({ claimedIssuer: 'https://someone-else.example.test' });
    try {
      const refusals: AuthRefusal[] = [];
      const auth = createAuthenticator({ oauth: { resource: RESOURCE, issuer: liar.url }, onRefusal: (refusal) => refusals.push(refusal) });
      const outcome = await auth.authenticate(new Request(RESOURCE, { headers: { authorization: `Bearer ${await liar.sign()}` } }));
      expect(outcome.ok).toBe(false);
      expect(refusals[0]?.reason).toMatch(/^signing keys unavailable: .* names issuer "https:\/\/someone-else.example.test"/);
      expect(liar.hits).not.toContain('/jwks.json');
    } finally {
      await liar.close();
    }
  });

  it('when discovery fails then later tokens are refused without fetching again until the retry delay passes', async () => {
    const silent = await startLocalIssuer({ metadataAt: 'none' });
    try {
      const refusals: AuthRefusal[] = [];
      const auth = createAuthenticator({ oauth: { resource: RESOURCE, issuer: silent.url }, onRefusal: (refusal) => refusals.push(refusal) });
      const token = await silent.sign();
      for (let i = 0; i < 5; i += 1) await auth.authenticate(new Request(RESOURCE, { headers: { authorization: `Bearer ${token}` } }));
      expect(silent.hits).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
      expect(refusals[0]?.reason).toMatch(/no authorization server metadata for .*HTTP 404/);
      expect(refusals[4]?.reason).toMatch(/discovery failed \d+ s ago; retrying after 30 s/);
    } finally {
      await silent.close();
    }
  });
});

describe('static tokens and JWTs together', () => {
  const CI_TOKEN = 'ci-0123456789abcdef0123456789abcdef';

  function both() {
    const refusals: AuthRefusal[] = [];
    const auth = createAuthenticator({
      tokens: new StaticTokens([{ principal: 'ci', token: CI_TOKEN, scopes: ['tools:read'] }]),
      oauth: { resource: RESOURCE, issuer: issuer.url, jwksUri: issuer.jwksUri },
      onRefusal: (refusal) => refusals.push(refusal),
    });
    const call = (token: string): Promise<AuthOutcome> => auth.authenticate(new Request(RESOURCE, { headers: { authorization: `Bearer ${token}` } }));
    return { call, refusals };
  }

  it('when a static token is sent then it is known by its digest, with no JWKS fetch', async () => {
    const before = issuer.hits.length;
    expect(await both().call(CI_TOKEN)).toEqual({ ok: true, principal: { id: 'token:ci', name: 'ci', scopes: ['tools:read'], kind: 'token' } });
    expect(issuer.hits.length).toBe(before);
  });

  it('when a JWT is sent then it is verified as one', async () => {
    expect(await both().call(await issuer.sign({ sub: 'carol' }))).toMatchObject({ ok: true, principal: { id: `jwt:${issuer.url}#carol`, name: 'carol', kind: 'jwt' } });
  });

  it('when an unknown token is neither then it gets the same 401 as a bad JWT, with a challenge naming the metadata', async () => {
    const { call, refusals } = both();
    const unknown = refused(await call('zz-0123456789abcdef0123456789abcdef'));
    const forged = refused(await call(await issuer.sign({}, await keyPair('RS256', issuer.rsa.kid))));
    expect(unknown).toEqual(INVALID);
    expect(forged).toEqual(INVALID);
    expect(refusals.map((refusal) => refusal.reason)).toEqual(['unknown token (not a static token, not a JWT)', expect.stringMatching(/ERR_JWS_SIGNATURE_VERIFICATION_FAILED/)]);
  });
});
