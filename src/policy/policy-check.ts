import type * as z from 'zod';
import { distanceWithin, fileValueProblem, preview, valueAt } from '../messages.js';
import { POLICY_KEYS, type PolicyDocument } from './policy-schema.js';

/** One problem in a policy file, at a path inside it (`rules[1].approval`). */
export interface PolicyProblem {
  readonly path: readonly PropertyKey[];
  readonly text: string;
}

/** One problem per schema issue: what was expected at the path and what was found there. */
export function describePolicyIssues(issues: readonly z.core.$ZodIssue[], input: unknown, prefix: readonly PropertyKey[] = []): PolicyProblem[] {
  return issues.flatMap((issue): PolicyProblem[] => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      const allowed = keysAt(path);
      return issue.keys.map((key) => ({ path: [...path, key], text: `unknown key${suggestion(key, allowed)}` }));
    }
    const found = valueAt(input, path);
    if (issue.code === 'invalid_union') {
      // The only union is `default`: a word, or a grant whose own problems say more when an object was given.
      const grant = issue.errors.at(-1);
      if (grant && isObject(found)) return describePolicyIssues(grant, input, path);
      return [{ path, text: `expected none, all or a grant object${gotText(found)}` }];
    }
    return [{ path, text: fileValueProblem(issue, found) }];
  });
}

const gotText = (found: unknown): string => (found === undefined ? '' : `, got ${preview(found, 60)}`);
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Problems the schema cannot express: a rule that names no one, and names or scopes an earlier rule
 * already takes (first match wins, so such an entry never brings anyone to its rule).
 */
export function semanticProblems(document: PolicyDocument): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  const firstRule = { principals: new Map<string, number>(), scopes: new Map<string, number>() };
  (document.rules ?? []).forEach((rule, index) => {
    const lists = (['principals', 'scopes'] as const).filter((key) => (rule[key]?.length ?? 0) > 0);
    if (lists.length === 0) {
      problems.push({ path: ['rules', index], text: 'names no principals and no scopes, so it applies to no one; "default" is for everyone no rule names' });
    }
    for (const key of lists) {
      const seen = firstRule[key];
      const kind = key === 'principals' ? 'principal' : 'scope';
      rule[key]?.forEach((entry, at) => {
        // `alice` and `token:alice` name the same static-token principal.
        const same = key === 'principals' && !/^(?:token|jwt):/.test(entry) ? `token:${entry}` : entry;
        const first = seen.get(same);
        if (first === undefined) return void seen.set(same, index);
        const text = first === index ? `${kind} "${entry}" is listed twice in this rule` : `${kind} "${entry}" is already matched by rules[${first}], which comes first, so this entry never applies`;
        problems.push({ path: ['rules', index, key, at], text });
      });
    }
  });
  return problems;
}

/** Who can authenticate to the server: its static tokens' principals, and whether JWTs are accepted. */
export interface KnownPrincipals {
  readonly tokens: readonly string[];
  readonly jwt: boolean;
}

/**
 * Entries that can never match anyone on this server: a static-token name no token has (often a JWT
 * subject written bare, which never matches a JWT), or a JWT subject when no issuer is configured.
 */
export function principalProblems(document: PolicyDocument, known: KnownPrincipals): PolicyProblem[] {
  const tokens = new Set(known.tokens);
  return (document.rules ?? []).flatMap((rule, index) =>
    (rule.principals ?? []).flatMap((entry, at): PolicyProblem[] => {
      const path = ['rules', index, 'principals', at];
      if (entry.startsWith('jwt:')) return known.jwt ? [] : [{ path, text: `"${entry}" is a JWT subject, but the server accepts no JWTs (no --oauth-issuer)` }];
      const name = entry.startsWith('token:') ? entry.slice('token:'.length) : entry;
      if (tokens.has(name)) return [];
      const jwtHint = known.jwt && entry === name ? `; a JWT's subject is written "jwt:${name}"` : '';
      return [{ path, text: `"${entry}" is no static token's principal${jwtHint}` }];
    }),
  );
}

/** Which object a path points at, from its named segments. */
function keysAt(path: readonly PropertyKey[]): readonly string[] {
  const named = path.filter((key): key is string => typeof key === 'string');
  const last = named.at(-1);
  if (last === undefined) return POLICY_KEYS.policy;
  if (last === 'rateLimit') return POLICY_KEYS.rateLimit;
  if (last === 'default') return POLICY_KEYS.grant;
  return POLICY_KEYS.rule;
}

function suggestion(key: string, allowed: readonly string[]): string {
  // The "tools: none" spelling other access files use.
  if (key === 'tools') return '; write "default: none" or "default: all", and "allow: []" for a rule that grants no command';
  const near = allowed.find((candidate) => candidate.toLowerCase() === key.toLowerCase()) ?? allowed.find((candidate) => distanceWithin(candidate, key, 2) <= 2);
  return near ? `; did you mean "${near}"?` : `; the keys here are: ${allowed.join(', ')}`;
}
