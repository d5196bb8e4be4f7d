/**
 * Module hooks for the load worker (registered with `module.register`, so they run on Node's hooks
 * thread): every file URL an import resolves to is posted to the worker, which keys the program cache on it.
 */
import type { MessagePort } from 'node:worker_threads';

let port: MessagePort | undefined;

export function initialize(data: { readonly port: MessagePort }): void {
  port = data.port;
  // A `flush` is answered after every URL posted before it: the worker's list is then complete.
  port.on('message', () => port?.postMessage({ flushed: true }));
  port.unref();
}

type Resolve = (specifier: string, context: unknown) => Promise<{ url: string }>;

export async function resolve(specifier: string, context: unknown, next: Resolve): Promise<{ url: string }> {
  const result = await next(specifier, context);
  if (result.url.startsWith('file:')) port?.postMessage({ url: result.url });
  return result;
}
