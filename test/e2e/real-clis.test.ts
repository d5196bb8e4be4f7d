/**
 * Real CLIs from npm (devDependencies, pinned), reflected and served the way a user runs them:
 * `cli-mcp tools|wrap <repo>/node_modules/.bin/<name>`, from a scratch working directory, with a
 * fresh HOME. Loading must run no command action and leave both directories empty.
 *
 * | CLI | shape | parser |
 * |---|---|---|
 * | svgo 4.1.0 | one command, ESM | its own commander 11 (ours is 14) |
 * | playwright-core 1.65.1 | nested subcommands, CJS | commander 15 bundled into lib/utilsBundle.js by esbuild |
 * | concurrently 9.2.5 | one command, CJS | its own yargs 17 (ours is 18) |
 * | npm-check-updates 22.2.8 | one command without an action, ESM | commander bundled into build/cli.js by vite |
 * | knex 3.3.0 | `migrate:make`-style subcommands, CJS | its own commander 10 |
 *
 * docs/real-clis.md has the table of results.
 */
import { execa } from 'execa';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';
import { binPath, connect, repoRoot, textOf, type TestClient } from './clients.js';

const scratch = scratchMaker('cli-mcp-real-');
const bin = (name: string): string => path.join(repoRoot, 'node_modules', '.bin', name);

/** The parts of a generated JSON Schema these tests read. */
interface Schema {
  readonly type?: string;
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
  readonly default?: unknown;
  readonly minItems?: number;
  readonly maxItems?: number;
}
interface ListedTool {
  readonly name: string;
  readonly inputSchema: Schema;
}
interface Listing {
  readonly exitCode: number | undefined;
  /** From the stderr line `… found by <method>; <mode> mode, …`. */
  readonly method: string | undefined;
  readonly tools: readonly ListedTool[];
  readonly names: readonly string[];
  readonly stderr: string;
  readonly ms: number;
  readonly cwd: string;
  readonly home: string;
}

/**
 * A user's environment, pared down: a fresh HOME (to see what loading writes there), cli-mcp's own
 * help-text cache kept out of it, and no NODE_ENV (vitest sets `test`, which silences update notifiers).
 */
function userEnv(home: string): Record<string, string> {
  return { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, XDG_CACHE_HOME: scratch(), LANG: 'C.UTF-8' };
}

/** Runs `cli-mcp tools <target> …extra` in `cwd` (a fresh scratch directory by default). */
async function listTools(target: string, options: { cwd?: string; extra?: readonly string[] } = {}): Promise<Listing> {
  const cwd = options.cwd ?? scratch();
  const home = scratch();
  const started = performance.now();
  const run = await execa(process.execPath, [binPath, 'tools', target, ...(options.extra ?? [])], {
    cwd,
    env: userEnv(home),
    extendEnv: false,
    reject: false,
    timeout: 30_000,
    stdin: 'ignore',
  });
  const ms = performance.now() - started;
  const tools = run.exitCode === 0 ? (JSON.parse(run.stdout) as { tools: ListedTool[] }).tools : [];
  const method = /found by ([^;\n]+);/.exec(run.stderr)?.[1];
  return { exitCode: run.exitCode, method, tools, names: tools.map((tool) => tool.name), stderr: run.stderr, ms, cwd, home };
}

function toolOf(listing: Listing, name: string): ListedTool {
  const found = listing.tools.find((tool) => tool.name === name);
  if (!found) throw new Error(`no tool ${name}; got ${listing.names.join(', ') || 'none'}\n${listing.stderr}`);
  return found;
}
const flagsOf = (tool: ListedTool): Record<string, Schema> => tool.inputSchema.properties?.['flags']?.properties ?? {};
const argsOf = (tool: ListedTool): Schema | undefined => tool.inputSchema.properties?.['args'];
const entries = (dir: string): string[] => readdirSync(dir).sort();

/** A found program answers well before the worker's 1.5 s wait for a late parse(); this leaves room for a loaded machine. */
const FEW_SECONDS = 10_000;

/** What every listing must show: exit 0, quick, and nothing written to the working directory. */
function expectCleanLoad(listing: Listing, cwdEntries: readonly string[] = []): void {
  expect(listing.exitCode, listing.stderr).toBe(0);
  expect(listing.ms).toBeLessThan(FEW_SECONDS);
  expect(entries(listing.cwd)).toEqual(cwdEntries);
}

describe('svgo 4.1.0: a single-command commander CLI (ESM, its own commander 11)', () => {
  let listing: Listing;
  beforeAll(async () => {
    listing = await listTools(bin('svgo'));
  });

  it('when listed then it is one command tool, then the read tool, found by its parse() call, and loading wrote nothing', () => {
    expectCleanLoad(listing);
    expect(entries(listing.home)).toEqual([]);
    expect(listing.method).toBe('commander (parse() call)');
    expect(listing.names).toEqual(['svgo', 'svgo_run_start', 'svgo_run_status', 'svgo_run_cancel', 'svgo_read_output']);
  });

  it('when listed then its variadic options are arrays and --no-color is a boolean defaulting to true', () => {
    const svgo = toolOf(listing, 'svgo');
    const flags = flagsOf(svgo);
    expect(flags['input']).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(flags['output']).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(flags['color']).toMatchObject({ type: 'boolean', default: true });
    expect(flags).not.toHaveProperty('version');
    // `[INPUT...]`: optional and variadic, so no upper bound.
    expect(argsOf(svgo)).toMatchObject({ type: 'array', minItems: 0 });
    expect(argsOf(svgo)).not.toHaveProperty('maxItems');
  });

  describe('served by cli-mcp wrap to a v2 client (2026-07-28)', () => {
    let client: TestClient;
    let cwd: string;
    let home: string;
    beforeAll(async () => {
      cwd = scratch();
      home = scratch();
      client = await connect('v2 (2026-07-28)', [bin('svgo')], { cwd, env: userEnv(home) });
    });
    afterAll(() => client?.close());

    it('when svgo is called with an SVG string and output "-" then the optimised SVG comes back on stdout and no file is written', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><!-- a comment --><rect width="10" height="10"/></svg>';
      const result = await client.callTool('svgo', { flags: { string: svg, output: ['-'] } });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent?.exitCode).toBe(0);
      expect(result.structuredContent?.stdout?.trim()).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h10v10H0z"/></svg>');
      expect(entries(cwd)).toEqual([]);
      expect(entries(home)).toEqual([]);
    });
  });
});

describe('playwright-core 1.65.1: nested subcommands, commander bundled by esbuild (CJS)', () => {
  let listing: Listing;
  beforeAll(async () => {
    // The program calls itself "npx playwright" (after the package manager it guesses): --prefix pins the names.
    listing = await listTools(bin('playwright-core'), { extra: ['--prefix', 'playwright'] });
  });

  it('when listed then its commands, nested ones included, are tools found by its parse() call, and loading wrote nothing', () => {
    expectCleanLoad(listing);
    expect(entries(listing.home)).toEqual([]);
    expect(listing.method).toBe('commander (parse() call)');
    // It calls itself "npx playwright" (not one word), so the bin's name names the program.
    // 29 command tools (the whole list, output schemas included, fits the budget: no compacting, no describe tool), the three run tools, read output.
    expect(listing.stderr).toMatch(/playwright-core: 29 commands, found by commander \(parse\(\) call\); all mode, 33 tools listed \(about [\d,]+ tokens\): a tool per command/);
    expect(listing.names).toHaveLength(33);
    expect(listing.names.at(-1)).toBe('playwright_read_output');
    expect(listing.names).toEqual(expect.arrayContaining(['playwright_install', 'playwright_screenshot', 'playwright_trace_open', 'playwright_trace_requests', 'playwright_mcp']));
    // `trace` only groups its subcommands; commander's implicit `help` commands are not tools.
    expect(listing.names).not.toContain('playwright_trace');
    expect(listing.names.filter((name) => name.endsWith('_help'))).toEqual([]);
  });

  it('when listed then option kinds survive the bundle: --no-x defaults, numbers, and required positionals', () => {
    const install = toolOf(listing, 'playwright_install');
    expect(flagsOf(install)['dry-run']).toMatchObject({ type: 'boolean' });
    expect(flagsOf(install)['shell']).toMatchObject({ type: 'boolean', default: true });
    expect(flagsOf(toolOf(listing, 'playwright_mcp'))['timeout-action']).toMatchObject({ type: 'number' });
    // `screenshot <url> <filename>`
    expect(argsOf(toolOf(listing, 'playwright_screenshot'))).toMatchObject({ minItems: 2, maxItems: 2 });
  });

  describe('served by cli-mcp wrap to a v1 SDK client', () => {
    let client: TestClient;
    let cwd: string;
    let home: string;
    beforeAll(async () => {
      cwd = scratch();
      home = scratch();
      client = await connect('v1 sdk', [bin('playwright-core'), '--prefix', 'playwright'], { cwd, env: userEnv(home) });
    });
    afterAll(() => client?.close());

    it('when playwright_install is called as a dry run then it prints where chromium would go, downloads nothing and writes nothing', async () => {
      const result = await client.callTool('playwright_install', { flags: { 'dry-run': true }, args: ['chromium'] });
      expect(result.isError, textOf(result)).toBeFalsy();
      const stdout = result.structuredContent?.stdout ?? '';
      expect(stdout).toContain('(playwright chromium v');
      // The CLI got the HOME from the server's environment allowlist.
      expect(stdout).toContain(`Install location:    ${path.join(home, '.cache', 'ms-playwright')}`);
      expect(entries(cwd)).toEqual([]);
      expect(entries(home)).toEqual([]);
    });
  });
});

describe('concurrently 9.2.5: a yargs CLI (CJS, its own yargs 17)', () => {
  describe('from a project directory (one with a package.json), as `npx cli-mcp wrap ./node_modules/.bin/concurrently` runs it', () => {
    let listing: Listing;
    let project: string;
    beforeAll(async () => {
      project = scratch();
      writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
      listing = await listTools(bin('concurrently'), { cwd: project });
    });

    it('when listed then it is one command tool, then the read tool, found by its parse call, and loading wrote nothing', () => {
      expectCleanLoad(listing, ['package.json']);
      expect(entries(listing.home)).toEqual([]);
      expect(listing.method).toBe('yargs (parse() call)');
      expect(listing.names).toEqual(['concurrently', 'concurrently_run_start', 'concurrently_run_status', 'concurrently_run_cancel', 'concurrently_read_output']);
    });

    it('when listed then yargs types and defaults are in the schema', () => {
      const tool = toolOf(listing, 'concurrently');
      const flags = flagsOf(tool);
      expect(flags['kill-timeout']).toMatchObject({ type: 'number' });
      expect(flags['restart-tries']).toMatchObject({ type: 'number', default: 0 });
      expect(flags['prefix-length']).toMatchObject({ type: 'number', default: 10 });
      expect(flags['teardown']).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(flags['raw']).toMatchObject({ type: 'boolean' });
      expect(argsOf(tool)).toMatchObject({ type: 'array', minItems: 0 });
    });

    describe('served by cli-mcp wrap to a v2 client (2025-11-25)', () => {
      let client: TestClient;
      let home: string;
      beforeAll(async () => {
        home = scratch();
        client = await connect('v2 (2025-11-25)', [bin('concurrently')], { cwd: project, env: userEnv(home) });
      });
      afterAll(() => client?.close());

      it('when concurrently is called with two commands then both run and their output comes back', async () => {
        const result = await client.callTool('concurrently', { flags: { raw: true }, args: ['echo first-command', 'echo second-command'] });
        expect(result.isError, textOf(result)).toBeFalsy();
        const stdout = result.structuredContent?.stdout ?? '';
        expect(stdout).toContain('first-command');
        expect(stdout).toContain('second-command');
        expect(entries(project)).toEqual(['package.json']);
        expect(entries(home)).toEqual([]);
      });
    });
  });

  describe('from a directory with no package.json above it', () => {
    let listing: Listing;
    beforeAll(async () => {
      listing = await listTools(bin('concurrently'));
    });

    it('when listed then loading still exits 0 and writes nothing', () => {
      expectCleanLoad(listing);
      expect(entries(listing.home)).toEqual([]);
    });

    // A CommonJS bin must see `require.main` as when run: concurrently's readPackage() starts from
    // `require.main?.path ?? process.cwd()` and throws without it, and help text would type every yargs option boolean.
    it('when listed then yargs is found and --kill-timeout is a number', () => {
      expect(listing.method).toBe('yargs (parse() call)');
      expect(flagsOf(toolOf(listing, 'concurrently'))['kill-timeout']).toMatchObject({ type: 'number' });
    });
  });
});

describe('npm-check-updates 22.2.8: commander bundled by vite, a root without an action (ESM)', () => {
  let listing: Listing;
  beforeAll(async () => {
    listing = await listTools(bin('ncu'));
  });

  it('when listed then its program is found by its parse() call and the working directory stays empty', () => {
    expectCleanLoad(listing);
    expect(listing.method).toBe('commander (parse() call)');
  });

  // A root without an action still runs: ncu (like markdownlint-cli and commander's single-command examples)
  // calls program.parse() and then reads program.opts() and program.args itself.
  it('when listed then the root is one tool with integer and array options', () => {
    const ncu = toolOf(listing, 'ncu');
    expect(flagsOf(ncu)['concurrency']).toMatchObject({ type: 'integer', default: 8 });
    expect(flagsOf(ncu)['dep']).toMatchObject({ type: 'array' });
  });

  // Loading sets NO_UPDATE_NOTIFIER: ncu starts update-notifier before parse(), which would write
  // ~/.config/configstore/ and once a day start a detached `node check.js` that queries the npm registry.
  it('when listed then nothing is written to HOME', () => {
    expect(entries(listing.home)).toEqual([]);
  });
});

describe('knex 3.3.0: `migrate:make`-style subcommands (CJS, its own commander 10)', () => {
  let listing: Listing;
  beforeAll(async () => {
    listing = await listTools(bin('knex'));
  });

  it('when listed then loading exits 0 and writes nothing', () => {
    expectCleanLoad(listing);
    expect(entries(listing.home)).toEqual([]);
  });

  // Commander ≤ 11.0 keeps a command's arguments in `_args`, not `registeredArguments` (11.1): both are read.
  it('when listed then each subcommand is a tool, `:` turned into `_`, found by its parse() call', () => {
    expect(listing.method).toBe('commander (parse() call)');
    expect(listing.names).toEqual(expect.arrayContaining(['knex_init', 'knex_migrate_make', 'knex_migrate_latest', 'knex_seed_run']));
    expect(argsOf(toolOf(listing, 'knex_migrate_make'))).toMatchObject({ minItems: 1, maxItems: 1 });
  });
});
