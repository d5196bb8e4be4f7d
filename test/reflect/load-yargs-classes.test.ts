import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { scratchMaker } from '../helpers/scratch.js';
import { fixture } from '../helpers/fixture.js';

// The loader's worker runs from dist/: `npm run build` first.
const scratch = scratchMaker('cli-mcp-load-yargs-classes-');

describe('loadTarget on yargs programs nobody here wrote the way they are built', () => {
  it('when a yargs 16 program peeks at argv in its helpers as they load and its builders end in .argv (class: yargs 16, sequelize-cli 6) then every command is read and nothing runs', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('yargs', 'yargs16-peek/db.cjs'), { cwd, cache: false });
    expect(loaded.method).toBe('yargs (parse() call)');
    expect(loaded.version).toBe('1.0.0');
    expect(loaded.spec.subcommands.map((sub) => sub.name)).toEqual(['db:migrate', 'db:migrate:undo', 'model:generate']);
    const generate = loaded.spec.subcommands[2];
    expect(generate?.options.map((option) => [option.name, option.type, option.required ?? false])).toEqual([
      ['env', 'string', false],
      ['url', 'string', false],
      ['name', 'string', true],
      ['attributes', 'string', true],
    ]);
    expect(loaded.warnings).toEqual([]);
    // A handler, or the code after the parse, would have left MIGRATED, GENERATED or AFTER_PARSE.
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when no command has a handler and the program acts on the argv after the parse (class: yargs as a parser alone, c8 and get-pkg-repo) then every command runs and the program takes its operands, and nothing runs while reading', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('yargs', 'parser-alone.cjs'), { cwd, cache: false });
    expect(loaded.method).toBe('yargs (parse() call)');
    expect(loaded.spec).toMatchObject({ runnable: true, positionals: [{ name: 'args', required: true, variadic: true }] });
    expect(loaded.spec.subcommands.map((sub) => [sub.name, sub.runnable])).toEqual([
      ['check-coverage', true],
      ['report', true],
    ]);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('when a program loads a yargs whose programs are not recognised (class: unknown yargs major) then it is read from its help and the warning names that yargs and its version', async () => {
    const loaded = await loadTarget(fixture('yargs', 'old-yargs/old.cjs'), { cwd: scratch(), cache: false });
    expect(loaded.method).toMatch(/^help text/);
    expect(loaded.spec.options.map((option) => option.name)).toContain('level');
    expect(loaded.warnings).toEqual([expect.stringMatching(/^read from its help text: it loaded yargs 12\.0\.5 from \S+old-yargs\/vendor\/yargs, whose programs cli-mcp did not recognise \(it reads commander 2 and later, and yargs 16, 17, 18\)$/)]);
  });

  it('when the program is built after awaited I/O and its command builders are async (class: async builders, as Angular CLI 22 on yargs 18.1) then the parse is waited for and every option and schematic command declared after an await is read, and nothing runs', async () => {
    const cwd = scratch();
    const loaded = await loadTarget(fixture('yargs', 'async-builders/ngish.mjs'), { cwd, cache: false });
    expect(loaded.method).toBe('yargs (parse() call)');
    const [created, generate] = loaded.spec.subcommands;
    expect(created?.options.map((option) => option.name)).toEqual(['dry-run', 'routing', 'style', 'prefix', 'skip-tests']);
    expect(created?.options.find((option) => option.name === 'style')?.choices).toEqual(['css', 'scss']);
    expect(generate?.subcommands.map((sub) => [sub.name, sub.options.map((option) => option.name)])).toEqual([
      ['component', ['name', 'flat']],
      ['service', ['name']],
    ]);
    expect(loaded.warnings).toEqual([]);
    // A handler, or the code after the parse, would have left NEW_RAN, GENERATE_RAN or AFTER_PARSE.
    expect(readdirSync(cwd)).toEqual([]);
  });
});
