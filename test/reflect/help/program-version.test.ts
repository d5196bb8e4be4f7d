import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpSandbox } from '../../../src/reflect/help/fetch-page.js';
import { programVersion, versionIn, versionOf } from '../../../src/reflect/help/program-version.js';
import { scratchMaker } from '../../helpers/scratch.js';

const scratch = scratchMaker('cli-mcp-version-');

const ran = (stdout: string, exitCode = 0, stderr = '') => ({ kind: 'ran', output: { stdout, stderr, exitCode, timedOut: false, truncated: false, durationMs: 1 } }) as unknown as Parameters<typeof versionOf>[0];

describe('the version a program reports', () => {
  it.each([
    ['git version 2.39.5\n', '2.39.5'],
    ['Docker version 28.2.2, build e6534b4\n', '28.2.2'],
    ['gh version 2.23.0 (2023-02-27 Debian 2.23.0+dfsg1-1)\nhttps://github.com/cli/cli/releases/tag/v2.23.0\n', '2.23.0'],
    ['OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)\n', '3.0.19'],
    ['rclone v1.60.1-DEV\n- os/version: debian 12\n', '1.60.1-DEV'],
    ['restic 0.14.0 compiled with go1.19.8 on linux/amd64\n', '0.14.0'],
    ['jq-1.6\n', '1.6'],
    ['Usage: tool [options]\n', undefined],
  ])('when --version prints %j then the version is %s', (stdout, version) => {
    expect(versionOf(ran(stdout)).version).toBe(version);
  });

  it('when --version fails or prints on stderr only then a failure says nothing and stderr is read', () => {
    expect(versionOf(ran('git version 2.39.5\n', 129))).toEqual({});
    expect(versionOf(ran('', 0, 'tool 1.2.3\n'))).toEqual({ version: '1.2.3' });
  });
});

describe('running --version', () => {
  it('when the help calls run in a sandbox then --version runs in it too: a file the program writes there does not land', async () => {
    const dir = scratch();
    const program = join(dir, 'tool');
    writeFileSync(program, `#!/bin/sh\necho written > "${dir}/ran.marker" 2>/dev/null\necho "tool 1.2.3"\n`);
    chmodSync(program, 0o755);
    const sandbox = helpSandbox();
    if (sandbox === 'none') console.warn('\n!!! bwrap is not usable here: the --version sandbox test is SKIPPED !!!\n');
    else {
      expect(await programVersion({ file: program, cwd: scratch(), env: { PATH: '/usr/bin:/bin' }, sandbox }, 5_000)).toMatchObject({ version: '1.2.3' });
      expect(existsSync(join(dir, 'ran.marker'))).toBe(false);
      // A call that names no sandbox (the crawl's) gets the help calls' default one.
      expect(await programVersion({ file: program, cwd: scratch(), env: { PATH: '/usr/bin:/bin' } }, 5_000)).toMatchObject({ version: '1.2.3' });
      expect(existsSync(join(dir, 'ran.marker'))).toBe(false);
    }
  });

  it('when a version text is read then the version it names is found', () => {
    expect(versionIn('yamllint 1.29.0')).toEqual({ version: '1.29.0' });
    expect(versionIn('show program version')).toEqual({});
  });
});
