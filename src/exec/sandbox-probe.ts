/**
 * Whether bubblewrap can make a PID namespace here, asked once per process and per bwrap path: it is
 * missing on macOS and many CI images, and refused where user namespaces are disabled.
 */
import { spawnSync } from 'node:child_process';

/** The outcome of one probe: usable, or why not (shown to the user). */
export type ProbeResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const PROBE_TIMEOUT_MS = 5_000;
const cache = new Map<string, ProbeResult>();
const warned = new Set<string>();

/** Runs `bwrap --unshare-pid --die-with-parent --dev-bind / / true` the first time; cached afterwards. */
export function probeSandbox(command: string): ProbeResult {
  const known = cache.get(command);
  if (known !== undefined) return known;
  const result = runProbe(command);
  cache.set(command, result);
  return result;
}

function runProbe(command: string): ProbeResult {
  if (process.platform !== 'linux') return { ok: false, reason: `${process.platform} has no bubblewrap` };
  const probe = spawnSync(command, ['--unshare-pid', '--die-with-parent', '--dev-bind', '/', '/', 'true'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: PROBE_TIMEOUT_MS,
    encoding: 'utf8',
  });
  if (probe.error !== undefined) {
    const code = (probe.error as NodeJS.ErrnoException).code ?? probe.error.message;
    return { ok: false, reason: code === 'ENOENT' ? `${command} not found` : `${command}: ${code}` };
  }
  if (probe.status === 0) return { ok: true };
  const said = probe.stderr.trim().split('\n')[0] ?? '';
  return { ok: false, reason: said === '' ? `${command} exited ${String(probe.status ?? probe.signal)}` : said };
}

/** Says once per process (per reason) that calls are not sandboxed. */
export function warnSandboxUnavailable(reason: string, write: (line: string) => void = (line) => process.stderr.write(line)): void {
  if (warned.has(reason)) return;
  warned.add(reason);
  write(`cli-mcp: sandbox unavailable (${reason}): calls run in process groups only\n`);
}
