import { CliMcpError } from '../../errors.js';
import { bearerToken } from './bearer-header.js';
import { forbidden, unauthorized } from './challenge.js';
import { JwtVerifier, type JwtCheck } from './jwt.js';
import { resolveOAuth, type OAuthOptions } from './oauth-options.js';
import { resourceMetadata } from './resource-metadata.js';
import { isScopeToken, missingScopes } from './scopes.js';
import type { StaticTokens } from './static-tokens.js';
import type { Authenticator, AuthOutcome, AuthRefusal } from './types.js';

/** Options of `createAuthenticator`; at least one of `tokens` and `oauth`. */
export interface AuthenticatorOptions {
  /** Static bearer tokens, tried first (see `loadStaticTokens`). @default none */
  readonly tokens?: StaticTokens;
  /** Accept JWT access tokens as an OAuth 2.1 resource server. @default none */
  readonly oauth?: OAuthOptions;
  /** Told why each request was refused, which the client never is. @default nothing is told */
  readonly onRefusal?: (refusal: AuthRefusal) => void;
}

/**
 * Authenticates requests by their `Authorization: Bearer` header: a static token (by digest), else a JWT.
 * Every 401 has the same body whatever went wrong; the reason goes to `onRefusal`.
 * With `oauth`, every challenge names the RFC 9728 document (`resource_metadata`) and `metadata()` returns it.
 * @throws {CliMcpError} `cli-mcp.invalid-option` when neither is configured or an OAuth option is malformed.
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const tokens = options.tokens && options.tokens.size > 0 ? options.tokens : undefined;
  const oauth = options.oauth ? resolveOAuth(options.oauth) : undefined;
  if (!tokens && !oauth) throw new CliMcpError('cli-mcp.invalid-option', 'authentication needs static tokens or OAuth settings; none were given, so no request could get in');
  const jwt = oauth ? new JwtVerifier(oauth) : undefined;
  const metadataUrl = oauth?.resourceMetadataUrl;
  const tell = options.onRefusal ?? (() => {});

  const authenticate = async (request: Request, needScopes: readonly string[] = []): Promise<AuthOutcome> => {
    const unfit = needScopes.find((scope) => !isScopeToken(scope));
    if (unfit !== undefined) throw new CliMcpError('cli-mcp.invalid-option', `a needed scope must be a scope token, got ${JSON.stringify(unfit)}`);
    const header = bearerToken(request.headers.get('authorization'));
    if (header === 'absent') {
      tell({ reason: oauth ? 'no bearer token' : 'no bearer token (with static tokens only, the client must be configured to send "Authorization: Bearer <token>"; it has no OAuth to get one from)' });
      return unauthorized(false, metadataUrl);
    }
    if (header === 'malformed') {
      tell({ reason: 'malformed bearer token (expected "Bearer <token>" with RFC 6750 token characters)' });
      return unauthorized(true, metadataUrl);
    }
    const known = tokens?.lookup(header.token);
    const check: JwtCheck = known ? { ok: true, principal: known } : jwt ? await jwt.verify(header.token) : { ok: false, reason: 'unknown token' };
    if (!check.ok) {
      tell({ reason: check.reason });
      return unauthorized(true, metadataUrl);
    }
    const { principal } = check;
    const missing = missingScopes(principal.scopes, needScopes);
    if (missing.length > 0) {
      tell({ reason: `missing scope${missing.length > 1 ? 's' : ''}: ${missing.join(' ')}`, principal: principal.name, kind: principal.kind });
      return forbidden(needScopes, metadataUrl);
    }
    return { ok: true, principal };
  };

  if (!oauth) return { authenticate };
  const document = resourceMetadata({
    resource: oauth.resource,
    authorizationServers: [oauth.issuer],
    ...(oauth.scopesSupported ? { scopesSupported: oauth.scopesSupported } : {}),
    ...(oauth.resourceName ? { resourceName: oauth.resourceName } : {}),
  });
  return { authenticate, metadata: () => structuredClone(document), resourceMetadataUrl: oauth.resourceMetadataUrl };
}
