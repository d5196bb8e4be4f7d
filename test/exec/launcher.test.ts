import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeShebangFlags, resolveLauncher } from '../../src/exec/launcher.js';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { fixture } from '../helpers/fixture.js';

const scratch = (): string => mkdtempSync(path.join(tmpdir(), 'cli-mcp-launcher-'));

describe('resolveLauncher', () => {
  it('when the target is a .js file then it runs under the current node with the file first', () => {
    expect(resolveLauncher(fixture('exec', 'not-executable.js'))).toEqual({ file: process.execPath, prefixArgs: [fixture('exec', 'not-executable.js')] });
  });

  it('when the target is a relative path then it resolves against cwd', () => {
    const dir = path.dirname(fixture('exec', 'echo-argv'));
    expect(resolveLauncher('./worker-answers.js', { cwd: dir })).toEqual({ file: process.execPath, prefixArgs: [path.join(dir, 'worker-answers.js')] });
  });

  it('when the target is a symlink to a node shebang script then it runs the real file under node with the shebang flags', () => {
    const dir = scratch();
    symlinkSync(fixture('exec', 'shebang-node'), path.join(dir, 'tool'));
    expect(resolveLauncher('tool', { cwd: dir })).toEqual({ file: process.execPath, prefixArgs: ['--no-warnings', fixture('exec', 'shebang-node')] });
  });

  it('when the resolved node script is run then it runs without needing node on PATH', async () => {
    const dir = scratch();
    symlinkSync(fixture('exec', 'shebang-node'), path.join(dir, 'tool'));
    const { file, prefixArgs } = resolveLauncher(path.join(dir, 'tool'));
    const outcome = await spawnCommand({ file, args: [...prefixArgs], env: {} });
    expect(outcome).toMatchObject({ kind: 'ran', output: { stdout: 'shebang ran\n', exitCode: 0 } });
  });

  it('when the target is a bare name that is not a file then it runs by name', () => {
    expect(resolveLauncher('kubectl', { cwd: scratch() })).toEqual({ file: 'kubectl', prefixArgs: [] });
  });

  it('when the target is a binary then it runs directly', () => {
    expect(resolveLauncher(process.execPath)).toEqual({ file: process.execPath, prefixArgs: [] });
  });

  it('when the target is a script for another interpreter then it runs directly', () => {
    const file = path.join(scratch(), 'tool');
    writeFileSync(file, '#!/bin/sh\necho hi\n', { mode: 0o755 });
    expect(resolveLauncher(file)).toEqual({ file, prefixArgs: [] });
  });

  it('when a path does not exist then it is returned resolved, for the spawn to report ENOENT', () => {
    expect(resolveLauncher('bin/missing', { cwd: '/nowhere' })).toEqual({ file: '/nowhere/bin/missing', prefixArgs: [] });
  });
});

describe('nodeShebangFlags', () => {
  it.each([
    ['#!/usr/bin/env node', []],
    ['#!/usr/bin/env nodejs', []],
    ['#!/usr/local/bin/node', []],
    ['#!/usr/bin/env -S node --no-warnings --enable-source-maps', ['--no-warnings', '--enable-source-maps']],
    ['#!/usr/bin/env -S NODE_ENV=production node', []],
    ['#! /usr/bin/node --harmony', ['--harmony']],
  ])('when the line is %s then it runs node with %j', (line, flags) => {
    expect(nodeShebangFlags(line)).toEqual(flags);
  });

  it.each(['#!/bin/sh', '#!/usr/bin/env python3', '#!/usr/bin/env bun', '// no shebang', ''])(
    'when the line is %j then it is not a node script',
    (line) => {
      expect(nodeShebangFlags(line)).toBeUndefined();
    },
  );
});
