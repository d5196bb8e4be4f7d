/**
 * The house's rules, checked on the sources (as the MCP SDK checks its own barrels): which folder may import
 * which package, and that data flows one way, each folder importing only from the folders below it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(src, file));
/** Every module a file names: static imports, re-exports and dynamic `import('…')`. */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'|\bimport\('([^']+)'\)/gm)].map((match) => (match[1] ?? match[2])!);
/** `server` for src/server/…, `.` for a file at the root of src. */
const folderOf = (file: string): string => (relative(src, file).includes(sep) ? relative(src, file).split(sep)[0]! : '.');

/** Folders from the bottom up: a folder imports only from the ones below it (the root's leaves are below all). */
const LAYERS: readonly (readonly string[])[] = [
  ['.'],
  ['store', 'exec', 'argv', 'schema', 'output', 'http'],
  ['reflect'],
  ['tool'],
  ['middleware'],
  ['approval', 'runs'],
  ['discovery', 'policy'],
  ['call'],
  ['server', 'export'],
  ['cli'],
];
const layerOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));

/** Packages only one room may import. */
const PACKAGE_ROOMS: readonly { readonly packages: RegExp; readonly rooms: readonly string[]; readonly why: string }[] = [
  { packages: /^@modelcontextprotocol\//, rooms: ['server'], why: 'only server/ speaks the MCP SDK' },
  { packages: /^(execa|node:child_process)$/, rooms: ['exec'], why: 'only exec/ spawns' },
  { packages: /^(commander|yargs|yargs-parser)(\/|$)/, rooms: ['cli', 'reflect'], why: "commander and yargs are read in reflect/ and used for cli-mcp's own commands" },
  { packages: /^(ioredis|rate-limiter-flexible)$/, rooms: ['store'], why: 'shared state lives in store/' },
];

describe('the boundaries of src/', () => {
  it('when the folders are listed then every one of them has a layer', () => {
    const folders = [...new Set(files.filter((file) => relative(src, file) !== 'index.ts').map(folderOf))];
    expect(folders.filter((folder) => layerOf(folder) < 0)).toEqual([]);
  });

  it('when a file imports another folder then that folder is below its own (data flows one way; nothing below imports the call stage)', () => {
    const upward: string[] = [];
    for (const file of files) {
      if (relative(src, file) === 'index.ts') continue; // the public API names everything
      const own = layerOf(folderOf(file));
      for (const specifier of importsOf(file).filter((spec) => spec.startsWith('.'))) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        const folder = folderOf(target);
        if (folder !== folderOf(file) && layerOf(folder) >= own) upward.push(`${relative(src, file)} → ${relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('when files import each other then no chain of imports (type-only ones too) comes back to where it started', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((spec) => spec.startsWith('.')).map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')))]));
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') return void circles.push([...trail.slice(trail.indexOf(file)), file].map((step) => relative(src, step)).join(' → '));
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it.each(PACKAGE_ROOMS)('when a file imports $packages then it lives in one of $rooms: $why', ({ packages, rooms }) => {
    const outside = files.filter((file) => importsOf(file).some((specifier) => packages.test(specifier)) && !rooms.includes(folderOf(file)));
    expect(outside.map((file) => relative(src, file))).toEqual([]);
  });
});
