import { InvalidArgumentError, Option, type Command } from 'commander';
import type { SharedFlags } from './options.js';
import { CliMcpError } from '../errors.js';

/** `wrap`'s options for serving over HTTP: where, who may call, what each may do, and the store replicas share. */
export function addHttpOptions(command: Command): Command {
  return command
    .addOption(new Option('--http <[host:]port>', 'serve Streamable HTTP at http://host:port/mcp instead of stdio (host 127.0.0.1 unless given)').argParser(listenAddress))
    .option('--token-file <file>', 'with --http: bearer tokens that may call, each naming a principal ({"tokens": [{"principal", "token", "scopes"}]}; also read from $CLI_MCP_TOKENS)')
    .option('--oauth-issuer <url>', 'with --http: accept JWT access tokens from this OAuth issuer (its JWKS found from its metadata)')
    .option('--oauth-resource <url>', 'with --oauth-issuer: this server\'s public URL (https://…/mcp), the audience tokens must name')
    .option('--oauth-jwks <url>', 'with --oauth-issuer: the issuer\'s JWKS URL, instead of discovering it')
    .option('--require-scope <scopes...>', 'with --http and authentication: scopes every caller\'s token must grant (403 otherwise)')
    .option('--access-policy <file>', 'with --http and authentication: which tools each principal or scope may see and call, its approval mode and rate limit (JSON or YAML)')
    .option('--redis <url>', `with --http: share rate limits, the concurrency cap and approvals with every replica using this Redis or Valkey (redis:// or rediss://; also read from $${REDIS_ENV}); while it does not answer, calls are refused`);
}

interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

export interface HttpFlags {
  http?: ListenAddress;
  redis?: string;
  tokenFile?: string;
  oauthIssuer?: string;
  oauthResource?: string;
  oauthJwks?: string;
  accessPolicy?: string;
  requireScope?: string[];
}

/** The environment variable that may hold the Redis URL, so a password in it stays off the command line. */
const REDIS_ENV = 'CLI_MCP_REDIS';

/** The store replicas share, from --redis or $CLI_MCP_REDIS with --http; ioredis loads only then. */
export async function sharedStore(flags: HttpFlags & SharedFlags) {
  const url = flags.redis ?? (flags.http ? process.env[REDIS_ENV] || undefined : undefined);
  // Like the tokens, the URL (perhaps holding a password) leaves the environment once read.
  delete process.env[REDIS_ENV];
  if (url === undefined) {
    if (flags.slotLease !== undefined) throw new CliMcpError('cli-mcp.invalid-option', '--slot-lease needs --redis: only slots in a shared store are leased');
    return undefined;
  }
  if (!flags.http) throw new CliMcpError('cli-mcp.invalid-option', '--redis needs --http: replicas behind a load balancer share a store; a stdio server serves one client');
  const { redisStore } = await import('../store/redis.js');
  return redisStore(url);
}

/** Each caller's access from a policy file; it names principals, so it needs authentication to mean anything. */
export async function accessPolicy(file: string, auth: Awaited<ReturnType<typeof authenticatorFor>>) {
  if (!auth) throw new CliMcpError('cli-mcp.invalid-option', '--access-policy needs --http with authentication (--token-file, $CLI_MCP_TOKENS or --oauth-issuer): it gives tools to principals');
  const { readPolicy } = await import('../policy/read-policy.js');
  const { policyFor } = await import('../policy/policy-for.js');
  const policy = readPolicy(file, auth.known);
  return (principal: { readonly id: string; readonly scopes: readonly string[] } | undefined) => policyFor(policy, principal ?? { id: '', scopes: [] });
}

/** The authenticator the flags (and $CLI_MCP_TOKENS) describe, or none; the auth modules load only with --http. */
export async function authenticatorFor(flags: HttpFlags, stderr: NodeJS.WritableStream) {
  const { loadStaticTokens, TOKENS_ENV } = await import('../http/auth/load-tokens.js');
  const { createAuthenticator } = await import('../http/auth/authenticator.js');
  const tokens = flags.tokenFile !== undefined || process.env[TOKENS_ENV] ? await loadStaticTokens({ file: flags.tokenFile }) : undefined;
  // The plaintext tokens leave the environment once hashed: no child and no later reader sees them.
  delete process.env[TOKENS_ENV];
  if (flags.oauthIssuer === undefined && (flags.oauthResource ?? flags.oauthJwks) !== undefined) throw new CliMcpError('cli-mcp.invalid-option', '--oauth-resource and --oauth-jwks need --oauth-issuer');
  if (flags.oauthIssuer !== undefined && flags.oauthResource === undefined) throw new CliMcpError('cli-mcp.invalid-option', '--oauth-issuer needs --oauth-resource: the public URL of this server, which tokens must name as their audience');
  const oauth = flags.oauthIssuer === undefined || flags.oauthResource === undefined ? undefined : { issuer: flags.oauthIssuer, resource: flags.oauthResource, ...(flags.oauthJwks ? { jwksUri: flags.oauthJwks } : {}) };
  if (!tokens && !oauth) return undefined;
  const authenticator = createAuthenticator({ tokens, oauth, onRefusal: (refusal) => void stderr.write(`cli-mcp: http: refused a request${refusal.principal ? ` from ${refusal.principal}` : ''}: ${refusal.reason}\n`) });
  return { authenticator, known: { tokens: tokens?.names ?? [], jwt: oauth !== undefined } };
}

/** `8080`, `0.0.0.0:8080`, `[::1]:8080`. */
function listenAddress(value: string): ListenAddress {
  const match = /^(?:(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):)?(\d{1,5})$/.exec(value);
  const port = Number(match?.[3]);
  if (!match || port > 65_535) throw new InvalidArgumentError(`expected [host:]port, such as 8080 or 127.0.0.1:8080, got "${value}"`);
  return { host: match[1] ?? match[2] ?? '127.0.0.1', port };
}
