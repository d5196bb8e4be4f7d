/**
 * The wide corpus: real programs nobody here tuned for, each tagged with its parser family and where
 * it comes from. Chosen so that every option is safe to exercise in a read-only sandbox from an empty
 * directory: no system administration, nothing interactive-only, no network daemons.
 */
import { DEBIAN_LANGUAGES_TABLE } from './programs-debian-languages.js';
import { DEBIAN_TABLE } from './programs-debian.js';
import { DEV_TABLE, NPM_TABLE } from './programs-npm.js';

export type Source =
  | { readonly kind: 'debian'; readonly pkg: string }
  /** In test/wide/npm, pinned in its package.json. */
  | { readonly kind: 'npm'; readonly pkg: string }
  /** A pinned devDependency of the repository, in its node_modules (what CI has). */
  | { readonly kind: 'dev'; readonly pkg: string };

export interface WideProgram {
  /** Unique; the command its users type. */
  readonly name: string;
  /** The executable: a name on PATH (Debian), a bin or a path under node_modules (npm). */
  readonly bin: string;
  readonly family: string;
  readonly source: Source;
}

/** One program a line: `name bin family pkg`, `-` for a bin equal to the name. */
function parse(table: string, kind: Source['kind']): WideProgram[] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name, bin, family, pkg] = line.split(/\s+/);
      if (!name || !bin || !family || !pkg) throw new Error(`bad corpus line: ${line}`);
      return { name, bin: bin === '-' ? name : bin, family, source: { kind, pkg } };
    });
}

export const widePrograms: readonly WideProgram[] = [...parse(DEBIAN_TABLE, 'debian'), ...parse(DEBIAN_LANGUAGES_TABLE, 'debian'), ...parse(NPM_TABLE, 'npm'), ...parse(DEV_TABLE, 'dev')];

/** The programs `--only` names, by program name or family; all of them without a filter. */
export function selectPrograms(only: readonly string[] | undefined): WideProgram[] {
  if (!only || only.length === 0) return [...widePrograms];
  const unknown = only.filter((word) => !widePrograms.some((program) => program.name === word || program.family === word));
  if (unknown.length > 0) throw new Error(`--only names no corpus program or family: ${unknown.join(', ')}`);
  return widePrograms.filter((program) => only.includes(program.name) || only.includes(program.family));
}
