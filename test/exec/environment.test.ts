import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childEnvironment, DEFAULT_ENV_ALLOWLIST, describeEnvironment } from '../../src/exec/environment.js';
import { isCliMcpError } from '../../src/errors.js';

const source: Readonly<Record<string, string | undefined>> = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/me',
  LANG: 'en_US.UTF-8',
  LC_ALL: 'C',
  LC_CTYPE: 'UTF-8',
  TZ: 'UTC',
  TMPDIR: '/tmp',
  CANARY_SECRET: 'canary-5f3a',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  AWS_REGION: 'eu-west-1',
  GITHUB_TOKEN: 'ghp_x',
  NODE_OPTIONS: '--require=/tmp/evil.js',
  SHELL: undefined,
};

describe('childEnvironment', () => {
  it('when a secret is in the server environment then the child does not get it', () => {
    const env = childEnvironment(source, { platform: 'linux' });
    expect(env).not.toHaveProperty('CANARY_SECRET');
    expect(env).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
    expect(env).not.toHaveProperty('NODE_OPTIONS');
  });

  it('when names are on the default allowlist then the child gets them with their values', () => {
    expect(childEnvironment(source, { platform: 'linux' })).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/me',
      LANG: 'en_US.UTF-8',
      LC_ALL: 'C',
      LC_CTYPE: 'UTF-8',
      TZ: 'UTC',
      TMPDIR: '/tmp',
    });
  });

  it('when a value is undefined then the name is left out', () => {
    expect(childEnvironment(source, { platform: 'linux' })).not.toHaveProperty('SHELL');
  });

  it('when the user allows a name and a PREFIX_* then those are inherited too', () => {
    const env = childEnvironment(source, { allow: ['GITHUB_TOKEN', 'AWS_*'], platform: 'linux' });
    expect(env).toMatchObject({ GITHUB_TOKEN: 'ghp_x', AWS_SECRET_ACCESS_KEY: 'aws-secret', AWS_REGION: 'eu-west-1' });
    expect(env).not.toHaveProperty('CANARY_SECRET');
  });

  it('when inheritAll is set then every defined variable is passed', () => {
    const { SHELL: _undefined, ...defined } = source;
    expect(childEnvironment(source, { inheritAll: true, platform: 'linux' })).toEqual(defined);
  });

  it('when set names a variable then its value wins over the inherited one and over inheritAll', () => {
    const set = { PATH: '/opt/bin', NO_COLOR: '1' };
    expect(childEnvironment(source, { set, platform: 'linux' })).toMatchObject(set);
    expect(childEnvironment(source, { set, inheritAll: true, platform: 'linux' })).toMatchObject(set);
  });

  it('when the platform is linux then names match case-sensitively', () => {
    expect(childEnvironment({ path: '/x', Home: '/h' }, { platform: 'linux' })).toEqual({});
  });

  it('when the platform is win32 then names match case-insensitively and set replaces any casing', () => {
    const windows = { Path: 'C:\\Windows', SYSTEMROOT: 'C:\\Windows', windir: 'C:\\Windows', Secret: 's' };
    expect(childEnvironment(windows, { platform: 'win32' })).toEqual({ Path: 'C:\\Windows', SYSTEMROOT: 'C:\\Windows', windir: 'C:\\Windows' });
    expect(childEnvironment(windows, { platform: 'win32', set: { PATH: 'D:\\bin' } })).toEqual({ PATH: 'D:\\bin', SYSTEMROOT: 'C:\\Windows', windir: 'C:\\Windows' });
  });

  it('when a variable is named __proto__ then it stays a plain entry and the result keeps its prototype', () => {
    const env = childEnvironment(JSON.parse('{"__proto__": "x"}') as Record<string, string>, { inheritAll: true });
    expect(Object.getOwnPropertyDescriptor(env, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });

  it.each([['*'], [''], ['A*B'], ['X=1']])('when an allow entry is %j then it is refused as an invalid option', (entry) => {
    const call = (): unknown => childEnvironment(source, { allow: [entry] });
    expect(call).toThrow(/allow entry/);
    try {
      call();
    } catch (error) {
      expect(isCliMcpError(error) && error.code).toBe('cli-mcp.invalid-option');
    }
  });

  it('when a set name contains = then it is refused', () => {
    expect(() => childEnvironment(source, { set: { 'A=B': '1' } })).toThrow(/not valid/);
  });

  it('when the child is a real process then the canary is absent and the allowed names arrive', () => {
    const env = childEnvironment({ ...process.env, CANARY_SECRET: 'canary-5f3a' });
    const script = 'process.stdout.write(JSON.stringify(process.env))';
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' })) as Record<string, string>;
    expect(seen).not.toHaveProperty('CANARY_SECRET');
    expect(seen).toEqual(env);
  });
});

describe('DEFAULT_ENV_ALLOWLIST', () => {
  it('when someone tries to change it then it stays as published', () => {
    expect(Object.isFrozen(DEFAULT_ENV_ALLOWLIST)).toBe(true);
    expect(DEFAULT_ENV_ALLOWLIST).toContain('LC_MESSAGES');
  });

  it('when a variable only starts with LC_ then it is not a locale category and is not inherited', () => {
    const env = childEnvironment({ LC_SECRET_TOKEN: 's3cret', LC_MESSAGES: 'C', LC_TELEPHONE: 'C', LC_: 'x' }, { platform: 'linux' });
    expect(env).toEqual({ LC_MESSAGES: 'C', LC_TELEPHONE: 'C' });
    expect(DEFAULT_ENV_ALLOWLIST.filter((name) => name.startsWith('LC_'))).toEqual([
      'LC_ALL', 'LC_CTYPE', 'LC_COLLATE', 'LC_MESSAGES', 'LC_MONETARY', 'LC_NUMERIC', 'LC_TIME',
      'LC_ADDRESS', 'LC_IDENTIFICATION', 'LC_MEASUREMENT', 'LC_NAME', 'LC_PAPER', 'LC_TELEPHONE',
    ]);
  });
});

describe('describeEnvironment', () => {
  it.each([
    [{}, 'inherits PATH, HOME, LANG, LC_ALL, …'],
    [{ allow: ['MY_VAR', 'AWS_*'] }, 'inherits PATH, HOME, LANG, LC_ALL, … + MY_VAR, AWS_*'],
    [{ inheritAll: true }, 'inherits everything'],
    [{ inheritAll: true, set: { NO_COLOR: '1', TOKEN: 'secret-value' } }, 'inherits everything; sets NO_COLOR, TOKEN'],
  ])('when the options are %j then the summary is %j and names no value', (options, expected) => {
    expect(describeEnvironment(options)).toBe(expected);
  });
});
