import { isSecureOrLoopback } from './oauth-options.js';

/** How long one metadata fetch may take. */
export const DISCOVERY_TIMEOUT_MS = 5_000;

/**
 * Finds the issuer's `jwks_uri`: RFC 8414 metadata first (`/.well-known/oauth-authorization-server`
 * put before the issuer's path), then OpenID Connect discovery (`/.well-known/openid-configuration`
 * after it). A document whose `issuer` differs from ours is refused, not skipped (RFC 8414 §3.3):
 * it would let another party choose the keys.
 * @throws {Error} saying what each place answered.
 */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const problems: string[] = [];
  for (const where of metadataUrls(issuer)) {
    const document = await fetchJson(where).catch((error: unknown) => {
      problems.push(`${where.href}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (document === undefined) continue;
    if (document['issuer'] !== issuer) {
      throw new Error(`${where.href} names issuer ${JSON.stringify(document['issuer'])}, not ${JSON.stringify(issuer)}`);
    }
    const jwksUri = typeof document['jwks_uri'] === 'string' && URL.canParse(document['jwks_uri']) ? new URL(document['jwks_uri']) : undefined;
    if (jwksUri === undefined || !isSecureOrLoopback(jwksUri)) {
      throw new Error(`${where.href} has no usable jwks_uri (an https URL), got ${JSON.stringify(document['jwks_uri'])}`);
    }
    return jwksUri;
  }
  throw new Error(`no authorization server metadata for ${issuer}: ${problems.join('; ')}`);
}

/** RFC 8414 §3.1 and OpenID Connect Discovery §4, in that order. */
export function metadataUrls(issuer: string): URL[] {
  const base = new URL(issuer);
  const path = base.pathname.replace(/\/$/, '');
  return [new URL(`/.well-known/oauth-authorization-server${path}`, base), new URL(`${path}/.well-known/openid-configuration`, base)];
}

async function fetchJson(where: URL): Promise<Record<string, unknown>> {
  // A redirect is an answer we do not follow: the metadata must live where the issuer says.
  const response = await fetch(where, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const parsed: unknown = await response.json();
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
  return parsed as Record<string, unknown>;
}
