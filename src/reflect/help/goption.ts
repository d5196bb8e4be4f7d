/**
 * GLib's GOption help: `Help Options:` first, then the program's groups. GOption reads options anywhere, and
 * it writes a value's name (`--targetdir=DIRECTORY`) only where the program gave one: an entry without it may
 * take a value all the same (appstreamcli's `--cachepath`, pkcon's `--filter`), which only its description shows.
 */
import type { OptionEntry } from './option-entries.js';

export const GOPTION_HELP = /^Help Options:\n\s+-h, --help\s+Show help options$/m;

/**
 * A description that names a value, not an action (a switch's reads as a command: `Show…`, `Do not…`): a noun
 * phrase (`The maximum metadata cache age.`), the given, specified or selected thing, valid values or an example.
 */
const NAMES_A_VALUE = /^(?:the|an?)\s|\b(?:given|specified|selected|specific)\b|\bvalid values\b|\be\.g\.|^set the\b|\bthe number of\b/i;
const NAMES_A_NUMBER = /\bthe number of\b/i;

/** The entries of a GOption page, with a value's name where an entry writes none and its description names a value. */
export function withGOptionValues(entries: readonly OptionEntry[]): OptionEntry[] {
  return entries.map((entry) => {
    if (/[=<[]|\s[A-Z]/.test(entry.spec) || !NAMES_A_VALUE.test(entry.description)) return entry;
    return { ...entry, spec: `${entry.spec}=${NAMES_A_NUMBER.test(entry.description) ? 'NUMBER' : 'VALUE'}` };
  });
}
