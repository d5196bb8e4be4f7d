import { afterEach, describe, expect, it } from 'vitest';
import { compose } from '../../src/middleware/compose.js';
import { redact } from '../../src/middleware/redact.js';
import { redactor } from '../../src/output/redactor.js';
import type { ExecOutput, ToolResult } from '../../src/types.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

// Fake tokens, assembled at run time so secret scanners do not flag this file.
const a36 = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const fake = {
  aws: 'AKIA' + 'IOSFODNN7EXAMPLE',
  awsTemporary: 'ASIA' + 'Y34FZKBOKMUTVV7A',
  github: (prefix: string) => `${prefix}_${a36}`,
  githubPat: 'github_pat_' + '11ABCDEFG0123456789abc_' + 'x'.repeat(59),
  slack: 'xoxb-' + '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  google: 'AIza' + 'SyA-1234567890abcdefghijklmnopqrstu',
  stripe: 'sk_' + 'live_' + '4eC39HqLyjWDarjtT1zdp7dc',
  stripeRestricted: 'rk_' + 'live_' + '4eC39HqLyjWDarjtT1zdp7dc',
  jwt: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' + '.eyJzdWIiOiIxMjM0NTY3ODkwIn0' + '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
};
const pem = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HECdnH', 'lWu2/a1gB9JW5TBQ+AVpum9Okx7KfqkfBKL9mcHgSL0yWMdjMfNOqNtrQqKlN4kE', '-----END RSA PRIVATE KEY-----'].join('\n');
const M = '[REDACTED]';

describe('redactor built-in token shapes', () => {
  const clean = redactor();

  it.each([
    ['an AWS access key id', `key ${fake.aws} here`, `key ${M} here`],
    ['an AWS temporary key id', `AWS_ACCESS_KEY_ID ${fake.awsTemporary}`, `AWS_ACCESS_KEY_ID ${M}`],
    ['a GitHub classic token', `using ${fake.github('ghp')}.`, `using ${M}.`],
    ['a GitHub OAuth token', fake.github('gho'), M],
    ['a GitHub user-to-server token', fake.github('ghu'), M],
    ['a GitHub server-to-server token', fake.github('ghs'), M],
    ['a GitHub refresh token', fake.github('ghr'), M],
    ['a GitHub fine-grained token', `pat ${fake.githubPat} end`, `pat ${M} end`],
    ['a Slack token', `slack ${fake.slack}\n`, `slack ${M}\n`],
    ['a Google API key', `"${fake.google}"`, `"${M}"`],
    ['a Stripe secret key', `stripe ${fake.stripe}`, `stripe ${M}`],
    ['a Stripe restricted key', fake.stripeRestricted, M],
    ['a JWT', `id ${fake.jwt} ok`, `id ${M} ok`],
    ['a bearer header (the value only)', `> Authorization: Bearer abc.def-123\n`, `> Authorization: Bearer ${M}\n`],
    ['a bearer header in any case', `authorization: bearer xyz987`, `authorization: bearer ${M}`],
    ['a basic auth header', `Authorization: Basic dXNlcjpwYXNz`, `Authorization: Basic ${M}`],
    ['a PEM private key block', `before\n${pem}\nafter`, `before\n${M}\nafter`],
    ['a PEM block cut off by the output cap', `x\n${pem.slice(0, 120)}\n[… 9 bytes cut …]`, `x\n${M}`],
    ['an OpenSSH private key block', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----', M],
    ['password=value (the value only)', 'password=hunter2 next', `password=${M} next`],
    ['an upper-case env-style assignment', 'DB_PASSWORD=s3cret', `DB_PASSWORD=${M}`],
    ['token: value in YAML, as a quoted scalar', 'token: abc123\nuser: me', `token: "${M}"\nuser: me`],
    ['a header value after a colon', 'X-Api-Key: abc123', `X-Api-Key: "${M}"`],
    ['a compact JSON property', '{"token":"abc"}', `{"token":"${M}"}`],
    ['a JSON string holding an escaped quote, whole', '{"password":"a\\"b","x":1}', `{"password":"${M}","x":1}`],
    ['a kubeconfig client key', 'client-key-data: LS0tLS1CRUdJTg==', `client-key-data: "${M}"`],
    ['a double-quoted value with spaces', 'secret = "two words"', `secret = "${M}"`],
    ['a single-quoted value', "api_key='k-1'", `api_key='${M}'`],
    ['a JSON property', '{"apiKey": "abc", "user": "me"}', `{"apiKey": "${M}", "user": "me"}`],
    ['a query-string value', '?access_key=abc&page=2', `?access_key=${M}&page=2`],
  ])('when the text holds %s then it is masked', (_, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it.each([
    ['plain prose', 'the build passed in 3.2 s'],
    ['a counter with a plural name', 'tokens: 512, max_tokens=1024'],
    ['a secret-like word without a value', 'enter your password'],
    ['a too short AWS-like id', 'AKIA1234'],
    ['a too short GitHub-like token', 'ghp_short'],
    ['a test-mode Stripe key', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
    ['a public key block', '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----'],
    ['a dotted name that is not a JWT', 'eyJust.some.words'],
    ['a Google-like key one character short', 'AIzaSyA-1234567890abcdefghijklmnopqrst'],
  ])('when the text holds %s then it is left alone', (_, input) => {
    expect(clean(input)).toBe(input);
  });

  it.each([
    ['a GitHub token with a letter on each side', `x${fake.github('ghp')}x`],
    ['a GitHub token between underscores', `_${fake.github('ghp')}_`],
    ['an AWS key id between digits', `9${fake.aws}9`],
    ['a Stripe key with a letter on each side', `x${fake.stripe}x`],
    ['a fine-grained GitHub token after a letter', `x${fake.githubPat}`],
    ['a Slack token after a letter', `x${fake.slack}`],
    ['a Google key between letters', `x${fake.google}x`],
    ['a JWT between letters', `x${fake.jwt}x`],
    ['a JWT after a run of token characters', `${'A'.repeat(40)}${fake.jwt}`],
  ])('when the text holds %s (a template glued it there) then the token is masked all the same', (_, input) => {
    const cleaned = clean(input);
    expect(cleaned).toContain(M);
    expect(cleaned).not.toContain(a36.slice(0, 16));
    for (const secret of Object.values(fake)) if (typeof secret === 'string') expect(cleaned).not.toContain(secret.slice(4, 20));
  });

  it('when a token sits in a password assignment then the two matches become one mask', () => {
    expect(clean(`token=${fake.jwt}`)).toBe(`token=${M}`);
    expect(clean(`GITHUB_TOKEN=${fake.github('ghp')}`)).toBe(`GITHUB_TOKEN=${M}`);
  });

  it('when builtIns is false then token shapes pass but the other patterns still apply', () => {
    expect(redactor({ builtIns: false, patterns: ['internal'] })(`${fake.aws} internal`)).toBe(`${fake.aws} ${M}`);
  });

  it.each([
    ['a run of token characters', 'aB3_-'.repeat(200_000)],
    ['JWT-like starts with no dots', 'eyJ-'.repeat(250_000)],
    ['secret-like names with no values', 'token-'.repeat(170_000)],
    ['a bearer header name repeated', 'Authorization: '.repeat(70_000)],
  ])('when 1 MB of %s is scanned then it takes well under a second', (_, input) => {
    const started = performance.now();
    clean(input);
    expect(performance.now() - started).toBeLessThan(5_000); // linear is ~0.1 s; backtracking would take minutes
  });
});

describe('redactor on structured output', () => {
  const clean = redactor();

  it.each([
    ['null values of secret-named keys', '{"SECRET_API_KEY":null,"HOME":"/root","MY_PASSWORD":null}'],
    ['numbers and booleans of secret-named keys', '{"tokenTTL": 3600, "token_enabled": true, "secret_count": -1.5e3}'],
    ['objects and lists under secret-named keys', '{"secret": {"name": "db"}, "credentials": [], "tokenRefs": ["a"]}'],
    ['YAML literals under secret-named keys', 'token: ~\npassword: null\nsecret: 42\n'],
  ])('when JSON or YAML holds %s then the text is left alone', (_, input) => {
    expect(clean(input)).toBe(input);
  });

  it('when a JSON object holds secret strings beside other values then it still parses and only the strings are masked', () => {
    const input = JSON.stringify({ user: 'me', password: 'hunter2', nested: { apiKey: 'k-123', token: null, ttl: 5 }, list: [{ secret: 's"q' }] }, null, 2);
    const parsed = JSON.parse(clean(input)) as unknown;
    expect(parsed).toEqual({ user: 'me', password: M, nested: { apiKey: M, token: null, ttl: 5 }, list: [{ secret: M }] });
  });

  it('when YAML in flow style holds a secret then the value is masked and the braces survive', () => {
    expect(clean('{user: me, token: abc}')).toBe(`{user: me, token: "${M}"}`);
  });

  it.each([
    ['a plain word', 'HIDDEN', 'token: HIDDEN'],
    ['a word YAML reads as a boolean', 'yes', 'token: "yes"'],
    ['asterisks, a YAML alias', '***', 'token: "***"'],
    ['an empty mask', '', 'token: ""'],
  ])('when the mask is %s then a YAML value is masked as a string scalar', (_, mask, expected) => {
    expect(redactor({ mask })('token: abc')).toBe(expected);
  });

  it('when an env-style value is masked then no quotes are added', () => {
    expect(redactor({ mask: '***' })('TOKEN=abc')).toBe('TOKEN=***');
  });
});

describe('redactor environment values', () => {
  afterEach(() => {
    delete process.env.CLI_MCP_REDACT_TEST;
  });

  it('when a named variable is set then its value is masked everywhere it appears', () => {
    const clean = redactor({ envNames: ['API_TOKEN'], env: { API_TOKEN: 'tok-9f8e7d' }, builtIns: false });
    expect(clean('a tok-9f8e7d b tok-9f8e7d\ntok-9f8e7d')).toBe(`a ${M} b ${M}\n${M}`);
  });

  it('when no env is given then process.env is read when the redactor is made', () => {
    process.env.CLI_MCP_REDACT_TEST = 'from-process-env';
    const clean = redactor({ envNames: ['CLI_MCP_REDACT_TEST'] });
    delete process.env.CLI_MCP_REDACT_TEST;
    expect(clean('x from-process-env y')).toBe(`x ${M} y`);
  });

  it.each([
    ['shorter than 4 characters', { SHORT: 'abc' }, 'abc abc', 'abc abc'],
    ['exactly 4 characters', { SHORT: 'abcd' }, 'abcd abc', `${M} abc`],
    ['unset', { OTHER: 'value' }, 'value', 'value'],
    ['holding regex characters', { SHORT: 'a.b*c+' }, 'axbbc a.b*c+', `axbbc ${M}`],
  ])('when the value is %s then only literal long-enough values are masked', (_, env, input, expected) => {
    expect(redactor({ envNames: ['SHORT'], env, builtIns: false })(input)).toBe(expected);
  });

  it('when an environment value holds a built-in token then one mask covers both', () => {
    const env = { DEPLOY: `prefix-${fake.aws}-suffix` };
    expect(redactor({ envNames: ['DEPLOY'], env })(`[prefix-${fake.aws}-suffix]`)).toBe(`[${M}]`);
  });
});

describe('redactor patterns', () => {
  it.each([
    ['a string, matched literally', ['a.c'], 'abc a.c', `abc ${M}`],
    ['a RegExp, matched as a pattern', [/a.c/], 'abc a.c', `${M} ${M}`],
    ['a RegExp without the g flag, matched everywhere', [/\d{3}/], '123 x 456', `${M} x ${M}`],
    ['a sticky RegExp, matched past gaps', [/\d{3}/y], 'x 123 456', `x ${M} ${M}`],
    ['a case-insensitive RegExp', [/secret-host/i], 'SECRET-HOST', M],
    ['a RegExp with a named group, masking only the group', [/user=(?<name>\w+)/], 'user=bob ok', `user=${M} ok`],
    ['a RegExp that can match empty text', [/x*/], 'axxb', `a${M}b`],
    ['an empty string, ignored', [''], 'text', 'text'],
    ['overlapping patterns, masked once', ['abcdef', 'defghi'], '1abcdefghi2', `1${M}2`],
    ['adjacent matches, masked once', ['abc', 'def'], 'abcdef abc', `${M} ${M}`],
    ['one pattern inside another, masked once', ['bc', 'abcd'], 'abcde', `${M}e`],
  ])('when the pattern is %s then the right text is masked', (_, patterns, input, expected) => {
    expect(redactor({ patterns, builtIns: false })(input)).toBe(expected);
  });

  it('when a caller RegExp is used then its own lastIndex is left alone', () => {
    const pattern = /k\d/g;
    pattern.lastIndex = 3;
    redactor({ patterns: [pattern], builtIns: false })('k1 k2');
    expect(pattern.lastIndex).toBe(3);
  });
});

describe('redactor mask', () => {
  it.each([
    ['the default', undefined, `password=${M}`],
    ['asterisks', '***', 'password=***'],
    ['an empty string', '', 'password='],
    ['replacement syntax, taken literally', '$&$1', 'password=$&$1'],
  ])('when the mask is %s then secrets become it', (_, mask, expected) => {
    expect(redactor(mask === undefined ? {} : { mask })('password=hunter2')).toBe(expected);
  });
});

const output = (stdout: string, stderr = ''): ExecOutput => ({ stdout, stderr, exitCode: 1, timedOut: false, truncated: false, durationMs: 3 });

async function through(options: Parameters<typeof redact>[0], result: ToolResult): Promise<ToolResult | undefined> {
  const ctx = contextFor(toolFor(runnable()));
  await compose([redact(options)], async (c) => {
    c.result = result;
  })(ctx);
  return ctx.result;
}

describe('redact middleware', () => {
  it('when the command printed secrets then stdout, stderr and the message are masked', async () => {
    const result = await through(
      { envNames: ['PASS'], env: { PASS: 'pa55word' } },
      { isError: true, message: 'failed with pa55word', output: output(`key ${fake.aws}`, 'pa55word rejected') },
    );
    expect(result).toEqual({ isError: true, message: `failed with ${M}`, output: output(`key ${M}`, `${M} rejected`) });
  });

  it('when the result has only a message then only the message is masked and no output appears', async () => {
    expect(await through({}, { isError: true, message: `bad ${fake.stripe}` })).toEqual({ isError: true, message: `bad ${M}` });
  });

  it('when the result has no message then none is added', async () => {
    const result = await through({}, { isError: false, output: output('clean') });
    expect(result).toEqual({ isError: false, output: output('clean') });
    expect(result && 'message' in result).toBe(false);
  });
});
