import type { ApprovalMode } from '../approval/ask-first.js';
import type { BucketSettings } from '../middleware/rate-limit.js';
import { allowCommands, excludeCommands, type CommandMatcher } from '../tool/select.js';
import type { PolicyGrant } from './policy-schema.js';
import type { Policy } from './read-policy.js';
import { principalParts } from '../http/auth/principal-id.js';

/** What one principal gets from a policy. */
export interface PrincipalPolicy {
  /** The entry that decided, for logs and refusals: `rules[2]`, or `default`. */
  readonly rule: string;
  /**
   * Whether the principal may see and call the command at `commandPath`: its words from the program's
   * own, as `RunnableCommand.path` holds them (`['kubectl', 'get', 'pods']`).
   */
  allows(commandPath: readonly string[]): boolean;
  /** Its approval mode. @default the server's own */
  readonly approval?: ApprovalMode;
  /** Its own token bucket, shared by all its calls. @default the server's own rate limit */
  readonly rateLimit?: BucketSettings;
}

/**
 * What an authenticated principal gets (the auth's own principal object passes as is): the first rule
 * that names it or one of its scopes decides, wholly; with none, the policy's `default`. A field the
 * deciding entry leaves out comes from the server's options, never from another rule.
 */
export function policyFor(policy: Policy, principal: { readonly id: string; readonly scopes: readonly string[] }): PrincipalPolicy {
  const index = policy.rules.findIndex(
    (rule) => (rule.principals?.some((entry) => namesPrincipal(entry, principal.id)) ?? false) || (rule.scopes?.some((scope) => principal.scopes.includes(scope)) ?? false),
  );
  const rule = policy.rules[index];
  return rule ? grantFor(rule, `rules[${index}]`) : grantFor(policy.default, 'default');
}

/**
 * The tools of the commands a principal may call, in order: build its catalog over these, so that
 * search, describe, groups and the run tools never name the others (and `run_read_only_command` is
 * listed only when one of these is read-only). When none is left, list no tool at all.
 */
export function allowedTools<T extends { readonly command: { readonly path: readonly string[] } }>(access: PrincipalPolicy, tools: readonly T[]): T[] {
  return tools.filter((tool) => access.allows(tool.command.path));
}

/**
 * Whether a rule's entry names the principal with this id: `token:alice` or a bare `alice` a static token's
 * principal, `jwt:alice` a JWT whose subject is alice (from the one issuer the server accepts), and
 * `jwt:<issuer>#alice` the same in full. A bare name never matches a JWT: subjects and token names do not alias.
 */
export function namesPrincipal(entry: string, id: string): boolean {
  if (entry === id) return true;
  const { kind, name } = principalParts(id);
  if (kind === 'token') return entry === name && !/^(?:token|jwt):/.test(entry);
  return kind === 'jwt' && entry === `jwt:${name}`;
}

function grantFor(grant: PolicyGrant, rule: string): PrincipalPolicy {
  const allowed = grant.allow === undefined ? undefined : allowCommands(...grant.allow);
  const kept = grant.deny === undefined ? undefined : excludeCommands(...grant.deny);
  const matches = (matcher: CommandMatcher | undefined, path: readonly string[]): boolean => matcher?.({ path, options: [], positionals: [] }) ?? true;
  const { approval, rateLimit } = grant;
  return {
    rule,
    // Deny wins over allow: a command must pass both.
    allows: (path) => path.length > 0 && matches(kept, path) && matches(allowed, path),
    ...(approval === undefined ? {} : { approval }),
    ...(rateLimit === undefined ? {} : { rateLimit: { capacity: rateLimit.burst ?? Math.ceil(2 * rateLimit.perSecond), perSecond: rateLimit.perSecond } }),
  };
}
