import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { looksLikeJwt } from './bearer-header.js';
import { discoverJwksUri } from './discover-jwks.js';
import type { ResolvedOAuth } from './oauth-options.js';
import { scopesOfClaims } from './scopes.js';
import { jwtPrincipalId } from './principal-id.js';
import type { Principal } from './types.js';

/** After a failed discovery, requests wait this long before another fetch, so bad tokens cannot make us hammer the issuer. */
export const DISCOVERY_RETRY_MS = 30_000;

/** A verified principal, or why not (for the log only). */
export type JwtCheck = { readonly ok: true; readonly principal: Principal } | { readonly ok: false; readonly reason: string };

/**
 * Verifies JWT access tokens against the issuer's JWKS: signature with an allowed asymmetric algorithm,
 * `iss`, `aud`, `exp` (required) and `nbf` within the clock tolerance, and a principal claim.
 * The key set is fetched on first use (discovered when no `jwksUri` is set) and cached by jose.
 */
export class JwtVerifier {
  private keys: Promise<JWTVerifyGetKey> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ResolvedOAuth) {}

  async verify(token: string): Promise<JwtCheck> {
    if (!looksLikeJwt(token)) return { ok: false, reason: 'unknown token (not a static token, not a JWT)' };
    let keys: JWTVerifyGetKey;
    try {
      keys = await this.keySet();
    } catch (error) {
      return { ok: false, reason: `signing keys unavailable: ${messageOf(error)}` };
    }
    const { options } = this;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: [...options.audience],
        algorithms: [...options.algorithms],
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['exp'],
      });
      const name = payload[options.principalClaim];
      if (typeof name !== 'string' || name === '') return { ok: false, reason: `JWT has no "${options.principalClaim}" string to name its principal` };
      const principal: Principal = { id: jwtPrincipalId(options.issuer, name), name, scopes: scopesOfClaims(payload), kind: 'jwt', ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }) };
      return { ok: true, principal: Object.freeze(principal) };
    } catch (error) {
      // jose's messages name the failed check, never the token or claim values; the error object itself holds the payload.
      const code = error instanceof errors.JOSEError ? error.code : 'ERR_UNKNOWN';
      return { ok: false, reason: `JWT rejected (${code}): ${messageOf(error)}` };
    }
  }

  private keySet(): Promise<JWTVerifyGetKey> {
    if (this.keys) return this.keys;
    const since = Date.now() - this.failedAt;
    if (since < DISCOVERY_RETRY_MS) return Promise.reject(new Error(`discovery failed ${Math.round(since / 1000)} s ago; retrying after ${DISCOVERY_RETRY_MS / 1000} s`));
    this.keys = this.loadKeySet().catch((error: unknown) => {
      this.keys = undefined;
      this.failedAt = Date.now();
      throw error;
    });
    return this.keys;
  }

  private async loadKeySet(): Promise<JWTVerifyGetKey> {
    const uri = this.options.jwksUri ?? (await discoverJwksUri(this.options.issuer));
    return createRemoteJWKSet(uri);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
