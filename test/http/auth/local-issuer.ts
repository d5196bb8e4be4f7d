import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** Where the issuer publishes its metadata document, or nowhere (discovery must fail). */
export type MetadataAt = 'oauth-authorization-server' | 'openid-configuration' | 'none';

export interface LocalIssuerOptions {
  /** @default 'oauth-authorization-server' */
  readonly metadataAt?: MetadataAt;
  /** The `issuer` its metadata claims. @default its own URL */
  readonly claimedIssuer?: string;
}

interface SigningKey {
  readonly kid: string;
  readonly alg: 'RS256' | 'ES256';
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

/** A real authorization server's public face on 127.0.0.1: JWKS, metadata, and a signer holding its private keys. */
export interface LocalIssuer {
  /** The issuer identifier, `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly jwksUri: string;
  readonly rsa: SigningKey;
  readonly ec: SigningKey;
  /** Paths requested so far, in order. */
  readonly hits: string[];
  /** A token signed by one of its keys; `claims` override the defaults (iss, aud, sub alice, scope, iat, exp in 5 min). */
  sign(claims?: JWTPayload, key?: SigningKey, header?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export const RESOURCE = 'https://mcp.example.test/mcp';

export async function keyPair(alg: 'RS256' | 'ES256', kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  return { kid, alg, privateKey, publicKey };
}

export async function startLocalIssuer(options: LocalIssuerOptions = {}): Promise<LocalIssuer> {
  const rsa = await keyPair('RS256', 'rsa-1');
  const ec = await keyPair('ES256', 'ec-1');
  const jwks = { keys: await Promise.all([rsa, ec].map(async (key): Promise<JWK> => ({ ...(await exportJWK(key.publicKey)), kid: key.kid, alg: key.alg, use: 'sig' }))) };
  const hits: string[] = [];
  let url = '';
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    const at = options.metadataAt ?? 'oauth-authorization-server';
    const json = (status: number, body: unknown): void => void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/jwks.json') return json(200, jwks);
    if (at !== 'none' && path === `/.well-known/${at}`) {
      return json(200, { issuer: options.claimedIssuer ?? url, jwks_uri: `${url}/jwks.json`, authorization_endpoint: `${url}/authorize`, token_endpoint: `${url}/token`, response_types_supported: ['code'] });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = async (claims: JWTPayload = {}, key: SigningKey = rsa, header: Record<string, unknown> = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = { iss: url, aud: RESOURCE, sub: 'alice', scope: 'tools:read', iat: now, exp: now + 300, ...claims };
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
    return new SignJWT(payload).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt', ...header }).sign(key.privateKey);
  };
  return {
    url,
    jwksUri: `${url}/jwks.json`,
    rsa,
    ec,
    hits,
    sign,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
