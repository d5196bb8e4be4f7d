/** Who made an HTTP request, as authentication proved it. */
export interface Principal {
  /**
   * Who the caller is, unique across kinds: `token:<name>` for a static token, `jwt:<issuer>#<sub>` for a JWT.
   * Everything kept per caller (grants, rate buckets, slots, runs, tasks, spooled output) is keyed by it, so a
   * JWT whose `sub` is a static token's name is still someone else.
   */
  readonly id: string;
  /** The static token's `principal`, or the JWT's `sub` (or the configured claim): for messages and logs. */
  readonly name: string;
  readonly scopes: readonly string[];
  readonly kind: 'token' | 'jwt';
  /** When the credential stops being valid, in seconds since the epoch; JWTs only. */
  readonly expiresAt?: number;
}

/** A request let in with its principal, or refused with a ready HTTP answer (status, headers, body). */
export type AuthOutcome =
  | { readonly ok: true; readonly principal: Principal }
  | { readonly ok: false; readonly status: 401 | 403; readonly headers: Record<string, string>; readonly body: string };

/** What a refusal was really about: for the operator's log, never for the client. */
export interface AuthRefusal {
  /** Why, in words: "unknown token", "JWT rejected (ERR_JWT_EXPIRED): …", "missing scope: write". */
  readonly reason: string;
  /** The principal, once one was proved (a scope refusal). */
  readonly principal?: string;
  readonly kind?: Principal['kind'];
}

/** Checks a request's bearer token. */
export interface Authenticator {
  /**
   * Lets the request in, or refuses it: 401 without a valid token, 403 when `needScopes` are not all granted.
   * @throws {CliMcpError} `cli-mcp.invalid-option` when a needed scope is not a scope token (a caller's bug).
   */
  authenticate(request: Request, needScopes?: readonly string[]): Promise<AuthOutcome>;
  /** The RFC 9728 document to serve at `resourceMetadataUrl`, when OAuth is configured. */
  metadata?(): Record<string, unknown>;
  /** Where the RFC 9728 document is served (named in every challenge), when OAuth is configured. */
  readonly resourceMetadataUrl?: string;
}
