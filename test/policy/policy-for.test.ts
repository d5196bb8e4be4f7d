import { describe, expect, it } from 'vitest';
import { policyFor } from '../../src/policy/policy-for.js';
import { checkPolicy } from '../../src/policy/read-policy.js';

type Principal = Parameters<typeof policyFor>[1];

const who = (name: string, ...scopes: string[]): Principal => ({ id: `token:${name}`, scopes });
const paths = ['config', 'config view', 'config set', 'get', 'get pods', 'delete', 'delete pod', 'logs', 'apply'];

/** The commands (program word left out) that `principal` may call under a policy given as a value. */
function allowed(document: unknown, principal: Principal = who('p')): string[] {
  const access = policyFor(checkPolicy(document), principal);
  return paths.filter((path) => access.allows(['kubectl', ...path.split(' ')]));
}

describe('which rule decides for a principal', () => {
  const policy = checkPolicy({
    default: { allow: ['logs'] },
    rules: [
      { principals: ['alice'], allow: ['apply'], approval: 'ask' },
      { scopes: ['read'], allow: ['get'], approval: 'read-only' },
      { scopes: ['write'], allow: ['apply', 'get'], approval: 'auto' },
    ],
  });

  it('when a principal is named by one rule and holds a scope of a later one then the earlier rule decides, whole', () => {
    const access = policyFor(policy, who('alice', 'read'));
    expect([access.rule, access.approval, access.allows(['kubectl', 'apply']), access.allows(['kubectl', 'get'])]).toEqual(['rules[0]', 'ask', true, false]);
  });

  it('when a principal holds scopes of two rules then the first of them decides, and grants are not merged', () => {
    const access = policyFor(policy, who('bob', 'write', 'read'));
    expect([access.rule, access.approval, access.allows(['kubectl', 'apply'])]).toEqual(['rules[1]', 'read-only', false]);
  });

  it('when a principal holds any one scope of a rule then the rule matches it', () => {
    const access = policyFor(checkPolicy({ rules: [{ scopes: ['a', 'b'] }] }), who('carol', 'x', 'b'));
    expect(access.rule).toBe('rules[0]');
  });

  it('when a rule lists names and scopes then either one brings a principal to it', () => {
    const document = { rules: [{ principals: ['dave'], scopes: ['ops'] }] };
    expect(policyFor(checkPolicy(document), who('dave')).rule).toBe('rules[0]');
    expect(policyFor(checkPolicy(document), who('erin', 'ops')).rule).toBe('rules[0]');
  });

  it('when a principal\'s name equals a scope a rule lists then the name does not bring it there, nor the scope a name', () => {
    const document = { rules: [{ scopes: ['ops'] }, { principals: ['admin'] }] };
    expect(policyFor(checkPolicy(document), who('ops')).rule).toBe('default');
    expect(policyFor(checkPolicy(document), who('frank', 'admin')).rule).toBe('default');
  });

  it('when names and scopes differ only in case then they do not match', () => {
    expect(policyFor(checkPolicy({ rules: [{ principals: ['Alice'], scopes: ['Read'] }] }), who('alice', 'read')).rule).toBe('default');
  });

  it('when no rule matches then the default decides', () => {
    const access = policyFor(policy, who('grace', 'other'));
    expect([access.rule, access.allows(['kubectl', 'logs']), access.allows(['kubectl', 'get'])]).toEqual(['default', true, false]);
  });
});

describe('what the default gives', () => {
  it('when the default is left out then a principal no rule matches may call nothing', () => {
    expect(allowed({ rules: [{ principals: ['x'] }] })).toEqual([]);
  });

  it('when the default is none then it may call nothing, and all then every command', () => {
    expect(allowed({ default: 'none' })).toEqual([]);
    expect(allowed({ default: 'all' })).toEqual(paths);
  });

  it('when the default is all then approval and rate limit stay the server\'s own', () => {
    const access = policyFor(checkPolicy({ default: 'all' }), who('p'));
    expect([access.approval, access.rateLimit]).toEqual([undefined, undefined]);
    expect(Object.keys(access)).toEqual(['rule', 'allows']);
  });

  it('when the default is a grant then it applies as a rule\'s would', () => {
    const access = policyFor(checkPolicy({ default: { deny: ['delete'], approval: 'ask', rateLimit: { perSecond: 1 } } }), who('p'));
    expect([access.approval, access.rateLimit]).toEqual(['ask', { capacity: 2, perSecond: 1 }]);
    expect(paths.filter((path) => access.allows(['kubectl', ...path.split(' ')]))).toEqual(['config', 'config view', 'config set', 'get', 'get pods', 'logs', 'apply']);
  });
});

describe('command globs', () => {
  it('when allow has "config *" then it covers config view and config set, not config itself', () => {
    expect(allowed({ default: { allow: ['config *'] } })).toEqual(['config view', 'config set']);
  });

  it('when allow names a command then only that command is allowed, not the ones under it', () => {
    expect(allowed({ default: { allow: ['config', 'get'] } })).toEqual(['config', 'get']);
  });

  it('when a glob has the program\'s word or not then it matches the same commands', () => {
    expect(allowed({ default: { allow: ['kubectl config *'] } })).toEqual(allowed({ default: { allow: ['config *'] } }));
  });

  it('when a glob has extra spaces around and between words then they are ignored', () => {
    expect(allowed({ default: { allow: ['  config   view '] } })).toEqual(['config view']);
  });

  it('when "*" stands in a word then it matches across words as --include does', () => {
    expect(allowed({ default: { allow: ['*pod*'] } })).toEqual(['get pods', 'delete pod']);
    expect(allowed({ default: { allow: ['conf*'] } })).toEqual(['config', 'config view', 'config set']);
  });

  it('when allow is left out then every command is allowed, and when it is empty then none', () => {
    expect(allowed({ default: {} })).toEqual(paths);
    expect(allowed({ default: { allow: [] } })).toEqual([]);
  });

  it('when deny names a command then it and every command under it are denied, as --exclude does', () => {
    expect(allowed({ default: { deny: ['config', 'delete'] } })).toEqual(['get', 'get pods', 'logs', 'apply']);
  });

  it('when deny has "delete *" then the commands under delete are denied but delete itself is not', () => {
    expect(allowed({ default: { deny: ['delete *'] } })).toEqual(paths.filter((path) => path !== 'delete pod'));
  });

  it('when allow and deny both cover a command then deny wins', () => {
    expect(allowed({ default: { allow: ['config *', 'get'], deny: ['config set', 'get'] } })).toEqual(['config view']);
  });

  it('when a path is empty then nothing is allowed, even under "all"', () => {
    expect(policyFor(checkPolicy({ default: 'all' }), who('p')).allows([])).toBe(false);
  });

  it('when a name only shares a prefix with a command then the command is not covered', () => {
    expect(allowed({ default: { allow: ['log', 'conf', 'get pod'] } })).toEqual([]);
  });
});

describe('rate limits and approval', () => {
  it('when burst is given then it becomes the bucket\'s capacity', () => {
    expect(policyFor(checkPolicy({ default: { rateLimit: { perSecond: 5, burst: 3 } } }), who('p')).rateLimit).toEqual({ capacity: 3, perSecond: 5 });
  });

  it('when burst is left out then it is twice perSecond, rounded up, as --rate-limit does', () => {
    expect(policyFor(checkPolicy({ default: { rateLimit: { perSecond: 2.25 } } }), who('p')).rateLimit).toEqual({ capacity: 5, perSecond: 2.25 });
    expect(policyFor(checkPolicy({ default: { rateLimit: { perSecond: 0.2 } } }), who('p')).rateLimit).toEqual({ capacity: 1, perSecond: 0.2 });
  });

  it('when a rule leaves approval out then the default\'s is not inherited', () => {
    const policy = checkPolicy({ default: { approval: 'read-only' }, rules: [{ principals: ['p'] }] });
    expect(policyFor(policy, who('p')).approval).toBeUndefined();
  });
});

describe('which principals a rule names', () => {
  const issuer = 'https://auth.example.test';
  const jwt = (sub: string) => ({ id: `jwt:${issuer}#${sub}`, scopes: [] });
  const token = (name: string) => ({ id: `token:${name}`, scopes: [] });
  const ruleOf = (entry: string, principal: { id: string; scopes: string[] }) => policyFor(checkPolicy({ rules: [{ principals: [entry] }] }), principal).rule;

  it.each([
    ['alice', token('alice'), 'rules[0]'],
    ['token:alice', token('alice'), 'rules[0]'],
    ['alice', jwt('alice'), 'default'],
    ['token:alice', jwt('alice'), 'default'],
    ['jwt:alice', jwt('alice'), 'rules[0]'],
    [`jwt:${issuer}#alice`, jwt('alice'), 'rules[0]'],
    ['jwt:alice', token('alice'), 'default'],
    [`jwt:https://other.example.test#alice`, jwt('alice'), 'default'],
    ['jwt:a#b', jwt('a#b'), 'rules[0]'],
    ['jwt:x', token('jwt:x'), 'default'],
    ['token:jwt:x', token('jwt:x'), 'rules[0]'],
  ])('when a rule names %s then the principal %o comes under %s', (entry, principal, rule) => {
    expect(ruleOf(entry, principal)).toBe(rule);
  });

  it('when a rule names a principal twice, bare and with its kind, then the policy says so', () => {
    expect(() => checkPolicy({ rules: [{ principals: ['alice', 'token:alice'] }] })).toThrow(/principal "token:alice" is listed twice in this rule/);
  });

  it('when the server knows its principals then entries no one can match are problems, each saying why', () => {
    const policy = { rules: [{ principals: ['alice', 'carol', 'token:dave', 'jwt:erin'] }] };
    expect(() => checkPolicy(policy, 'p', { tokens: ['alice'], jwt: true })).toThrow(/principals\[1\]: "carol" is no static token's principal; a JWT's subject is written "jwt:carol"[\s\S]*principals\[2\]: "token:dave" is no static token's principal$/m);
    expect(() => checkPolicy(policy, 'p', { tokens: ['alice', 'carol', 'dave'], jwt: false })).toThrow(/principals\[3\]: "jwt:erin" is a JWT subject, but the server accepts no JWTs/);
    expect(checkPolicy(policy, 'p', { tokens: ['alice', 'carol', 'dave'], jwt: true }).rules).toHaveLength(1);
  });
});
