import { afterEach, describe, expect, it } from 'vitest';
import { CliMcpError } from '../../src/errors.js';
import { hardenInput, hardenInputMiddleware } from '../../src/middleware/harden-input.js';
import { compose } from '../../src/middleware/compose.js';
import { validate } from '../../src/middleware/validate.js';
import { contextFor, option, positional, runnable, toolFor } from '../helpers/commands.js';

/** The message of a refused input; fails the test when the input passed. */
function refusal(raw: unknown, limits?: Parameters<typeof hardenInput>[1]): string {
  const outcome = hardenInput(raw, limits);
  if (outcome.ok) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.input)}`);
  return outcome.message;
}

/** An array whose item reads are counted, to prove a check refused it without walking it. */
function countingArray(length: number): { array: string[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy(Array.from({ length }, () => 'x'), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { array, reads: () => reads };
}

/** What a refused line feed adds: the entry that would allow it. */
const hint = (entry: string) => `; to allow several lines here, start the server with --allow-multiline ${entry} (inputLimits.multilineFlags: ["${entry}"] in the library)`;

afterEach(() => {
  // A test that polluted the prototype must not hide it from the next one.
  expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
});

describe('hardenInput on clean input', () => {
  it('when the input is clean then it passes deep-equal, as a fresh copy with plain prototypes', () => {
    const raw = { flags: { title: 'buy milk', limit: 3, dry: true, tag: ['a', 'b'], none: null }, args: ['inbox', 'x y'] };
    const outcome = hardenInput(raw);
    expect(outcome).toEqual({ ok: true, input: raw });
    const input = (outcome as { input: typeof raw }).input;
    expect(input).not.toBe(raw);
    expect(input.flags).not.toBe(raw.flags);
    expect(input.flags.tag).not.toBe(raw.flags.tag);
    expect(Object.getPrototypeOf(input.flags)).toBe(Object.prototype);
  });

  it('when an object has an inherited, poisoned prototype then the copy has a plain one and drops inherited keys', () => {
    const flags = Object.assign(Object.create({ inherited: 'evil' }) as object, { title: 'x' });
    const outcome = hardenInput({ flags });
    expect(outcome).toEqual({ ok: true, input: { flags: { title: 'x' } } });
    expect(Object.getPrototypeOf((outcome as { input: { flags: object } }).input.flags)).toBe(Object.prototype);
  });

  it.each([undefined, null, 'text', 42, [1, 2]])('when the input is %j, not an object, then it is returned as is for validation to judge', (raw) => {
    expect(hardenInput(raw)).toEqual({ ok: true, input: raw });
  });

  it('when a numeric string is sent then it is not coerced (zod refuses it by name)', () => {
    expect(hardenInput({ flags: { limit: '10' }, args: ['7'] })).toEqual({ ok: true, input: { flags: { limit: '10' }, args: ['7'] } });
  });

  it('when unknown top-level keys are sent then they are kept for validation to refuse', () => {
    expect(hardenInput({ flags: {}, extra: 1 })).toEqual({ ok: true, input: { flags: {}, extra: 1 } });
  });
});

describe('hardenInput on JSON strings', () => {
  it.each([
    ['flags as a JSON object string', { flags: '{"title":"x","tag":["a"]}' }, { flags: { title: 'x', tag: ['a'] } }],
    ['args as a JSON array string', { args: '["inbox","x"]' }, { args: ['inbox', 'x'] }],
    ['both', { flags: '{}', args: '[]' }, { flags: {}, args: [] }],
  ])('when %s is sent then it is decoded', (_, raw, expected) => {
    expect(hardenInput(raw)).toEqual({ ok: true, input: expected });
  });

  it.each([
    ['flags that are not JSON', { flags: '{title: x}' }],
    ['flags that are a JSON array', { flags: '["x"]' }],
    ['flags that are JSON null', { flags: 'null' }],
    ['args that are a bare word', { args: 'inbox' }],
    ['args that are a JSON object', { args: '{"a":1}' }],
    ['another key holding JSON', { other: '{"a":1}' }],
  ])('when %s are sent then the string is left for validation to refuse', (_, raw) => {
    expect(hardenInput(raw)).toEqual({ ok: true, input: raw });
  });

  it('when a decoded JSON string breaks a rule then it is refused like any other input', () => {
    expect(refusal({ args: '["a","b\\nc"]' })).toBe(`args[1]: contains a line feed (\\n); values must be one line${hint('args')}`);
  });
});

describe('hardenInput on prototype keys', () => {
  it.each([
    ['at the top level', '{"__proto__":{"polluted":1},"flags":{}}', '__proto__'],
    ['inside flags', '{"flags":{"__proto__":{"polluted":1}}}', 'flags.__proto__'],
    ['in an array element of flags', '{"flags":{"tag":[{"__proto__":{"polluted":1}}]}}', 'flags.tag[0].__proto__'],
    ['inside a JSON-string flags', JSON.stringify({ flags: '{"__proto__":{"polluted":1}}' }), 'flags.__proto__'],
  ])('when __proto__ is sent %s then it is refused and Object.prototype stays clean', (_, json, field) => {
    const raw: unknown = JSON.parse(json);
    expect(refusal(raw)).toBe(`${field}: the key "__proto__" is not accepted (it can alter object prototypes); remove it`);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each([
    ['constructor', { flags: { constructor: { prototype: { polluted: 1 } } } }, 'flags.constructor'],
    ['prototype', { flags: { prototype: 'x' } }, 'flags.prototype'],
    ['constructor at the top level', { constructor: 'x' }, 'constructor'],
    ['prototype deep in an array', { flags: { list: [{ prototype: {} }] } }, 'flags.list[0].prototype'],
  ])('when the key %s is sent then it is refused', (_, raw, field) => {
    expect(refusal(raw)).toMatch(new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}: the key "\\w+" is not accepted`));
  });

  it('when a prototype key is not enumerable then it is still refused, without being read', () => {
    const flags = Object.defineProperty({}, '__proto__', {
      enumerable: false,
      get: () => {
        throw new Error('read through __proto__');
      },
    });
    expect(refusal({ flags })).toMatch(/^flags\.__proto__: /);
  });
});

describe('hardenInput on line breaks and NUL', () => {
  it.each([
    ['a flag value', { flags: { name: 'a\nb' } }, `flags.name: contains a line feed (\\n); values must be one line${hint('name')}`],
    ['a flag value', { flags: { name: 'a\rb' } }, 'flags.name: contains a carriage return (\\r); values must be one line'],
    ['a flag value', { flags: { name: 'a\0b' } }, 'flags.name: contains a NUL character (\\0); a command line cannot carry it'],
    ['an array item of a flag', { flags: { tag: ['ok', 'b\r\n'] } }, 'flags.tag[1]: contains a carriage return (\\r); values must be one line'],
    ['a positional', { args: ['a', 'b', 'c\0'] }, 'args[2]: contains a NUL character (\\0); a command line cannot carry it'],
    ['a positional', { args: ['\n'] }, `args[0]: contains a line feed (\\n); values must be one line${hint('args')}`],
    ['a flag name', { flags: { 'a\nb': 'x' } }, 'flags key "a\\nb": contains a line feed (\\n); values must be one line'],
  ])('when %s holds a forbidden character then the message names the field and the character', (_, raw, message) => {
    expect(refusal(raw)).toBe(message);
  });

  it('when several values are bad then each problem is one line of the message', () => {
    expect(refusal({ flags: { a: 'x\n', b: 'y\0' }, args: ['z\r'] }).split('\n')).toEqual([
      `flags.a: contains a line feed (\\n); values must be one line${hint('a')}`,
      'flags.b: contains a NUL character (\\0); a command line cannot carry it',
      'args[0]: contains a carriage return (\\r); values must be one line',
    ]);
  });

  it('when very many values are bad then at most ten problems are reported', () => {
    const flags = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x\n']));
    expect(refusal({ flags }).split('\n')).toHaveLength(10);
  });
});

describe('hardenInput on sizes', () => {
  it('when a value is over 64 KiB then the message names the field, its size and the limit', () => {
    expect(refusal({ flags: { body: 'a'.repeat(200_000) } })).toBe(
      'flags.body: is 200000 bytes, over the limit of 65536 bytes per value; pass large content another way (a file, for instance)',
    );
  });

  it('when an oversized value also holds a line feed then only its size is reported (it is not scanned)', () => {
    expect(refusal({ args: [`${'a'.repeat(200_000)}\n`] })).toMatch(/^args\[0\]: is 200001 bytes, over the limit of 65536 bytes/);
  });

  it('when a value is measured then multi-byte characters count in UTF-8 bytes', () => {
    expect(hardenInput({ args: ['é'.repeat(10)] }, { maxValueBytes: 20 }).ok).toBe(true);
    expect(refusal({ args: ['é'.repeat(11)] }, { maxValueBytes: 20 })).toMatch(/^args\[0\]: is 22 bytes, over the limit of 20 bytes/);
  });

  it('when 10,000 positionals are sent then they are refused by count, naming it and the limit, without reading one', () => {
    const { array, reads } = countingArray(10_000);
    expect(refusal({ args: array })).toBe('args: has 10000 items; at most 1000 positionals are accepted');
    expect(reads()).toBe(0);
  });

  it('when a flag array is over the item limit then it is refused without reading one', () => {
    const { array, reads } = countingArray(1001);
    expect(refusal({ flags: { tag: array } })).toBe('flags.tag: has 1001 items; at most 1000 items are accepted');
    expect(reads()).toBe(0);
  });

  it('when an object has more keys than the item limit then it is refused', () => {
    const flags = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, true]));
    expect(refusal({ flags }, { maxArrayItems: 5 })).toBe('flags: has 6 keys; at most 5 are accepted');
  });

  it.each([
    ['an array in an array flag', { flags: { a: [['x']] } }, true],
    ['one more level', { flags: { a: [[['x']]] } }, false],
    ['objects four deep in flags', { flags: { a: { b: { c: { d: 'x' } } } } }, false],
  ])('when the input nests %s then the depth limit of 4 decides', (_, raw, passes) => {
    const outcome = hardenInput(raw);
    expect(outcome.ok).toBe(passes);
    if (!outcome.ok) expect(outcome.message).toMatch(/^flags\.a(\[0\]\[0\]|\.b\.c): nested 5 levels deep; at most 4 are accepted/);
  });

  it('when the input is nested thousands deep then it is refused at the limit without overflowing the stack', () => {
    const raw: unknown = JSON.parse(`{"flags":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`);
    expect(refusal(raw)).toBe(
      'flags.a[0][0]: nested 5 levels deep; at most 4 are accepted (flag values are strings, numbers, booleans or arrays of them)',
    );
  });

  it('when limits are given then they replace the defaults', () => {
    expect(refusal({ args: ['a', 'b', 'c'] }, { maxArgs: 2 })).toBe('args: has 3 items; at most 2 positionals are accepted');
    expect(refusal({ flags: { a: ['x'] } }, { maxDepth: 2 })).toMatch(/^flags\.a: nested 3 levels deep; at most 2 are accepted/);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('when a limit is %s then it throws invalid-option naming it', (value) => {
    expect(() => hardenInput({}, { maxArgs: value })).toThrow(CliMcpError);
    expect(() => hardenInputMiddleware({ maxValueBytes: value })).toThrow(/maxValueBytes must be a positive whole number/);
  });
});

describe('hardenInputMiddleware', () => {
  const tool = toolFor(runnable({ path: ['todo', 'add'], options: [option('title', 'string'), option('limit', 'integer')], positionals: [positional('list')] }));

  it('when the input is clean then it replaces ctx.rawInput with the hardened copy and calls next', async () => {
    const ctx = contextFor(tool, { flags: '{"title":"x"}' });
    let nexts = 0;
    await hardenInputMiddleware()(ctx, async () => void (nexts += 1));
    expect(nexts).toBe(1);
    expect(ctx.rawInput).toEqual({ flags: { title: 'x' } });
    expect(ctx.result).toBeUndefined();
  });

  it('when the input is refused then the call ends with an isError result and next is not called', async () => {
    const ctx = contextFor(tool, { flags: { title: 'a\nb' } });
    let nexts = 0;
    await hardenInputMiddleware()(ctx, async () => void (nexts += 1));
    expect(nexts).toBe(0);
    expect(ctx.result).toEqual({ isError: true, message: `flags.title: contains a line feed (\\n); values must be one line${hint('todo_add.title')}` });
  });

  it('when it runs before validate then JSON-string flags validate, an exact numeric string is read as its number and any other string is still refused by zod', async () => {
    const chain = compose([hardenInputMiddleware(), validate()], async (ctx) => void (ctx.result = { isError: false, message: 'ran' }));
    const good = contextFor(tool, { flags: '{"title":"x","limit":3}', args: '["inbox"]' });
    await chain(good);
    expect(good.input).toEqual({ flags: { title: 'x', limit: 3 }, args: ['inbox'] });
    const numeric = contextFor(tool, { flags: { title: 'x', limit: '10' }, args: ['inbox'] });
    await chain(numeric);
    expect(numeric.input).toEqual({ flags: { title: 'x', limit: 10 }, args: ['inbox'] });
    const words = contextFor(tool, { flags: { limit: '10 items' } });
    await chain(words);
    expect(words.result?.message).toMatch(/flags\.limit: expected an integer, got "10 items"/);
  });
});
