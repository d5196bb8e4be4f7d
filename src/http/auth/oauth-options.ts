import { CliMcpError } from '../../errors.js';
import { isScopeToken } from './scopes.js';
import { protectedResourceMetadataUrl } from './resource-metadata.js';

/** cli-mcp as an OAuth 2.1 resource server: it accepts JWT access tokens from one authorization server. */
export interface OAuthOptions {
  /** This server's public MCP URL: the RFC 8707 resource tokens are issued for, and `resource` in the metadata. */
  readonly resource: string | URL;
  /** The authorization server's issuer identifier; a token's `iss` must equal it exactly. */
  readonly issuer: string;
  /**
   * Where the signing keys are. @default discovered: the `jwks_uri` of the issuer's RFC 8414 metadata
   * (`/.well-known/oauth-authorization-server`), else of its OpenID configuration, whose `issuer` must match.
   */
  readonly jwksUri?: string;
  /** What a token's `aud` must contain (one match is enough). @default the resource URL, with and without a trailing slash */
  readonly audience?: string | readonly string[];
  /** Signature algorithms accepted; asymmetric only (`none` and `HS*` are refused). @default RS, PS and ES 256/384/512, EdDSA, Ed25519 */
  readonly algorithms?: readonly string[];
  /** The claim that names the principal. @default 'sub' */
  readonly principalClaim?: string;
  /** Slack allowed on `exp` and `nbf` for clock skew. @default 5 */
  readonly clockToleranceSeconds?: number;
  /** Scopes advertised as `scopes_supported` in the metadata. @default none advertised */
  readonly scopesSupported?: readonly string[];
  /** `resource_name` in the metadata. @default none */
  readonly resourceName?: string;
  /** Where the RFC 9728 document is served. @default the well-known URL derived from `resource` */
  readonly resourceMetadataUrl?: string;
}

/** The asymmetric JWS algorithms: a public key can only verify, so it cannot be turned into an HMAC secret. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** `OAuthOptions` with every default applied and every value checked. */
export interface ResolvedOAuth {
  readonly resource: URL;
  readonly issuer: string;
  readonly jwksUri: URL | undefined;
  readonly audience: readonly string[];
  readonly algorithms: readonly string[];
  readonly principalClaim: string;
  readonly clockToleranceSeconds: number;
  readonly scopesSupported: readonly string[] | undefined;
  readonly resourceName: string | undefined;
  readonly resourceMetadataUrl: string;
}

/** @throws {CliMcpError} `cli-mcp.invalid-option` naming the option and echoing the bad value. */
export function resolveOAuth(options: OAuthOptions): ResolvedOAuth {
  const resource = url('oauth.resource', options.resource, false);
  if (resource.hash) bad('oauth.resource', 'must not have a fragment (RFC 8707)', options.resource);
  const issuer = url('oauth.issuer', options.issuer, true);
  if (issuer.hash || issuer.search) bad('oauth.issuer', 'must have no query or fragment (RFC 8414)', options.issuer);
  const algorithms = options.algorithms ?? ASYMMETRIC_ALGORITHMS;
  const weak = algorithms.find((alg) => !ASYMMETRIC_ALGORITHMS.includes(alg));
  if (weak !== undefined || algorithms.length === 0) bad('oauth.algorithms', `must be a non-empty list of ${ASYMMETRIC_ALGORITHMS.join(', ')} ("none" and HS* are never accepted)`, algorithms);
  const audience = options.audience === undefined ? [resource.href, resource.href.replace(/\/$/, '')] : [options.audience].flat();
  if (audience.length === 0 || audience.some((value) => typeof value !== 'string' || value === '')) bad('oauth.audience', 'must be a non-empty string or list of them', options.audience);
  const principalClaim = options.principalClaim ?? 'sub';
  if (typeof principalClaim !== 'string' || principalClaim === '') bad('oauth.principalClaim', 'must be a claim name', principalClaim);
  const clockToleranceSeconds = options.clockToleranceSeconds ?? 5;
  if (!(clockToleranceSeconds >= 0 && clockToleranceSeconds <= 300)) bad('oauth.clockToleranceSeconds', 'must be from 0 to 300', clockToleranceSeconds);
  const unfit = options.scopesSupported?.find((scope) => !isScopeToken(scope));
  if (unfit !== undefined) bad('oauth.scopesSupported', 'must be scope tokens (no spaces, quotes or backslashes)', unfit);
  return {
    resource,
    issuer: options.issuer,
    jwksUri: options.jwksUri === undefined ? undefined : url('oauth.jwksUri', options.jwksUri, true),
    audience: [...new Set(audience)],
    algorithms: [...algorithms],
    principalClaim,
    clockToleranceSeconds,
    scopesSupported: options.scopesSupported,
    resourceName: options.resourceName,
    resourceMetadataUrl: options.resourceMetadataUrl ?? protectedResourceMetadataUrl(resource),
  };
}

/** Keys and metadata fetched over plain HTTP could be swapped in transit; loopback is the one exception (local issuers, tests). */
export function isSecureOrLoopback(value: URL): boolean {
  return value.protocol === 'https:' || (value.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(value.hostname));
}

function url(name: string, value: string | URL, fetched: boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    bad(name, 'must be an absolute URL', value);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') bad(name, 'must be an http(s) URL', value);
  if (fetched && !isSecureOrLoopback(parsed)) bad(name, 'must use https (plain http only on localhost)', value);
  return parsed;
}

function bad(name: string, rule: string, value: unknown): never {
  throw new CliMcpError('cli-mcp.invalid-option', `${name} ${rule}, got ${JSON.stringify(value instanceof URL ? value.href : value)}`);
}
