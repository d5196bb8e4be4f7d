/**
 * Whether bubblewrap can make a PID namespace here, asked once per process and per bwrap path: it is
 * missing on macOS and many CI images, and refused where user namespaces are disabled.
 */
import { spawn, spawnSync } from 'node:child_process';

/** The outcome of one probe: usable, or why not (shown to the user). */
export type ProbeResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const PROBE_TIMEOUT_MS = 5_000;
const PROBE_ARGS = ['--unshare-pid', '--die-with-parent', '--dev-bind', '/', '/', 'true'];
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

/**
 * Starts the probe beside a server's start-up (its modules load meanwhile): `probeSandbox` then finds a success ready
 * instead of blocking ~5 ms on it. A failure is not kept: the blocking probe runs again and says why.
 */
export function probeSandboxSoon(command: string): void {
  if (process.platform !== 'linux' || cache.has(command)) return;
  const probe = spawn(command, PROBE_ARGS, { stdio: 'ignore', timeout: PROBE_TIMEOUT_MS });
  probe.on('error', () => {});
  probe.on('exit', (status) => {
    if (status === 0 && !cache.has(command)) cache.set(command, { ok: true });
  });
  probe.unref();
}

function runProbe(command: string): ProbeResult {
  if (process.platform !== 'linux') return { ok: false, reason: `${process.platform} has no bubblewrap` };
  const probe = spawnSync(command, PROBE_ARGS, {
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
