import { describe, expect, it } from 'vitest';
import { reloadScheduler, watchedOf } from '../../src/cli/watch.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reloadScheduler', () => {
  it('when changes come closer together than the debounce then they make one reload', async () => {
    let reloads = 0;
    const scheduler = reloadScheduler(async () => void reloads++, 50);
    for (let index = 0; index < 5; index++) {
      scheduler.poke();
      await tick(10);
    }
    await tick(120);
    expect(reloads).toBe(1);
    scheduler.close();
  });

  it('when a change comes during a reload then the next reload starts only after it, never two at once', async () => {
    let running = 0;
    let most = 0;
    let reloads = 0;
    const scheduler = reloadScheduler(async () => {
      running++;
      most = Math.max(most, running);
      await tick(100);
      running--;
      reloads++;
    }, 10);
    scheduler.poke();
    await tick(40);
    scheduler.poke();
    await tick(40);
    scheduler.poke();
    await tick(300);
    expect(most).toBe(1);
    expect(reloads).toBe(2);
    scheduler.close();
  });
});

describe('what --watch watches', () => {
  const spec = { name: 'x', options: [], positionals: [], subcommands: [] } as never;

  it('when the target is a JS file then its package directory tree is watched', () => {
    const watched = watchedOf({ kind: 'target', target: 'examples/todo/todo.js' }, { spec, how: '', launcher: { file: process.execPath, prefixArgs: [`${process.cwd()}/examples/todo/todo.js`] } }, process.cwd());
    expect(watched).toEqual({ kind: 'tree', root: process.cwd() });
  });

  it('when the target is a binary then its one file is watched', () => {
    expect(watchedOf({ kind: 'target', target: 'ls' }, { spec, how: '', launcher: { file: '/usr/bin/ls', prefixArgs: [] } }, '/')).toEqual({ kind: 'file', file: '/usr/bin/ls' });
  });

  it('when a manifest is served then the manifest file is watched', () => {
    expect(watchedOf({ kind: 'manifest', file: 'tool.json' }, { spec, how: '' }, '/srv')).toEqual({ kind: 'file', file: '/srv/tool.json' });
  });
});
