import { describe, expect, it } from 'vitest';
import { pythonShebang } from '../../../src/reflect/python/interpreter.js';

describe('which #! lines run Python (Debian\'s scripts, venvs, env lines)', () => {
  it.each([
    ['#!/usr/bin/python3', ['/usr/bin/python3']],
    ['#! /usr/bin/python3', ['/usr/bin/python3']],
    ['#!/usr/bin/env python3', ['/usr/bin/env', 'python3']],
    ['#!/usr/bin/env -S python3 -u', ['/usr/bin/env', '-S', 'python3', '-u']],
    ['#!/usr/bin/env PYTHONHASHSEED=0 python', ['/usr/bin/env', 'PYTHONHASHSEED=0', 'python']],
    ['#!/home/me/.venvs/tools/bin/python', ['/home/me/.venvs/tools/bin/python']],
    ['#!/usr/bin/python3.11 -I', ['/usr/bin/python3.11', '-I']],
    ['#!/usr/bin/pypy3', ['/usr/bin/pypy3']],
  ])('when the line is %j then the interpreter words are %j', (line, words) => {
    expect(pythonShebang(line)).toEqual(words);
  });

  it.each(['#!/bin/sh', '#!/usr/bin/env node', '#!/usr/bin/env bash', '#!/usr/bin/perl -w', 'import sys', '', '#!/usr/bin/python-config'])('when the line is %j then it is not a Python script', (line) => {
    expect(pythonShebang(line)).toBeUndefined();
  });
});
