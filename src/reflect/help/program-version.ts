import { spawnCommand } from '../../exec/spawn-command.js';
import type { Sandbox } from '../../exec/sandbox.js';
import { helpSandbox } from './fetch-page.js';

/** `2.39.5`, `v1.60.1-DEV`, `3.0.19`: a version number, with what is glued to it. */
const VERSION = /(?:^|[\s(:=-])v?(?<version>\d+\.\d+(?:\.\d+)*(?:[-+~][0-9A-Za-z][0-9A-Za-z.+~-]*)?)(?=$|[\s,;)])/m;

/**
 * The version a program's `--version` names on its first lines (`git version 2.39.5`, `Docker version 28.2.2,
 * build …`, `OpenSSL 3.0.19 27 Jan 2026`), when it ran and succeeded; nothing when it printed none.
 */
export function versionOf(outcome: Awaited<ReturnType<typeof spawnCommand>>): { readonly version?: string } {
  if (outcome.kind !== 'ran' || outcome.output.exitCode !== 0) return {};
  const text = (outcome.output.stdout.trim() || outcome.output.stderr.trim()).split('\n').slice(0, 3).join('\n');
  return versionIn(text);
}

/** The version a text names (`yamllint 1.29.0`, `%(prog)s 2.0`), when it names one. */
export function versionIn(text: string): { readonly version?: string } {
  const version = VERSION.exec(text)?.groups?.version;
  return version === undefined ? {} : { version };
}

/** What `--version` prints, run once (in the help calls' sandbox): the whole of it (part of the help cache's key), and the version read from it. */
export async function programVersion(call: { readonly file: string; readonly cwd: string; readonly env: Readonly<Record<string, string>>; readonly sandbox?: Sandbox | 'none' }, timeoutMs: number): Promise<{ readonly said: string; readonly version?: string }> {
  // The help calls' own default when the call names none, as spawnHelp does.
  const chosen = call.sandbox ?? helpSandbox();
  const sandbox = chosen === 'none' ? {} : { sandbox: chosen };
  const outcome = await spawnCommand({ file: call.file, args: ['--version'], cwd: call.cwd, env: call.env, timeoutMs: Math.min(5_000, timeoutMs), maxOutputBytes: 64 * 1024, ...sandbox });
  const said = outcome.kind === 'ran' ? `${outcome.output.exitCode}\n${outcome.output.stdout}\n${outcome.output.stderr}` : outcome.code;
  return { said, ...versionOf(outcome) };
}
