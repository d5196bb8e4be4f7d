import type { AuthOutcome } from './types.js';

/** The one 401 body: the same for a missing, unknown, expired or forged token, so it tells an attacker nothing. */
export const UNAUTHORIZED_BODY = JSON.stringify({ error: 'invalid_token', error_description: 'A valid bearer token is required.' });
/** The same, from a server with static tokens only: a client that looks for OAuth finds none, and this says what to do instead. */
export const STATIC_UNAUTHORIZED_BODY = JSON.stringify({ error: 'invalid_token', error_description: 'A valid bearer token is required. This server has no OAuth: configure the client with the token it was given, sent as "Authorization: Bearer <token>".' });

/**
 * 401 with a `WWW-Authenticate: Bearer` challenge. RFC 6750 §3.1: `error="invalid_token"` only when a
 * token was sent; without one, the bare challenge (and where to find the authorization server).
 */
export function unauthorized(tokenSent: boolean, resourceMetadataUrl: string | undefined): AuthOutcome {
  const params: Array<[string, string]> = tokenSent ? [['error', 'invalid_token']] : [];
  if (resourceMetadataUrl !== undefined) params.push(['resource_metadata', resourceMetadataUrl]);
  return refusal(401, params, resourceMetadataUrl === undefined ? STATIC_UNAUTHORIZED_BODY : UNAUTHORIZED_BODY);
}

/** 403 `insufficient_scope`, naming every scope the request needs (RFC 6750 §3.1), so a client can step up. */
export function forbidden(needScopes: readonly string[], resourceMetadataUrl: string | undefined): AuthOutcome {
  const scope = needScopes.join(' ');
  const params: Array<[string, string]> = [['error', 'insufficient_scope'], ['scope', scope]];
  if (resourceMetadataUrl !== undefined) params.push(['resource_metadata', resourceMetadataUrl]);
  return refusal(403, params, JSON.stringify({ error: 'insufficient_scope', error_description: `This request needs the scopes: ${scope}.` }));
}

function refusal(status: 401 | 403, params: ReadonlyArray<[string, string]>, body: string): AuthOutcome {
  const challenge = params.length === 0 ? 'Bearer' : `Bearer ${params.map(([name, value]) => `${name}="${quoted(value)}"`).join(', ')}`;
  return {
    ok: false,
    status,
    headers: { 'www-authenticate': challenge, 'content-type': 'application/json', 'cache-control': 'no-store' },
    body,
  };
}

/** An HTTP quoted-string's content: `\` and `"` escaped, anything outside printable ASCII replaced. */
function quoted(value: string): string {
  return value.replace(/[\\"]/g, (found) => `\\${found}`).replace(/[^\x20-\x7E]/g, ' ');
}
