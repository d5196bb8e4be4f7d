/**
 * Reads a Python script's parser with the worker and makes it a CommandSpec. A program that dispatches
 * its commands by hand (pip: an optparse parser whose help lists `install`, `list`, …) has each listed
 * command read the same way, the worker run with that word and the program's own parse let through first.
 */
import { PARSER_CONVENTIONS } from '../../argv/conventions.js';
import type { CommandSpec } from '../../types.js';
import { cleanSpec } from '../clean-spec.js';
import { limiter } from '../help/limit.js';
import { manPage, pageFromManual } from '../help/man-page.js';
import { withNeutralDirectory } from '../help/neutral-dir.js';
import { parseHelp } from '../help/parse.js';
import { versionIn } from '../help/program-version.js';
import { argparseSpec } from './argparse-spec.js';
import { clickSpec } from './click-spec.js';
import { hidesOptions, revealDocumented } from './documented-hidden.js';
import { optparseSpec } from './optparse-spec.js';
import type { PythonAnswer } from './parser-tree.js';
import { runPythonWorker, type PythonCall } from './run-worker.js';

type Parsed = PythonAnswer & { readonly ok: true };

/** A script read from its parser. */
export interface PythonRead {
  readonly spec: CommandSpec;
  readonly kind: Parsed['kind'];
  readonly version?: string;
  /** Every file the program loaded (its modules, the interpreter), for the cache's stamps. */
  readonly files: readonly string[];
  /** It parses with parse_known_args: what its parser does not know it may hand on (yq to jq), so its help may document more. */
  readonly keepsUnknown?: boolean;
  /** Options the parser hides and the program's man page documents, shown. */
  readonly revealed?: number;
  /** Commands read by their word, for a program that dispatches them by hand; and those that gave no parser of their own. */
  readonly dispatched?: { readonly read: number; readonly unread: readonly string[] };
}

export type PythonReadOutcome = { readonly ok: true; readonly read: PythonRead } | { readonly ok: false; readonly message: string; readonly files?: readonly string[] };

/** Most worker runs at once when commands are read by their word. */
const CONCURRENCY = 4;

/** Runs the worker in an empty directory and maps its answer; `name` is what the program's users type. */
export async function readPythonParser(call: Omit<PythonCall, 'cwd'>, name: string): Promise<PythonReadOutcome> {
  return withNeutralDirectory(async (cwd) => {
    const here: PythonCall = { ...call, cwd };
    // `--help` is what the program sees should anything run past the parse: it would print its help, as the crawl asks it to.
    const parsed = await runPythonWorker(here, ['--help']);
    if (!parsed.ok) return { ok: false, message: parsed.message, ...('files' in parsed && parsed.files !== undefined ? { files: parsed.files } : {}) };
    const { answer, revealed } = await withDocumentedHidden(here, parsed, name);
    const spec = specOf(answer, [name]);
    const listed = answer.kind === 'click' || spec.subcommands.length > 0 ? [] : commandsListed(answer, name);
    const version = versionOf(answer);
    const base = { kind: answer.kind, ...(revealed > 0 ? { revealed } : {}), ...(answer.via?.includes('known') === true ? { keepsUnknown: true } : {}), ...(version === undefined ? {} : { version }) };
    if (listed.length === 0) return { ok: true, read: { ...base, spec: finish(spec), files: answer.files } };
    const limit = limiter(CONCURRENCY);
    const commands = await Promise.all(listed.map((entry) => limit(() => readCommand(here, answer, name, entry.name, entry.description))));
    const read = commands.filter((command) => command.spec !== undefined);
    const unread = listed.filter((_, index) => commands[index]?.spec === undefined).map((entry) => entry.name);
    const files = [...new Set([...answer.files, ...commands.flatMap((command) => command.files)])];
    const tree: CommandSpec = {
      ...spec,
      // Its help writes the command it cannot go without (`pip <command> [options]`).
      runnable: false,
      subcommands: read.map((command) => command.spec as CommandSpec),
      ...(unread.length > 0 ? { hiddenCommands: unread } : {}),
    };
    return { ok: true, read: { ...base, spec: finish(tree), files, dispatched: { read: read.length, unread } } };
  });
}

/** The answer with the root's hidden options that the program's man page documents shown; its man page is read only when it hides some. */
async function withDocumentedHidden(call: PythonCall, answer: Parsed, name: string): Promise<{ answer: Parsed; revealed: number }> {
  if (!hidesOptions(answer)) return { answer, revealed: 0 };
  const text = await manPage(name, call.script, call);
  return text === undefined ? { answer, revealed: 0 } : revealDocumented(answer, pageFromManual(text, [name]).options);
}

/** The spec of a parsed answer, named by the last word of `path`. */
export function specOf(answer: Parsed, path: readonly string[], description?: string): CommandSpec {
  const name = path.at(-1) ?? '';
  if (answer.kind === 'argparse') return argparseSpec(name, answer.root, description ?? answer.root.description);
  if (answer.kind === 'click') return clickSpec(name, answer.root);
  const spec = optparseSpec(name, answer.root, path);
  return description !== undefined && spec.description === undefined ? { ...spec, description } : spec;
}

/** How argparse, optparse and click read a command line (getopt's family), and the text cleaned as all reflected text is. */
function finish(spec: CommandSpec): CommandSpec {
  return cleanSpec({ ...spec, argv: PARSER_CONVENTIONS.getopt });
}

/** The commands a parser without subcommands lists in its help: the program dispatches them itself. */
function commandsListed(answer: Parsed, name: string): { name: string; description?: string }[] {
  const help = answer.kind === 'click' ? undefined : answer.root.help;
  // Read as the catch-all dialect, which reads a `Commands:` section (pip's); argparse's reader lists only `{a,b}` subparsers.
  return help === undefined ? [] : parseHelp(help, { path: [name], dialect: 'gnu' }).subcommands.map((entry) => ({ name: entry.name, ...(entry.description ? { description: entry.description } : {}) }));
}

/** One dispatched command: the parser the program parses with after its own parse, when it is another one. */
async function readCommand(call: PythonCall, root: Parsed, name: string, word: string, description?: string): Promise<{ spec?: CommandSpec; files: readonly string[] }> {
  const answer = await runPythonWorker(call, [word, '--help'], 1);
  if (!answer.ok || answer.kind === 'click' || answer.kind !== root.kind) return { files: [] };
  if (answer.root.prog === root.root.prog) return { files: answer.files };
  return { spec: specOf(answer, [name, word], description), files: answer.files };
}

/** The version the parser's own version option prints. */
function versionOf(answer: Parsed): string | undefined {
  if (answer.kind === 'click') return answer.root.version ? (versionIn(answer.root.version).version ?? answer.root.version) : undefined;
  if (answer.kind === 'optparse') return answer.root.version === null ? undefined : versionIn(answer.root.version).version;
  const action = answer.root.actions.find((candidate) => candidate.kind === 'version');
  return action?.version === undefined ? undefined : versionIn(action.version).version;
}
