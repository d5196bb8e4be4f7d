/** What the RFC 9728 protected-resource metadata document says. */
export interface ResourceMetadataInput {
  /** This server's resource identifier (its public MCP URL). */
  readonly resource: URL;
  /** Issuer identifiers of the authorization servers whose tokens are accepted. */
  readonly authorizationServers: readonly string[];
  readonly scopesSupported?: readonly string[];
  readonly resourceName?: string;
}

/**
 * Where the RFC 9728 document lives: `/.well-known/oauth-protected-resource` put before the resource's path
 * (`https://h/mcp` → `https://h/.well-known/oauth-protected-resource/mcp`), query kept, fragment dropped.
 * The same rule as the MCP SDK's `getOAuthProtectedResourceMetadataUrl` (a test holds them together).
 */
export function protectedResourceMetadataUrl(resource: URL): string {
  const url = new URL(resource);
  const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  url.pathname = `/.well-known/oauth-protected-resource${path === '/' ? '' : path}`;
  url.hash = '';
  return url.href;
}

/** The RFC 9728 document; only the header carries tokens here, so `bearer_methods_supported` says so. */
export function resourceMetadata(input: ResourceMetadataInput): Record<string, unknown> {
  return {
    resource: input.resource.href,
    authorization_servers: [...input.authorizationServers],
    ...(input.scopesSupported ? { scopes_supported: [...input.scopesSupported] } : {}),
    bearer_methods_supported: ['header'],
    ...(input.resourceName ? { resource_name: input.resourceName } : {}),
  };
}
