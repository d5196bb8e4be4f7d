import { describe, expect, it } from 'vitest';
import { inputSchemaFor } from '../../src/schema/input.js';
import { inputJsonSchemaFor, type OptionSchemaMemo } from '../../src/schema/json-from-spec.js';
import { toJsonSchema } from '../../src/schema/json-schema.js';
import type { PositionalSpec, RunnableCommand, ScopedOption } from '../../src/types.js';
import { option, positional, runnable } from '../helpers/commands.js';
import { seededRandom } from '../helpers/random.js';

const oracle = (command: RunnableCommand) => JSON.stringify(toJsonSchema(inputSchemaFor(command)));
const direct = (command: RunnableCommand, memo?: OptionSchemaMemo) => JSON.stringify(inputJsonSchemaFor(command, memo));

/** Random specs of every option and positional kind, hostile defaults included; the same seed gives the same commands. */
function randomCommands(seed: number, count: number): RunnableCommand[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const maybe = (p = 0.5) => random() < p;
  const names = ['verbose', 'dry-run', 'n', '1', '2', '10', 'color', 'tag', 'constructor', 'toString', 'a b', 'ünï', 'x'];
  const texts = [undefined, '', '  ', 'Say more', ' padded text. Second sentence ', 'one of a, b', 'line\nbreak', '"quoted" \\ back'];
  const choiceSets = [undefined, [], ['fast', 'slow'], ['b', '2', '1', 'a'], ['x', 'x', 'y'], ['10', '9', '-1', '01'], ['only'], ['']];
  const defaults = [undefined, true, false, 0, -0, 1, 3, 100, 101, -1, 2.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '', 'fast', 'x', '2', [], ['a'], ['fast', 'slow'], [1, 2], ['a', 1], [['nested']], null, { a: 1 }, 10n];
  const option = (): ScopedOption => {
    const type = pick(['boolean', 'string', 'integer', 'number'] as const);
    const name = pick(names);
    const flag = pick([`--${name}`, `-${name[0]}`, undefined, '']);
    const spec: Record<string, unknown> = { name, type, depth: Math.floor(random() * 3) };
    if (flag !== undefined) spec.flag = flag;
    if (maybe(0.3)) spec.negation = pick([`--no-${name}`, '']);
    if (maybe(0.3)) spec.optionalValue = pick([true, false]);
    if (maybe(0.3)) spec.variadic = pick([true, false]);
    if (type === 'integer' && maybe(0.3)) spec.count = true;
    if (maybe(0.3)) spec.choices = pick(choiceSets);
    if (maybe(0.5)) spec.default = pick(defaults);
    if (maybe(0.25)) spec.required = pick([true, false]);
    if (maybe(0.2)) spec.env = 'SOME_VAR';
    const description = pick(texts);
    if (description !== undefined) spec.description = description;
    return spec as unknown as ScopedOption;
  };
  const positionalOf = (last: boolean): PositionalSpec => ({
    name: pick(['file', 'id', 'rest']),
    type: pick(['string', 'integer', 'number'] as const),
    required: maybe(),
    variadic: last && maybe(0.4),
    ...(maybe(0.3) ? { choices: pick(choiceSets.filter((set) => set !== undefined)) } : {}),
    ...(maybe(0.3) ? { default: pick(defaults) } : {}),
    ...(maybe(0.5) ? { description: pick(texts) } : {}),
  });
  return Array.from({ length: count }, () => {
    const length = Math.floor(random() * 4);
    const positionals = Array.from({ length }, (_, index) => positionalOf(index === length - 1));
    const passthrough = maybe(0.2) ? { passthrough: { name: 'COMMAND', required: maybe(), ...(maybe() ? { description: pick(texts) } : {}) } } : {};
    return runnable({ options: Array.from({ length: Math.floor(random() * 9) }, option), positionals, ...passthrough });
  });
}

describe('the JSON Schema written straight from the spec', () => {
  it('when commands of every option and positional kind are generated at random then each schema is byte-identical to the zod one', () => {
    const memo: OptionSchemaMemo = new Map();
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const [index, command] of randomCommands(seed, 400).entries()) {
        const expected = oracle(command);
        expect(direct(command), `seed ${seed}, command ${index}: ${JSON.stringify(command, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))}`).toBe(expected);
        // A memo shared across commands (as buildTools shares it) changes nothing either.
        expect(direct(command, memo)).toBe(expected);
      }
    }
  });

  it('when two commands declare an option the same way then they share one frozen flag schema', () => {
    const memo: OptionSchemaMemo = new Map();
    const verbose = (extra: Partial<ScopedOption> = {}) => option('verbose', 'boolean', { description: 'Say more', ...extra });
    const first = inputJsonSchemaFor(runnable({ options: [verbose()], positionals: [positional('id')] }), memo);
    const second = inputJsonSchemaFor(runnable({ path: ['tool', 'other'], options: [option('force', 'boolean'), verbose({ depth: 2, env: 'VERBOSE' })] }), memo);
    const flag = (schema: typeof first, name: string) => ((schema.properties as Record<string, Record<string, Record<string, unknown>>>).flags?.properties as Record<string, unknown>)[name];
    expect(flag(second, 'verbose')).toBe(flag(first, 'verbose'));
    expect(Object.isFrozen(flag(first, 'verbose'))).toBe(true);
    expect(memo.size).toBe(2);
  });

  it('when the option differs in anything the schema reads then it gets a schema of its own', () => {
    const memo: OptionSchemaMemo = new Map();
    const base = option('level', 'string', { choices: ['low', 'high'], default: 'low' });
    const variants: ScopedOption[] = [base, { ...base, default: 'high' }, { ...base, description: 'How much' }, { ...base, required: true }, { ...base, choices: ['low'] }, { ...base, flag: '-l' }, { ...base, negation: '--no-level' }];
    const schemas = variants.map((variant) => inputJsonSchemaFor(runnable({ options: [variant] }), memo));
    expect(memo.size).toBe(variants.length);
    schemas.forEach((schema, index) => expect(JSON.stringify(schema)).toBe(oracle(runnable({ options: [variants[index] as ScopedOption] }))));
  });

  it('when a default is not plain JSON then the option is written without the memo and still matches zod', () => {
    const memo: OptionSchemaMemo = new Map();
    const odd = [option('n', 'integer', { default: 10n }), option('m', 'number', { default: Number.NaN }), option('s', 'string', { default: { a: 1 } })];
    for (const one of odd) expect(direct(runnable({ options: [one] }), memo)).toBe(oracle(runnable({ options: [one] })));
    expect(memo.size).toBe(0);
  });
});
