/**
 * In the load worker: records the files the program was built from (what it imported, required or
 * read with readFileSync), so that the program cache can tell when any of them changed.
 */
import fs from 'node:fs';
import Module, { register, syncBuiltinESMExports } from 'node:module';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

/** How long the hooks thread gets to confirm it has posted every URL. */
const FLUSH_MS = 1_000;

/** Starts recording; returns a function that resolves with every file recorded so far. */
export function recordLoadedFiles(): () => Promise<readonly string[]> {
  const files = new Set<string>();
  const { port1, port2 } = new MessageChannel();
  let flushed: () => void = () => {};
  port1.on('message', (message: { url?: string; flushed?: boolean }) => {
    if (message.url !== undefined) files.add(fileURLToPath(message.url));
    if (message.flushed) flushed();
  });
  port1.unref();
  register(new URL('./load-hooks.js', import.meta.url), { data: { port: port2 }, transferList: [port2] });
  // Programs read their package.json for a version: a read file decides the spec as an imported one does.
  const readFileSync = fs.readFileSync;
  fs.readFileSync = function (this: unknown, ...args: Parameters<typeof fs.readFileSync>) {
    const value = readFileSync.apply(this, args);
    const path = args[0];
    if (typeof path === 'string' && isAbsolute(path)) files.add(path);
    else if (path instanceof URL && path.protocol === 'file:') files.add(fileURLToPath(path));
    return value;
  } as typeof fs.readFileSync;
  syncBuiltinESMExports();
  return async () => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FLUSH_MS);
      flushed = () => (clearTimeout(timer), resolve());
      port1.postMessage({ flush: true });
    });
    const required = Object.keys((Module as unknown as { _cache: Record<string, unknown> })._cache).filter((path) => isAbsolute(path));
    return [...new Set([...files, ...required])].sort();
  };
}
