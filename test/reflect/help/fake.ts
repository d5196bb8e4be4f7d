/** Sets up the fake cobra CLI (test/fixtures/help/fake/fakectl) in a scratch directory with its own config. */
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = new URL('../../fixtures/help/fake/', import.meta.url);

export interface FakeCall {
  readonly argv: readonly string[];
  readonly env: readonly string[];
  readonly concurrent: number;
}

export interface Fake {
  readonly bin: string;
  readonly dir: string;
  /** Every call the fake saw so far, in the order they ended. */
  calls(): FakeCall[];
  /** Help calls only (not `--version`). */
  helpCalls(): FakeCall[];
  configure(change: (config: FakeConfig) => void): void;
}

export type FakeConfig = Record<string, unknown> & { version: string; tree: unknown };

export function makeFake(dir: string, change: (config: FakeConfig) => void = () => {}): Fake {
  const bin = join(dir, 'fakectl');
  copyFileSync(new URL('fakectl', SOURCE), bin);
  chmodSync(bin, 0o755);
  const configFile = join(dir, 'fakectl.json');
  const base = JSON.parse(readFileSync(new URL('fakectl.json', SOURCE), 'utf8')) as FakeConfig;
  const write = (config: FakeConfig): void => writeFileSync(configFile, JSON.stringify(config));
  write({ ...base, log: 'calls.log' });
  const fake: Fake = {
    bin,
    dir,
    calls: () => {
      const log = join(dir, 'calls.log');
      if (!existsSync(log)) return [];
      return readFileSync(log, 'utf8').trim().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as FakeCall);
    },
    helpCalls: () => fake.calls().filter((call) => call.argv[0] !== '--version'),
    configure: (edit) => {
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as FakeConfig;
      edit(config);
      write(config);
    },
  };
  fake.configure(change);
  return fake;
}

/** Help-crawl options for the fake: it records each help call beside itself, which a strict (read-only) sandbox would stop. */
export const FAKE_CRAWL = { sandbox: 'contain' } as const;
