import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { checkPolicy, parsePolicy, type PolicyFormat } from '../../src/policy/read-policy.js';

/** The message of the error that checking `document` throws (text is parsed, as a file named p.yaml or p.json would be). */
function problemOf(document: unknown, format: PolicyFormat = 'yaml'): string {
  try {
    if (typeof document === 'string') parsePolicy(document, `p.${format}`, format);
    else checkPolicy(document, 'p.json');
  } catch (error) {
    expect(isCliMcpError(error) && error.code).toBe('cli-mcp.invalid-policy');
    return (error as Error).message;
  }
  throw new Error('the policy was accepted');
}

const oneProblem = (source: string, line: string): string => `policy "${source}" is not valid (1 problem):\n  - ${line}`;

describe('a bad policy names the path of each problem, and its line in a file', () => {
  it.each([
    ['an approval mode outside the four', 'rules:\n  - principals: [a]\n  - scopes: [s]\n    approval: sometimes\n', 'rules[1].approval: expected one of auto, ask, yolo, read-only, got "sometimes" (line 4)'],
    ['an unknown key, near a known one', 'rules:\n  - principals: [a]\n    alow: [get]\n', 'rules[0].alow: unknown key; did you mean "allow"? (line 3)'],
    ['an unknown key far from any', 'default: all\nowner: me\n', 'owner: unknown key; the keys here are: $schema, default, rules (line 2)'],
    ['an unknown key in a rate limit', 'default:\n  rateLimit: { perSecond: 1, perMinute: 60 }\n', 'default.rateLimit.perMinute: unknown key; the keys here are: perSecond, burst (line 2)'],
    ['the "tools: none" spelling', 'default: { tools: none }\n', 'default.tools: unknown key; write "default: none" or "default: all", and "allow: []" for a rule that grants no command (line 1)'],
    ['one glob where a list goes', 'rules:\n  - principals: [a]\n    allow: get *\n', 'rules[0].allow: expected an array, got "get *" (line 3)'],
    ['a rate that is not a number', 'default:\n  rateLimit:\n    perSecond: fast\n', 'default.rateLimit.perSecond: expected a number, got "fast" (line 3)'],
    ['a rate limit with no rate', 'default:\n  rateLimit: { burst: 3 }\n', 'default.rateLimit.perSecond: required: expected a number (line 2)'],
    ['a burst under one', 'default:\n  rateLimit: { perSecond: 1, burst: 0 }\n', 'default.rateLimit.burst: must be at least 1, got 0 (line 2)'],
    ['a burst that is not whole', 'default:\n  rateLimit: { perSecond: 1, burst: 1.5 }\n', 'default.rateLimit.burst: expected an integer, got 1.5 (line 2)'],
    ['a default that is neither word nor grant', 'default: some\n', 'default: expected none, all or a grant object, got "some" (line 1)'],
    ['a bad field inside a default grant', 'default:\n  approval: never\n', 'default.approval: expected one of auto, ask, yolo, read-only, got "never" (line 2)'],
    ['rules that are not a list', 'rules: { principals: [a] }\n', 'rules: expected an array, got {"principals":["a"]} (line 1)'],
    ['a scope with a space', 'rules:\n  - scopes: ["kubectl read"]\n', 'rules[0].scopes[0]: expected a scope: printable ASCII without spaces, quotes or backslashes, got "kubectl read" (line 2)'],
    ['an empty principal name', 'rules:\n  - principals: [a, ""]\n', 'rules[0].principals[1]: must not be empty (line 2)'],
  ])('when a YAML policy has %s then the error says where and what', (_kind, text, line) => {
    expect(problemOf(text)).toBe(oneProblem('p.yaml', line));
  });

  it.each([
    ['a brace set', 'get {pods,svc}', 'only "*" is a wildcard here ("?", "[ ]", "{ }" and "," would match only themselves): give each pattern its own item, got "get {pods,svc}"'],
    ['a question mark', 'lo?s', 'only "*" is a wildcard here ("?", "[ ]", "{ }" and "," would match only themselves): give each pattern its own item, got "lo?s"'],
    ['a negation', '!delete', 'a leading "!" does not negate here: list the commands under "deny", got "!delete"'],
    ['a flag', 'get -A', 'a glob names commands, not flags: no word may start with "-", got "get -A"'],
    ['only spaces', '  ', 'must not be empty'],
  ])('when a glob has %s then it is refused with why', (_kind, glob, text) => {
    expect(problemOf({ default: { deny: [glob] } })).toBe(oneProblem('p.json', `default.deny[0]: ${text}`));
  });

  it('when a rule names no principal and no scope then it is refused, pointing at default', () => {
    expect(problemOf('rules:\n  - principals: [a]\n  - allow: [get]\n    scopes: []\n')).toBe(
      oneProblem('p.yaml', 'rules[1]: names no principals and no scopes, so it applies to no one; "default" is for everyone no rule names (line 3)'),
    );
  });

  it('when a later rule names a principal or scope an earlier rule took then that entry is refused, since it never applies', () => {
    const message = problemOf('rules:\n  - principals: [ci-bot]\n    scopes: [read]\n  - principals: [bob, ci-bot]\n  - scopes: [write, read]\n');
    expect(message.split('\n')).toEqual([
      'policy "p.yaml" is not valid (2 problems):',
      '  - rules[1].principals[1]: principal "ci-bot" is already matched by rules[0], which comes first, so this entry never applies (line 4)',
      '  - rules[2].scopes[1]: scope "read" is already matched by rules[0], which comes first, so this entry never applies (line 5)',
    ]);
  });

  it('when a rule lists a name twice then the second is refused', () => {
    expect(problemOf({ rules: [{ scopes: ['a', 'b', 'a'] }] })).toBe(oneProblem('p.json', 'rules[0].scopes[2]: scope "a" is listed twice in this rule'));
  });

  it('when a JSON policy breaks the schema then lines are given too', () => {
    const text = '{\n  "default": "all",\n  "rules": [\n    { "principals": ["a"], "approval": 1 }\n  ]\n}\n';
    expect(problemOf(text, 'json')).toBe(oneProblem('p.json', 'rules[0].approval: expected one of auto, ask, yolo, read-only, got 1 (line 4)'));
  });

  it('when a bad value is reached through a YAML alias then the line is where the value is written', () => {
    const text = 'rules:\n  - principals: [a]\n    rateLimit: &slow { perSecond: 0 }\n  - principals: [b]\n    rateLimit: *slow\n';
    expect(problemOf(text).split('\n').slice(1)).toEqual([
      '  - rules[0].rateLimit.perSecond: must be more than 0, got 0 (line 3)',
      '  - rules[1].rateLimit.perSecond: must be more than 0, got 0 (line 3)',
    ]);
  });

  it('when a policy has several problems then each is listed on its own line, in file order', () => {
    expect(problemOf('default: {}\nrules:\n  - principals: [a]\n    approval: maybe\n    rateLimit: { perSecond: 0 }\n').split('\n')).toEqual([
      'policy "p.yaml" is not valid (2 problems):',
      '  - rules[0].approval: expected one of auto, ask, yolo, read-only, got "maybe" (line 4)',
      '  - rules[0].rateLimit.perSecond: must be more than 0, got 0 (line 5)',
    ]);
  });

  it('when a policy given as a value is bad then no line is claimed', () => {
    expect(problemOf({ rules: [{ principals: ['a'], approval: 'x' }] })).toBe(oneProblem('p.json', 'rules[0].approval: expected one of auto, ask, yolo, read-only, got "x"'));
  });

  it('when the document is not an object then the whole policy is named', () => {
    expect(problemOf('- a\n- b\n')).toBe(oneProblem('p.yaml', 'policy: expected an object, got ["a","b"] (line 1)'));
  });
});

describe('a policy that does not parse', () => {
  it('when YAML has a syntax error then the message gives its line and column', () => {
    expect(problemOf('default: all\nrules:\n  - principals: [a\n    approval: ask\n')).toMatch(/^policy "p\.yaml" is not valid YAML: .+ \(line \d, column \d+\)$/);
    expect(problemOf('default: all\nrules: [\n')).toMatch(/\(line 3, column 1\)$/);
  });

  it('when a YAML key is repeated then it is refused, not silently overwritten', () => {
    expect(problemOf('default: none\ndefault: all\n')).toBe('policy "p.yaml" is not valid YAML: Map keys must be unique (line 2, column 1)');
  });

  it('when a YAML file holds several documents then it is refused', () => {
    expect(problemOf('default: none\n---\ndefault: all\n')).toMatch(/^policy "p\.yaml" is not valid YAML: Source contains multiple documents.* \(line 2, column 1\)$/);
  });

  it('when JSON has a syntax error then the message gives its line and column', () => {
    expect(problemOf('{\n  "default": "all",\n}', 'json')).toMatch(/^policy "p\.json" is not valid JSON: .*\(line 3, column 1\)$/);
  });

  it('when a JSON key is repeated then it is refused, as in YAML', () => {
    expect(problemOf('{ "default": "all", "default": "none" }', 'json')).toBe('policy "p.json" is not valid JSON: Map keys must be unique (line 1, column 21)');
  });
});
