/**
 * What the man database says of a program's commands, beside their help: a description for each command the program
 * lists bare (`openssl help` names 51 commands and says nothing of them), the one-line NAME of its `<program>-<words>`
 * page (`openssl-x509 - Certificate display and signing command`), all from one `whatis` call; and the details of
 * each command, its page's DESCRIPTION (`git-log`), or for a subcommand with no page of its own the entry its
 * parent's page gives it (`git stash pop`), the paths from one `man -w` call. Only for a system binary.
 */
import { readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { spawnCommand } from '../../exec/spawn-command.js';
import type { CommandSpec } from '../../types.js';
import { answered, type HelpCall } from './fetch-page.js';
import { isSystemProgram } from './man-page.js';
import { roffEntry, roffSection } from './roff-text.js';

type ManCall = Pick<HelpCall, 'program' | 'file' | 'cwd' | 'env' | 'timeoutMs' | 'sandbox' | 'answers'>;

/** Where a distribution keeps the pages `man -w` may name; nothing else is read. */
const MAN_DIR = /^\/usr\/(local\/)?share\/man\//;
/** A page file larger than this is no command's page. */
const MAX_PAGE_BYTES = 1024 * 1024;

/** The tree with what the man database adds: descriptions for bare commands, details for every command with a page. */
export async function withManDatabase(spec: CommandSpec, call: ManCall): Promise<CommandSpec> {
  if (!isSystemProgram(call.file) || !/^[\w.+-]+$/.test(call.program)) return spec;
  return withManPageDetails(await withManIndexDescriptions(spec, call), call);
}

/** `openssl-x509 (1ssl)        - Certificate display and signing command`: a page of a user or admin command. */
const WHATIS_LINE = /^(?<page>\S+) \((?<section>[18][^)]*)\)\s+- (?<text>.+)$/;

async function withManIndexDescriptions(spec: CommandSpec, call: ManCall): Promise<CommandSpec> {
  if (!hasBareCommand(spec)) return spec;
  const stdout = await man(call, 'whatis', ['-l', '-r', `^${call.program.replace(/[.+]/g, '\\$&')}-`]);
  return stdout === undefined ? spec : described(spec, namesOf(stdout));
}

/** Each command's page DESCRIPTION, or its entry in its parent's page; pages found by one `man -w`, read here. */
async function withManPageDetails(spec: CommandSpec, call: ManCall): Promise<CommandSpec> {
  const pages = new Set<string>();
  const walk = (node: CommandSpec, words: readonly string[]): void => {
    // A pending command (a lazy crawl's) gets its details when it is read: until then its name and line serve.
    if (node.pending) return;
    for (let depth = 2; depth <= words.length; depth += 1) pages.add(words.slice(0, depth).join('-'));
    for (const child of node.subcommands) walk(child, [...words, child.name]);
  };
  walk(spec, [spec.name]);
  if (pages.size === 0) return spec;
  // `man -w` names the pages it found, one path a line, and says nothing on stdout of the others.
  const stdout = await man(call, 'man', ['-w', ...pages]);
  if (stdout === undefined) return spec;
  const files = new Map<string, string>();
  for (const path of stdout.split('\n')) {
    const page = /\/(?<page>[^/]+?)\.\d\w*(?:\.gz)?$/.exec(path)?.groups?.page;
    if (page && pages.has(page) && MAN_DIR.test(path)) files.set(page, path);
  }
  const sources = new Map<string, string | undefined>();
  const source = (page: string): string | undefined => {
    if (!sources.has(page)) sources.set(page, readPage(files.get(page)));
    return sources.get(page);
  };
  return detailed(spec, [], (words) => {
    const own = source(words.join('-'));
    if (own !== undefined) return roffSection(own, 'DESCRIPTION');
    const parent = words.length > 2 ? source(words.slice(0, -1).join('-')) : undefined;
    return parent === undefined ? '' : roffEntry(parent, words.at(-1) ?? '');
  });
}

function detailed(spec: CommandSpec, path: readonly string[], detailsOf: (words: readonly string[]) => string): CommandSpec {
  const words = [...path, spec.name];
  const found = words.length > 1 && spec.pending !== true ? detailsOf(words) : '';
  // Details that only repeat the description add nothing.
  const details = found !== '' && found !== spec.description?.trim() ? { details: found } : {};
  return { ...spec, ...details, subcommands: spec.subcommands.map((child) => detailed(child, words, detailsOf)) };
}

function readPage(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    if (statSync(file).size > MAX_PAGE_BYTES) return undefined;
    const bytes = readFileSync(file);
    return (file.endsWith('.gz') ? gunzipSync(bytes, { maxOutputLength: 8 * MAX_PAGE_BYTES }) : bytes).toString('utf8');
  } catch {
    return undefined;
  }
}

/** What a man-database command prints, run as help is; undefined when it could not run. */
async function man(call: ManCall, file: 'man' | 'whatis', args: readonly string[]): Promise<string | undefined> {
  // Kept apart from the program's own answers by a leading \u0001, which no argument of a help call holds.
  const outcome = await answered(call.answers, `\u0001${[file, ...args].join('\0')}`, () =>
    spawnCommand({
      file,
      args,
      cwd: call.cwd,
      env: { ...call.env, LC_ALL: 'C.UTF-8' },
      timeoutMs: call.timeoutMs,
      maxOutputBytes: 1024 * 1024,
      ...(call.sandbox === 'none' ? {} : { sandbox: call.sandbox }),
    }),
  );
  // `man -w` exits non-zero when some page is missing; what it found is still on stdout.
  return outcome.kind === 'ran' && !outcome.output.timedOut && outcome.output.stdout !== '' ? outcome.output.stdout : undefined;
}

/** Each page's one line, by page name. */
export function namesOf(whatis: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of whatis.split('\n')) {
    const found = WHATIS_LINE.exec(line.trim())?.groups;
    if (found?.page && found.text && !names.has(found.page)) names.set(found.page, found.text.trim());
  }
  return names;
}

/** The tree with each command that has no description given its page's line, found as `<program>-<words>`. */
export function described(spec: CommandSpec, names: ReadonlyMap<string, string>, path: readonly string[] = []): CommandSpec {
  const words = [...path, spec.name];
  const line = words.length > 1 && !spec.description?.trim() ? names.get(words.join('-')) : undefined;
  const subcommands = spec.subcommands.map((child) => described(child, names, words));
  return { ...spec, ...(line === undefined ? {} : { description: line }), subcommands };
}

function hasBareCommand(spec: CommandSpec): boolean {
  return spec.subcommands.some((child) => !child.description?.trim() || hasBareCommand(child));
}
