import { createHash, timingSafeEqual } from 'node:crypto';
import { CliMcpError } from '../../errors.js';
import { isB64Token } from './bearer-header.js';
import { isScopeToken } from './scopes.js';
import { tokenPrincipalId } from './principal-id.js';
import type { Principal } from './types.js';

/** One static bearer token as configured: who presents it, and what it may do. */
export interface StaticTokenEntry {
  readonly principal: string;
  /** The secret, 32 characters or more, in RFC 6750 `b64token` characters (`A-Z a-z 0-9 - . _ ~ + /`, `=` at the end). */
  readonly token: string;
  /** @default [] */
  readonly scopes?: readonly string[];
}

/** The shortest token accepted: 32 random characters are far past guessing over HTTP. */
export const MIN_TOKEN_LENGTH = 32;

interface HashedToken {
  readonly sha256: Buffer;
  readonly principal: Principal;
}

/**
 * Static bearer tokens, held only as SHA-256 digests: the plaintext is hashed at construction and
 * not kept. A lookup hashes the presented token and compares it with every digest in constant time.
 */
export class StaticTokens {
  private readonly hashed: readonly HashedToken[];

  /**
   * @param source names where the entries came from, in error messages ("CLI_MCP_TOKENS", a file path).
   * @throws {CliMcpError} `cli-mcp.invalid-tokens` naming the principal (never the token) when a token is
   * shorter than 32 characters, has characters a header cannot carry, or is given twice; or a scope is malformed.
   */
  constructor(entries: readonly StaticTokenEntry[], source = 'static tokens') {
    const hashed: HashedToken[] = [];
    for (const entry of entries) {
      const name = JSON.stringify(entry.principal);
      const refuse = (why: string): never => {
        throw new CliMcpError('cli-mcp.invalid-tokens', `${source}: the token of principal ${name} ${why}`);
      };
      if (typeof entry.principal !== 'string' || entry.principal.trim() === '') {
        throw new CliMcpError('cli-mcp.invalid-tokens', `${source}: a token's principal must be a non-empty name, got ${name}`);
      }
      if (typeof entry.token !== 'string' || entry.token.length < MIN_TOKEN_LENGTH) refuse(`is shorter than ${MIN_TOKEN_LENGTH} characters`);
      if (!isB64Token(entry.token)) refuse('has characters a Bearer header cannot carry (allowed: A-Z a-z 0-9 - . _ ~ + / and = at the end)');
      const scopes = entry.scopes ?? [];
      const bad = scopes.find((scope) => !isScopeToken(scope));
      if (bad !== undefined) refuse(`has a malformed scope ${JSON.stringify(bad)} (no spaces, quotes or backslashes)`);
      const sha256 = digest(entry.token);
      const twin = hashed.find((other) => timingSafeEqual(other.sha256, sha256));
      if (twin) refuse(`is also the token of principal ${JSON.stringify(twin.principal.name)}; give each principal its own`);
      hashed.push({ sha256, principal: Object.freeze({ id: tokenPrincipalId(entry.principal), name: entry.principal, scopes: Object.freeze([...new Set(scopes)]), kind: 'token' }) });
    }
    this.hashed = hashed;
  }

  get size(): number {
    return this.hashed.length;
  }

  /** The principals' names, for checking what a policy names. */
  get names(): readonly string[] {
    return this.hashed.map((entry) => entry.principal.name);
  }

  /**
   * The principal whose token this is, or undefined.
   * Constant-time in the secret: both sides are 32-byte digests, every digest is compared (no early exit),
   * and timingSafeEqual's time does not depend on where the bytes differ.
   */
  lookup(token: string): Principal | undefined {
    const presented = digest(token);
    let found: Principal | undefined;
    for (const entry of this.hashed) {
      if (timingSafeEqual(entry.sha256, presented)) found = entry.principal;
    }
    return found;
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
