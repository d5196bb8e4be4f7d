/**
 * Descriptions for commands a program lists bare (`openssl help` names 51 commands and says nothing of them), from
 * the man database: the one-line NAME of each `<program>-<words>` page (`openssl-x509 - Certificate display and
 * signing command`), all of them from one `whatis` call. Only for a system binary, whose pages the database holds.
 */
import { runCommand } from '../../exec/run.js';
import type { CommandSpec } from '../../types.js';
import type { HelpCall } from './fetch-page.js';
import { isSystemProgram } from './man-page.js';

/** `openssl-x509 (1ssl)        - Certificate display and signing command`: a page of a user or admin command. */
const WHATIS_LINE = /^(?<page>\S+) \((?<section>[18][^)]*)\)\s+- (?<text>.+)$/;

export async function withManIndexDescriptions(spec: CommandSpec, call: Pick<HelpCall, 'program' | 'file' | 'cwd' | 'env' | 'timeoutMs' | 'sandbox'>): Promise<CommandSpec> {
  if (!hasBareCommand(spec) || !isSystemProgram(call.file) || !/^[\w.+-]+$/.test(call.program)) return spec;
  const outcome = await runCommand({
    file: 'whatis',
    args: ['-l', '-r', `^${call.program.replace(/[.+]/g, '\\$&')}-`],
    cwd: call.cwd,
    env: { ...call.env, LC_ALL: 'C.UTF-8' },
    timeoutMs: call.timeoutMs,
    maxOutputBytes: 1024 * 1024,
    ...(call.sandbox === 'none' ? {} : { sandbox: call.sandbox }),
  });
  if (outcome.kind !== 'ran' || outcome.output.exitCode !== 0) return spec;
  return described(spec, namesOf(outcome.output.stdout));
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
