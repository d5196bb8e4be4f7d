import type { runCommand } from '../../exec/run.js';

/** `2.39.5`, `v1.60.1-DEV`, `3.0.19`: a version number, with what is glued to it. */
const VERSION = /(?:^|[\s(:=-])v?(?<version>\d+\.\d+(?:\.\d+)*(?:[-+~][0-9A-Za-z][0-9A-Za-z.+~-]*)?)(?=$|[\s,;)])/m;

/**
 * The version a program's `--version` names on its first lines (`git version 2.39.5`, `Docker version 28.2.2,
 * build …`, `OpenSSL 3.0.19 27 Jan 2026`), when it ran and succeeded; nothing when it printed none.
 */
export function versionOf(outcome: Awaited<ReturnType<typeof runCommand>>): { readonly version?: string } {
  if (outcome.kind !== 'ran' || outcome.output.exitCode !== 0) return {};
  const text = (outcome.output.stdout.trim() || outcome.output.stderr.trim()).split('\n').slice(0, 3).join('\n');
  const version = VERSION.exec(text)?.groups?.version;
  return version === undefined ? {} : { version };
}
