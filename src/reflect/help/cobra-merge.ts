/**
 * Makes a help-read cobra program take exactly the flags its completion protocol lists, command by
 * command: the protocol is the parser's own answer, help text a rendering of it. An option help shows on
 * a group but its commands do not take (hugo's root flags under `hugo completion bash`) becomes the
 * group's alone; one help misread is dropped; flags no page shows are added (typed by asking cobra
 * whether they parse without a value); flags a command requires are marked required.
 */
import type { CommandSpec, OptionSpec } from '../../types.js';
import { carriesCobraProtocol, isSwitch, listFlags, showsCobraCompletion, type ListedFlag } from './cobra-protocol.js';
import type { HelpCall } from './fetch-page.js';
import { limiter } from './limit.js';
import type { HelpDialect } from './page.js';
import { optionsFromEntries } from './option-spec.js';

/** More flags than this that no help page shows are a program documenting them elsewhere (rclone's 640 backend flags): in every tool's schema they would crowd out the command's own, so none is added. */
export const MAX_UNSHOWN_FLAGS = 64;

export interface ProtocolMerge {
  readonly spec: CommandSpec;
  /** Commands whose flags the protocol listed. */
  readonly commands: number;
  readonly added: number;
  readonly dropped: number;
  /** Options made their command's own (not inherited below it). */
  readonly madeLocal: number;
  readonly required: number;
  /** Flags the protocol lists and no page shows, left out past MAX_UNSHOWN_FLAGS. */
  readonly leftOut: number;
}

interface Listing {
  readonly flags: ReadonlyMap<string, ListedFlag>;
  readonly required: ReadonlySet<string>;
}

type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/** For a cobra program (kubectl, gh, hugo, and etcdctl, whose help is its own) whose file carries the protocol, the spec with its protocol's flags. */
export async function protocolFlags(spec: CommandSpec, read: { readonly dialect: HelpDialect; readonly rootText: string }, call: HelpCall, concurrency: number, onProgress: (message: string) => void): Promise<ProtocolMerge | undefined> {
  if ((read.dialect !== 'cobra' && !showsCobraCompletion(read.rootText)) || !(await carriesCobraProtocol(call.file))) return undefined;
  const merged = await withCobraProtocol(spec, call, limiter(concurrency));
  if (merged === undefined) return undefined;
  const { commands, added, dropped, madeLocal, required, leftOut } = merged;
  const left = leftOut > 0 ? `; ${leftOut} flags no help page shows left out (more than ${MAX_UNSHOWN_FLAGS})` : '';
  onProgress(`completion protocol: ${commands} commands; ${added} flags added, ${dropped} dropped, ${madeLocal} made their command's own, ${required} required${left}`);
  return merged;
}

/** The spec with the protocol's flags, or undefined when the program does not answer it. */
export async function withCobraProtocol(spec: CommandSpec, call: HelpCall, limit: Limit): Promise<ProtocolMerge | undefined> {
  // What help shows each command taking, its own options and those it inherits, by long name.
  const shown = new Map<string, ReadonlyMap<string, OptionSpec>>();
  // A pending command (a lazy crawl's, not read yet) is asked nothing: it is asked once it is read.
  walk(spec, [], (command, words, inherited) => void (command.pending || shown.set(words.join(' '), new Map([...inherited, ...command.options].map((option) => [longFlag(option), option])))));
  // The root first: a program that does not answer is asked nothing more.
  const root = await fullListing(call, [], shown.get('') ?? new Map());
  if (root === undefined) return undefined;
  const listings = new Map<string, Listing>([['', root]]);
  await Promise.all(
    [...shown].filter(([path]) => path !== '').map(([path, flags]) =>
      limit(async () => {
        const listing = await fullListing(call, path.split(' '), flags);
        if (listing !== undefined) listings.set(path, listing);
      }),
    ),
  );
  // A flag no help shows its command taking, by name and text (docker's root `--host` is not `build --host`):
  // another command's help may show it (rclone's global flags), or none.
  const fresh = new Map<string, OptionSpec>();
  const unshown = new Map<string, { listed: ListedFlag; path: string }>();
  for (const [path, listing] of listings) {
    for (const [long, listed] of listing.flags) {
      if (long === '--help' || shown.get(path)?.has(long) || fresh.has(freshKey(listed)) || unshown.has(freshKey(listed))) continue;
      const like = [...shown.values()].map((options) => options.get(long)).find((option) => option !== undefined && sameText(option.description, listed.description));
      if (like !== undefined) fresh.set(freshKey(listed), like);
      else unshown.set(freshKey(listed), { listed, path });
    }
  }
  if (unshown.size <= MAX_UNSHOWN_FLAGS) for (const [key, option] of await typed(call, unshown, limit)) fresh.set(key, option);
  const counts = { added: 0, dropped: 0, madeLocal: 0, required: 0 };
  const accepted = (words: readonly string[], long: string, command: CommandSpec): boolean =>
    command.subcommands.every((sub) => {
      const below = [...words, sub.name];
      const listing = listings.get(below.join(' '));
      return (listing === undefined || listing.flags.has(long)) && accepted(below, long, sub);
    });

  const rebuild = (command: CommandSpec, words: readonly string[], inherited: ReadonlyMap<string, OptionSpec>): CommandSpec => {
    const listing = listings.get(words.join(' '));
    let own = command.options;
    if (listing !== undefined) {
      own = own.filter((option) => {
        const keep = !longFlag(option).startsWith('--') || listing.flags.has(longFlag(option));
        if (!keep) counts.dropped += 1;
        return keep;
      });
      const have = new Set(own.map(longFlag));
      for (const [long, listed] of listing.flags) {
        if (long === '--help' || have.has(long) || inherited.has(long)) continue;
        // Shown inherited from a group that keeps it to itself now, or a flag no help shows.
        const option = shown.get(words.join(' '))?.get(long) ?? fresh.get(freshKey(listed));
        if (option === undefined) continue;
        if (!shown.get(words.join(' '))?.has(long)) counts.added += 1;
        own = [...own, option];
      }
      own = own.map((option) => settle(option, listing, command.subcommands.length > 0 && !accepted(words, longFlag(option), command), counts));
    }
    const below = new Map(inherited);
    for (const option of own) if (option.local !== true) below.set(longFlag(option), option);
    return { ...command, options: own, subcommands: command.subcommands.map((sub) => rebuild(sub, [...words, sub.name], below)) };
  };
  return { spec: rebuild(spec, [], new Map()), commands: listings.size, ...counts, leftOut: unshown.size > MAX_UNSHOWN_FLAGS ? unshown.size : 0 };
}

/** An option as the listing has it: required, its shorthand, and whether the commands below take it too. */
function settle(option: OptionSpec, listing: Listing, ownAlone: boolean, counts: { madeLocal: number; required: number }): OptionSpec {
  let settled = option;
  const long = longFlag(option);
  if (listing.required.has(long) && option.required !== true) {
    counts.required += 1;
    settled = { ...settled, required: true };
  }
  const short = listing.flags.get(long)?.short;
  if (short !== undefined && !(option.aliases ?? []).includes(short)) settled = { ...settled, aliases: [...(option.aliases ?? []), short] };
  if (ownAlone && option.local !== true) {
    counts.madeLocal += 1;
    settled = { ...settled, local: true };
  }
  return settled;
}

/**
 * A command's flags. While it requires some, cobra lists those alone. A listing with `--help` (which every
 * command has, unless hidden as docker hides it) or with every flag its help shows is whole; another is
 * asked again with its flags given: more flags then mean the first were the required ones.
 */
async function fullListing(call: HelpCall, words: readonly string[], shown: ReadonlyMap<string, OptionSpec>): Promise<Listing | undefined> {
  const first = await listFlags(call, words);
  if (first === undefined) return undefined;
  const flags = (listed: readonly ListedFlag[]) => new Map(listed.map((flag) => [flag.long, flag]));
  const asked = new Set(first.map((flag) => flag.long));
  if (asked.has('--help') || [...shown.keys()].every((long) => !long.startsWith('--') || asked.has(long))) return { flags: flags(first), required: new Set() };
  // `=1` parses as a switch's value, a number, a string and a list alike.
  const rest = await listFlags(call, words, first.map((flag) => `${flag.long}=1`));
  if (rest === undefined) return undefined;
  // A list flag given is listed again (it may be given twice): only flags not asked before are more.
  const more = rest.filter((flag) => !asked.has(flag.long));
  return more.length === 0 ? { flags: flags(first), required: new Set() } : { flags: flags([...first, ...more]), required: asked };
}

/** Flags no page shows, each asked once whether it takes a value, as a pflag line reads. */
async function typed(call: HelpCall, unshown: ReadonlyMap<string, { listed: ListedFlag; path: string }>, limit: Limit): Promise<Map<string, OptionSpec>> {
  const fresh = new Map<string, OptionSpec>();
  await Promise.all(
    [...unshown].map(([key, { listed, path }]) =>
      limit(async () => {
        const alone = await isSwitch(call, path === '' ? [] : path.split(' '), listed.long);
        if (alone === undefined) return;
        const spec = [...(listed.short !== undefined ? [listed.short] : []), `${listed.long}${alone ? '' : ' string'}`].join(', ');
        const [option] = optionsFromEntries([{ spec, description: listed.description }], { pflag: true });
        if (option !== undefined) fresh.set(key, { ...option, source: 'completion protocol' });
      }),
    ),
  );
  return fresh;
}

/** Help's text of an option begins with the protocol's first line of it. */
function sameText(help: string | undefined, listed: string): boolean {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  return flat(help ?? '').startsWith(flat(listed));
}

function freshKey(listed: ListedFlag): string {
  return `${listed.long}\t${listed.description}`;
}

function longFlag(option: OptionSpec): string {
  return option.flag ?? `--${option.name}`;
}

/** Every command, with the options it inherits. */
function walk(command: CommandSpec, words: readonly string[], visit: (command: CommandSpec, words: readonly string[], inherited: readonly OptionSpec[]) => void, inherited: readonly OptionSpec[] = []): void {
  visit(command, words, inherited);
  const below = [...inherited, ...command.options.filter((option) => option.local !== true)];
  for (const sub of command.subcommands) walk(sub, [...words, sub.name], visit, below);
}
