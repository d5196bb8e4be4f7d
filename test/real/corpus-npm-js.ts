/** npm CLIs built on commander or yargs, which cli-mcp loads and reflects (devDependencies, pinned). */
import path from 'node:path';
import { repoRoot } from '../e2e/clients.js';
import type { Program } from './corpus-types.js';
import { ADD_JS, BROKEN_JS, SVG } from './fixtures.js';

const npm = (pkg: string, bin = pkg) => ({ kind: 'npm', pkg, bin }) as const;

export const npmReflectedPrograms: readonly Program[] = [
  {
    name: 'svgo',
    family: 'commander 11 (ESM)',
    source: npm('svgo'),
    version: ['--version'],
    method: 'commander (parse() call)',
    tools: { exactly: ['svgo'] },
    files: { 'icon.svg': SVG },
    calls: [
      { does: 'optimises an SVG given as a string to stdout', tool: 'svgo', input: { flags: { string: SVG.trim(), output: ['-'] } }, exitCode: 0, stdout: /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><path d="M0 0h10v10H0z"\/><\/svg>$/m },
      { does: 'optimises a file into another file', tool: 'svgo', input: { flags: { input: ['icon.svg'], output: ['icon.min.svg'] } }, exitCode: 0, stdout: /icon\.svg/, creates: ['icon.min.svg'] },
    ],
  },
  {
    name: 'playwright-core',
    family: 'commander 15 (bundled by esbuild)',
    source: npm('playwright-core'),
    wrap: ['--prefix', 'playwright'],
    version: ['--version'],
    method: 'commander (parse() call)',
    tools: { count: 29, including: ['playwright_install', 'playwright_install-deps', 'playwright_screenshot', 'playwright_trace_open'] },
    calls: [
      { does: 'says where chromium would be installed, downloading nothing (--dry-run)', tool: 'playwright_install', input: { flags: { 'dry-run': true }, args: ['chromium'] }, exitCode: 0, stdout: /Install location:\s+\S*ms-playwright/ },
      { does: 'says where the headless shell alone would go (--dry-run --only-shell)', tool: 'playwright_install', input: { flags: { 'dry-run': true, 'only-shell': true }, args: ['chromium'] }, exitCode: 0, stdout: /Chrome Headless Shell [\d.]+ \(playwright chromium-headless-shell v\d+\)/ },
    ],
  },
  {
    name: 'concurrently',
    family: 'yargs 17',
    source: npm('concurrently'),
    version: ['--version'],
    method: 'yargs (parse() call)',
    tools: { exactly: ['concurrently'] },
    files: { 'package.json': '{ "private": true }\n' },
    calls: [
      { does: 'runs two commands and returns both outputs', tool: 'concurrently', input: { flags: { raw: true }, args: ['echo first-command', 'echo second-command'] }, exitCode: 0, stdout: /first-command[\s\S]*second-command|second-command[\s\S]*first-command/ },
      { does: 'fails when one command fails and the others are killed', tool: 'concurrently', input: { flags: { 'kill-others-on-fail': true, names: 'ok,bad' }, args: ['sleep 5', 'exit 3'] }, exitCode: 1, stdout: /\[bad\] exit 3 exited with code 3/ },
    ],
  },
  {
    name: 'npm-check-updates',
    family: 'commander (bundled by vite)',
    source: npm('npm-check-updates', 'ncu'),
    version: ['--version'],
    method: 'commander (parse() call)',
    tools: { exactly: ['ncu'] },
    // A static registry file: ncu reads versions from it instead of the network.
    files: { 'package.json': '{ "dependencies": { "left-pad": "^1.0.0", "is-odd": "^3.0.1" } }\n', 'registry.json': '{ "left-pad": "1.3.0", "is-odd": "3.0.1" }\n' },
    calls: [
      { does: 'lists the upgrades a static registry offers, as JSON', tool: 'ncu', input: { flags: { registryType: 'json', registry: 'registry.json', jsonUpgraded: true } }, exitCode: 0, stdout: /"left-pad":\s*"\^1\.3\.0"/ },
      { does: 'exits 1 when upgrades are available with --errorLevel 2', tool: 'ncu', input: { flags: { registryType: 'json', registry: 'registry.json', errorLevel: 2 } }, exitCode: 1, stdout: /left-pad\s+\^1\.0\.0\s+→\s+\^1\.3\.0/ },
    ],
  },
  {
    name: 'knex',
    family: 'commander 10',
    source: npm('knex'),
    version: ['--version'],
    method: 'commander (parse() call)',
    // `knex --help` lists 13 commands.
    tools: { count: 13, including: ['knex_init', 'knex_migrate_make', 'knex_migrate_latest', 'knex_seed_make', 'knex_seed_run'] },
    // A project with knex installed; no connection, so no database driver is needed to write stubs.
    files: { 'knexfile.js': "module.exports = { client: 'pg', migrations: { directory: './migrations' } };\n" },
    setup: [['mkdir', 'node_modules'], ['ln', '-s', path.join(repoRoot, 'node_modules', 'knex'), 'node_modules/knex']],
    calls: [
      {
        does: 'writes a migration stub in TypeScript',
        tool: 'knex_migrate_make',
        input: { flags: { x: 'ts' }, args: ['add_users'] },
        exitCode: 0,
        stdout: /Created Migration: .*_add_users\.ts/,
        gap: 'knex reads process.argv a second time with getopts, which splits commander\'s attached -xts into three switches; only `-x ts` satisfies both parsers',
      },
      { does: 'writes a migration stub in the default JavaScript', tool: 'knex_migrate_make', input: { args: ['add_posts'] }, exitCode: 0, stdout: /Created Migration: .*_add_posts\.js/ },
      { does: 'writes a seed stub', tool: 'knex_seed_make', input: { args: ['users'] }, exitCode: 0, stdout: /Created seed file: .*users\.js/, creates: ['seeds/users.js'] },
    ],
  },
  {
    name: 'terser',
    family: 'commander 2',
    source: npm('terser'),
    version: ['--version'],
    method: 'commander (parse() call)',
    tools: { exactly: ['terser'] },
    files: { 'add.js': ADD_JS, 'broken.js': BROKEN_JS },
    calls: [
      { does: 'compresses and mangles a file to stdout', tool: 'terser', input: { flags: { compress: true, mangle: true }, args: ['add.js'] }, exitCode: 0, stdout: /^function add\(\w,\w\)\{return \w\+\w\}console\.log\(add\(1,2\)\);?$/m },
      { does: 'reports a parse error (exit 1)', tool: 'terser', input: { args: ['broken.js'] }, exitCode: 1, stderr: /Parse error at broken\.js:1/ },
    ],
  },
];
