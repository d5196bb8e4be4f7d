// The fuzz harness: seeded random tool calls, laid out by layOutArgv, parsed by the real parser, compared with the request.
import { isDeepStrictEqual } from 'node:util';
import { fy, recorder, red } from './programs.mjs';
import { seededRandom } from './random.mjs';

/** Words that break naive argv handling, and every command word and alias of the programs. */
const HOSTILE = ['', '-', '1.0', '1e3', '007', '9007199254740993', '--', '"q"', "'q'", '"', "'", '=', 'a=b', '--x=y', '-rf', '--force', ' ', 'x y', '5', '-5', '0x1', 'é', '日本', '$(id)', 'true', 'false'];
const WORDS = ['delete', 'get', 'show', 'ls', 'list', 'secret', 'help', 'exec', 'group', 'wipe', '$0', 'red', 'fy'];
const PIECES = ['a', 'Z', '-', '--', '=', ' ', '"', "'", ',', '.', 'delete'];

function generator(next) {
  const pick = (items) => items[Math.floor(next() * items.length)];
  const text = () => {
    const roll = next();
    if (roll < 0.4) return pick(HOSTILE);
    if (roll < 0.6) return pick(WORDS);
    return Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(PIECES)).join('');
  };
  const number = () => pick([0, 1, -1, 2.5, -0.5, 1e21, 1.5e-7, Math.round((next() - 0.5) * 1e6)]);
  const value = (spec) => {
    if (spec.count) return Math.floor(next() * 4);
    if (spec.type === 'boolean') return next() < 0.6;
    if (spec.optionalValue && next() < 0.5) return true;
    const one = () => (spec.choices ? pick(spec.choices) : spec.type === 'string' ? text() : number());
    return spec.variadic ? Array.from({ length: Math.floor(next() * 4) }, one) : one();
  };
  return { next, pick, text, value };
}

/** A random call of a random tool: flags from its options, args within its positionals' counts. */
function randomCall(tools, g) {
  const tool = g.pick(tools);
  const flags = {};
  for (const spec of tool.options) if (g.next() < 0.35) flags[spec.name] = g.value(spec);
  const min = tool.positionals.filter((p) => p.required).length;
  const variadic = tool.positionals.some((p) => p.variadic);
  const max = variadic ? tool.positionals.length + 2 : tool.positionals.length;
  const args = Array.from({ length: min + Math.floor(g.next() * (max - min + 1)) }, g.text);
  return { tool, input: { flags, args } };
}

/** What the program must read for one requested flag; `ABSENT` when it must read nothing. */
const ABSENT = Symbol('absent');
function expectedValue(spec, value) {
  if (spec.count) return value > 0 ? value : ABSENT;
  if (value === true) return true;
  if (value === false) return spec.negation !== undefined ? false : ABSENT;
  if (Array.isArray(value)) return value.length > 0 ? value : ABSENT;
  return value === '' || value === null ? ABSENT : value;
}
const absentOk = (spec, actual) => actual === undefined || isDeepStrictEqual(actual, spec.default) || (spec.count && actual === 0) || (spec.flag === undefined && actual === true);

/** The first difference between the request and what the program read, or undefined. */
function difference(tool, input, ran, command, opts, positional) {
  if (ran === undefined) return 'no action ran';
  if (ran.path !== command) return `ran ${JSON.stringify(ran.path)} instead of ${JSON.stringify(command)}`;
  for (const [name, value] of Object.entries(input.flags)) {
    const spec = tool.options.find((option) => option.name === name);
    const want = expectedValue(spec, value);
    const got = opts(name);
    if (want === ABSENT ? !absentOk(spec, got) : !isDeepStrictEqual(got, want)) return `option ${name}: ${want === ABSENT ? 'absent' : describe(want)} read as ${describe(got)}`;
  }
  for (const [index, spec] of tool.positionals.entries()) {
    const want = spec.variadic ? input.args.slice(index) : input.args[index];
    const got = positional(spec, index);
    if (!isDeepStrictEqual(got, want)) return `positional ${spec.name}: ${describe(want)} read as ${describe(got)}`;
  }
  return undefined;
}
const describe = (value) => (typeof value === 'string' && value.length > 0 ? 'text' : JSON.stringify(value) ?? 'undefined');

const REASONS = [
  [/names a command/, 'a positional names a command'],
  [/sends the bare/, 'a bare optional-value flag before a word'],
  [/matching quotes/, 'a quoted option value (yargs)'],
  [/lone "-"/, 'a lone "-" positional (yargs)'],
  [/as the number/, 'a positional yargs would turn into another number'],
  [/starts with "-"/, 'a positional starting with "-" where "--" cannot go'],
];
const reasonOf = (message) => REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? `other: ${message}`;

/** Runs `count` seeded calls through one parser; `parse(argv)` returns what ran. */
function fuzz({ tools, count, seed, parse, camel }) {
  const g = generator(seededRandom(seed));
  const report = { inputs: count, reached: 0, refused: {}, mismatches: {}, examples: [] };
  for (let run = 0; run < count; run += 1) {
    const { tool, input } = randomCall(tools, g);
    const laid = tool.layOut(input);
    if (!laid.ok) {
      const reason = reasonOf(laid.message);
      report.refused[reason] = (report.refused[reason] ?? 0) + 1;
      continue;
    }
    report.reached += 1;
    const outcome = parse(laid.argv);
    const command = tool.path.length === 1 ? tool.path[0] : tool.path.slice(1).join(' ');
    const cause = outcome.error ? `error: ${outcome.error.split('\n')[0]}` : difference(tool, input, outcome.ran, command, (name) => outcome.opts(camel ? camelCase(name) : name), outcome.positional);
    if (cause === undefined) continue;
    report.mismatches[cause] = (report.mismatches[cause] ?? 0) + 1;
    if (report.examples.length < 10) report.examples.push({ tool: tool.path.join(' '), input, argv: laid.argv, cause });
  }
  return report;
}
const camelCase = (name) => name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

/** The tools of a reflected program, each able to lay out its calls. */
function toolsOf(lib, spec) {
  return lib.flattenRunnable(spec).map((command) => ({ ...command, layOut: (input) => lib.layOutArgv(command, input) }));
}

/** Fuzzes the `red` commander program: `lib` gives reflectCommander, flattenRunnable and layOutArgv (from src or dist). */
export function fuzzCommander(lib, { count, seed }) {
  const tools = toolsOf(lib, lib.reflectCommander(red(() => (...params) => params)));
  return fuzz({
    tools,
    count,
    seed,
    camel: true,
    parse(argv) {
      const rec = recorder();
      try {
        red(rec.commander).parse([...argv], { from: 'user' });
      } catch (error) {
        return { error: `${error.code ?? ''} ${error.message}` };
      }
      const ran = rec.ran;
      return { ran, opts: (key) => ran?.opts[key], positional: (_spec, index) => ran?.args[index] };
    },
  });
}

/** Fuzzes the `fy` yargs program through `factory` (yargs 18's or 17's default export). */
export function fuzzYargs(lib, factory, { count, seed }) {
  const tools = toolsOf(lib, lib.reflectYargs(fy(factory, () => (argv) => argv)));
  let current;
  // wrap(null): yargs otherwise measures its usage text on every parse, which is most of the time spent.
  const program = fy(factory, (path) => (argv) => (current = { path, argv: { ...argv } })).wrap(null);
  return fuzz({
    tools,
    count,
    seed,
    camel: false,
    parse(argv) {
      current = undefined;
      let error;
      program.parse([...argv], (failure) => (error = failure?.message));
      const ran = current;
      // yargs turns a numeric positional into a number: the program still reads the same text.
      const text = (value) => (typeof value === 'number' ? String(value) : value);
      const positional = (spec) => {
        const value = ran?.argv[spec.name];
        return spec.variadic ? (value ?? []).map(text) : text(value);
      };
      return { ran, error, opts: (key) => ran?.argv[key], positional };
    },
  });
}
