import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addServeOptions, addSharedOptions, addWrapOptions, formatDuration, serverOptions, type SharedFlags } from '../../src/cli/options.js';
import { DEFAULTS, SERVE_FLAGS, SHARED_FLAGS, WRAP_FLAGS, type FlagRow } from '../../src/options.js';
import { run } from '../helpers/run-cli.js';

const ROWS: readonly FlagRow[] = [...Object.values(SHARED_FLAGS), ...Object.values(SERVE_FLAGS), ...Object.values(WRAP_FLAGS)];

/** `--help` wraps its descriptions: one line per option, the continuation lines joined back. */
function helpLines(help: string): Map<string, string> {
  const lines = new Map<string, string>();
  let current: string | undefined;
  for (const line of help.split('\n')) {
    const flag = /^ {2}(-[\w-]+(?:, --[\w-]+)?)/.exec(line)?.[1];
    if (flag) lines.set((current = flag.split(', ').at(-1) ?? flag), line);
    else if (current && /^ {10,}\S/.test(line)) lines.set(current, `${lines.get(current) ?? ''} ${line.trim()}`);
  }
  return lines;
}

describe('the options table', () => {
  it('when wrap --help is shown then every flag of the table is there with its doc and the default the library applies', async () => {
    const { stdout } = await run('wrap', '--help');
    const lines = helpLines(stdout);
    for (const row of ROWS) {
      const name = row.flag.split(' ')[0] ?? row.flag;
      const line = lines.get(name);
      expect(line, name).toBeDefined();
      expect(line?.replace(/\s+/g, ' '), name).toContain(row.doc.split(' ').slice(0, 4).join(' '));
      if (row.default === undefined) continue;
      const shown = typeof row.default === 'string' ? JSON.stringify(row.default) : row.value?.endsWith('duration') ? formatDuration(row.default) : String(row.default);
      expect(line, name).toContain(`default: ${shown})`);
    }
  });

  it('when no flag is given then the server gets the library defaults, in the library units', () => {
    const command = addWrapOptions(addServeOptions(addSharedOptions(new Command('wrap').exitOverride()))).action(() => {});
    command.parse([], { from: 'user' });
    const options = serverOptions(command.opts<SharedFlags>());
    expect(options).toMatchObject({
      maxToolNameLength: DEFAULTS.maxToolNameLength,
      timeoutMs: DEFAULTS.timeoutMs,
      killGraceMs: DEFAULTS.killGraceMs,
      maxOutputBytes: DEFAULTS.maxOutputBytes,
      maxResultBytes: DEFAULTS.maxResultBytes,
      maxTotalOutputBytes: DEFAULTS.maxTotalOutputBytes,
      approval: { mode: DEFAULTS.approval, grantTtlMs: DEFAULTS.grantTtlMs },
      discovery: { mode: DEFAULTS.discovery, budgetTokens: DEFAULTS.listBudgetTokens },
      rateLimit: { global: { capacity: 2 * DEFAULTS.ratePerSecond, perSecond: DEFAULTS.ratePerSecond } },
      concurrency: { max: DEFAULTS.maxConcurrent, queue: DEFAULTS.maxQueued },
      sandbox: DEFAULTS.sandbox,
      pageSize: DEFAULTS.pageSize,
      maxFrameBytes: DEFAULTS.maxFrameBytes,
      structuredContent: DEFAULTS.structuredContent,
      runs: { maxRunsPerPrincipal: DEFAULTS.maxRunsPerPrincipal, maxRunMs: DEFAULTS.maxRunMs, ttlMs: DEFAULTS.runTtlMs, detachAfterMs: DEFAULTS.detachAfterMs },
      warm: { size: DEFAULTS.warmWorkers, idleMs: DEFAULTS.warmIdleMs, maxMemoryBytes: DEFAULTS.warmMaxMemoryBytes },
    });
    // A lease means something only with --redis: shown in --help, never set unless given.
    expect(options.concurrency === false ? undefined : options.concurrency?.leaseMs).toBeUndefined();
  });
});
