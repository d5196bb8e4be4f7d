/**
 * The access policy file: which commands each principal may see and call, its approval mode and its
 * rate limit. Not the argv policy (src/argv/argv-policy.ts), which says what no call may ever pass.
 */
import * as z from 'zod';
import { APPROVAL_MODES } from '../options.js';

/** Characters of shell and gitignore globs that mean nothing here: they would silently match only themselves. */
const FOREIGN_GLOB = /^[^?[\]{},]*$/;
/** A word that starts with `-` is a flag, never a command word. */
const NO_FLAG_WORD = /^(?!\s*-)(?!.*\s-)/;
/** gitignore's `!pattern` does not negate here. */
const NO_BANG = /^(?!\s*!)/;

const globSchema = z
  .string()
  .regex(/\S/, 'must not be empty')
  .regex(NO_BANG, 'a leading "!" does not negate here: list the commands under "deny"')
  .regex(FOREIGN_GLOB, 'only "*" is a wildcard here ("?", "[ ]", "{ }" and "," would match only themselves): give each pattern its own item')
  .regex(NO_FLAG_WORD, 'a glob names commands, not flags: no word may start with "-"')
  .meta({ id: 'CommandGlob', description: 'Command words, with or without the program\'s (`get`, `kubectl config view`); `*` matches any characters, spaces included.' });

/** RFC 6749 §3.3 scope-token: what a token's scopes can hold, so a scope with a space could never match. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

const rateLimitSchema = z
  .strictObject({
    perSecond: z.number().positive('must be more than 0').describe('Calls per second this principal may make, across all tools; a fraction is slower than one a second (0.5: one every 2 s).'),
    burst: z.int().min(1, 'must be at least 1').describe('Calls it may make at once before the rate applies (the bucket\'s capacity). Default: twice perSecond, rounded up.').optional(),
  })
  .meta({ id: 'RateLimit', description: 'A token bucket for each principal this entry applies to, shared by all its calls; replaces the server\'s own rate limit for them.' });

const grantShape = {
  allow: z
    .array(globSchema)
    .describe('The commands it may see and call, matched as --include matches: "get" allows `get` only, "config *" every command under config but not config itself. Every command when absent, none when empty.')
    .optional(),
  deny: z
    .array(globSchema)
    .describe('Commands it may not see or call even when "allow" names them, matched as --exclude matches: "config" denies `config` and every command under it, "config *" only those under it.')
    .optional(),
  approval: z.enum(APPROVAL_MODES).describe('When the user is asked before a call: auto (destructive calls), ask (every call that is not read-only), yolo (never), read-only (refuse every call that is not read-only). Absent: the server\'s own mode.').optional(),
  rateLimit: rateLimitSchema.optional(),
};

const grantSchema = z.strictObject(grantShape).meta({ id: 'Grant', description: 'What a principal gets: commands, approval mode and rate limit.' });

const ruleShape = {
  principals: z
    .array(z.string().min(1, 'must not be empty').describe('A principal, exactly (case matters): a static token\'s principal as "alice" or "token:alice", a JWT\'s subject as "jwt:alice" (or "jwt:<issuer>#alice"). A bare name never matches a JWT.'))
    .describe('Principals this rule applies to.')
    .optional(),
  scopes: z
    .array(z.string().regex(SCOPE_TOKEN, 'expected a scope: printable ASCII without spaces, quotes or backslashes').describe('A scope, exactly (case matters).'))
    .describe('Scopes that bring a principal to this rule: holding any one is enough.').optional(),
  ...grantShape,
};

const ruleSchema = z
  .strictObject(ruleShape)
  .meta({ id: 'Rule', description: 'A grant for the principals it names or that hold one of its scopes; the first rule that matches a principal decides everything it gets.' });

/** The policy file, validated strictly (unknown keys are refused). */
export const policySchema = z
  .strictObject({
    $schema: z.string().describe('Where editors find this schema (optional).').optional(),
    default: z
      .union([z.enum(['none', 'all']), grantSchema])
      .describe('What a principal no rule matches gets: "none" (no tool at all), "all" (every command, with the server\'s approval and rate limit), or a grant. Default: "none".')
      .optional(),
    rules: z.array(ruleSchema).describe('Tried in order: the first whose principals or scopes match a principal decides, and later rules are not read for it.').optional(),
  })
  .meta({ title: 'cli-mcp access policy', description: 'Which commands each authenticated principal may see and call, and with which approval mode and rate limit.' });

export type PolicyDocument = z.infer<typeof policySchema>;
/** What a principal gets; `allow` absent means every command. */
export type PolicyGrant = z.infer<typeof grantSchema>;
export type PolicyRule = z.infer<typeof ruleSchema>;

/** The keys each kind of object in a policy may have, for "did you mean" hints. */
export const POLICY_KEYS = {
  policy: Object.keys(policySchema.shape),
  grant: Object.keys(grantShape),
  rule: Object.keys(ruleShape),
  rateLimit: Object.keys(rateLimitSchema.shape),
} as const;

/** The JSON Schema of the policy file, as committed in `schema/policy.schema.json`. */
export function policyJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(policySchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
}
