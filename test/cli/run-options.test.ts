import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { addServeOptions, addSharedOptions, duration, formatDuration, serverOptions, type SharedFlags } from '../../src/cli/options.js';

/** The server options a command line gives, parsed by the same commander setup `wrap` uses. */
function optionsFrom(...words: string[]) {
  const command = addServeOptions(addSharedOptions(new Command('wrap').argument('[target]').exitOverride().configureOutput({ writeErr: () => {} }))).action(() => {});
  command.parse(words, { from: 'user' });
  return serverOptions(command.opts<SharedFlags>());
}

describe('the background run flags of wrap', () => {
  it('when none is given then the registry gets its documented defaults', () => {
    expect(optionsFrom('git').runs).toEqual({ maxRunsPerPrincipal: 4, maxRunMs: 30 * 60_000, ttlMs: 15 * 60_000, detachAfterMs: 3000 });
  });

  it('when each is given then it reaches the registry, durations in milliseconds', () => {
    expect(optionsFrom('git', '--max-runs', '2', '--max-run-time', '1.5h', '--run-ttl', '90s', '--detach-after', '0').runs).toEqual({ maxRunsPerPrincipal: 2, maxRunMs: 5_400_000, ttlMs: 90_000, detachAfterMs: 0 });
  });

  it('when --no-runs is given then background runs and tasks are off', () => {
    expect(optionsFrom('git', '--no-runs').runs).toBe(false);
  });

  it('when a duration has no unit, or a maximum is zero, then the flag is refused and named', () => {
    expect(() => optionsFrom('git', '--max-run-time', '30')).toThrow(CommanderError);
    expect(() => optionsFrom('git', '--max-run-time', '30')).toThrow("option '--max-run-time <duration>' argument '30' is invalid");
    expect(() => optionsFrom('git', '--run-ttl', '0')).toThrow('expected a duration longer than 0');
  });
});

describe('duration', () => {
  it.each([
    ['500ms', 500],
    ['3s', 3000],
    ['30m', 1_800_000],
    ['1h', 3_600_000],
    ['0.5s', 500],
    ['0', 0],
  ])('when given %s then it is %i ms', (text, ms) => {
    expect(duration(text)).toBe(ms);
  });

  it.each(['', '3', '-1s', '3 sec', '1d', 'ms'])('when given %j then it is refused', (text) => {
    expect(() => duration(text)).toThrow('expected a duration with its unit');
  });

  it('when milliseconds are formatted then the largest whole unit is used, as help shows defaults', () => {
    expect([1_800_000, 900_000, 3000, 1500, 0].map(formatDuration)).toEqual(['30m', '15m', '3s', '1500ms', '0ms']);
  });
});
