import { describe, expect, it } from 'vitest';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';
import { isCliMcpError } from '../../../src/errors.js';
import { createAuthenticator } from '../../../src/http/auth/authenticator.js';
import { metadataUrls } from '../../../src/http/auth/discover-jwks.js';
import { resolveOAuth, type OAuthOptions } from '../../../src/http/auth/oauth-options.js';
import { protectedResourceMetadataUrl } from '../../../src/http/auth/resource-metadata.js';

const BASE: OAuthOptions = { resource: 'https://mcp.example.test/mcp', issuer: 'https://auth.example.test' };

function refusal(options: Partial<OAuthOptions>): string {
  try {
    resolveOAuth({ ...BASE, ...options });
  } catch (error) {
    if (isCliMcpError(error) && error.code === 'cli-mcp.invalid-option') return error.message;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

describe('OAuth options', () => {
  it('when only resource and issuer are given then the defaults are the documented ones', () => {
    expect(resolveOAuth(BASE)).toEqual({
      resource: new URL('https://mcp.example.test/mcp'),
      issuer: 'https://auth.example.test',
      jwksUri: undefined,
      audience: ['https://mcp.example.test/mcp'],
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'],
      principalClaim: 'sub',
      clockToleranceSeconds: 5,
      scopesSupported: undefined,
      resourceName: undefined,
      resourceMetadataUrl: 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp',
    });
  });

  it('when the resource is a bare origin then tokens for it with or without the trailing slash are accepted', () => {
    expect(resolveOAuth({ ...BASE, resource: 'https://mcp.example.test' }).audience).toEqual(['https://mcp.example.test/', 'https://mcp.example.test']);
  });

  it.each([
    [{ algorithms: ['none'] }, 'oauth.algorithms must be a non-empty list of RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519 ("none" and HS* are never accepted), got ["none"]'],
    [{ algorithms: ['RS256', 'HS256'] }, /^oauth.algorithms .* got \["RS256","HS256"\]$/],
    [{ algorithms: [] }, /^oauth.algorithms must be a non-empty list/],
    [{ issuer: 'http://auth.example.test' }, 'oauth.issuer must use https (plain http only on localhost), got "http://auth.example.test"'],
    [{ issuer: 'https://auth.example.test/?tenant=1' }, /^oauth.issuer must have no query or fragment/],
    [{ jwksUri: 'http://keys.example.test/jwks.json' }, /^oauth.jwksUri must use https/],
    [{ resource: 'mcp.example.test' }, 'oauth.resource must be an absolute URL, got "mcp.example.test"'],
    [{ resource: 'https://mcp.example.test/mcp#x' }, /^oauth.resource must not have a fragment/],
    [{ clockToleranceSeconds: 3600 }, 'oauth.clockToleranceSeconds must be from 0 to 300, got 3600'],
    [{ scopesSupported: ['tools read'] }, /^oauth.scopesSupported must be scope tokens .* got "tools read"$/],
    [{ audience: [] }, /^oauth.audience must be a non-empty string/],
  ])('when given %j then the option is refused by name', (options, message) => {
    if (typeof message === 'string') expect(refusal(options)).toBe(message);
    else expect(refusal(options)).toMatch(message);
  });

  it('when the issuer is on localhost then plain http is allowed', () => {
    expect(resolveOAuth({ ...BASE, issuer: 'http://localhost:8080', jwksUri: 'http://127.0.0.1:8080/jwks' }).jwksUri?.href).toBe('http://127.0.0.1:8080/jwks');
  });
});

describe('protected-resource metadata', () => {
  it.each(['https://mcp.example.test/mcp', 'https://mcp.example.test/', 'https://mcp.example.test', 'https://mcp.example.test/a/b/', 'https://mcp.example.test:8443/mcp?tenant=1', 'http://127.0.0.1:3000/mcp#frag'])(
    'when the resource is %s then its metadata URL is the one the MCP SDK derives',
    (resource) => {
      expect(protectedResourceMetadataUrl(new URL(resource))).toBe(getOAuthProtectedResourceMetadataUrl(new URL(resource)));
    },
  );

  it('when OAuth is configured then the authenticator serves the RFC 9728 document and names its URL', () => {
    const auth = createAuthenticator({ oauth: { ...BASE, scopesSupported: ['tools:read', 'tools:write'], resourceName: 'git over MCP' } });
    expect(auth.resourceMetadataUrl).toBe('https://mcp.example.test/.well-known/oauth-protected-resource/mcp');
    expect(auth.metadata?.()).toEqual({
      resource: 'https://mcp.example.test/mcp',
      authorization_servers: ['https://auth.example.test'],
      scopes_supported: ['tools:read', 'tools:write'],
      bearer_methods_supported: ['header'],
      resource_name: 'git over MCP',
    });
  });

  it('when the caller edits the returned document then the next one is unchanged', () => {
    const auth = createAuthenticator({ oauth: BASE });
    (auth.metadata?.()['authorization_servers'] as string[]).push('https://evil.example.test');
    expect(auth.metadata?.()['authorization_servers']).toEqual(['https://auth.example.test']);
  });
});

describe('metadataUrls', () => {
  it.each([
    ['https://auth.example.test', ['https://auth.example.test/.well-known/oauth-authorization-server', 'https://auth.example.test/.well-known/openid-configuration']],
    ['https://auth.example.test/', ['https://auth.example.test/.well-known/oauth-authorization-server', 'https://auth.example.test/.well-known/openid-configuration']],
    ['https://auth.example.test/tenant/a', ['https://auth.example.test/.well-known/oauth-authorization-server/tenant/a', 'https://auth.example.test/tenant/a/.well-known/openid-configuration']],
  ])('when the issuer is %s then RFC 8414 metadata is tried before the OpenID configuration', (issuer, urls) => {
    expect(metadataUrls(issuer).map((url) => url.href)).toEqual(urls);
  });
});
