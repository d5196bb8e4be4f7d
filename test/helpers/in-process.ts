/**
 * `cli-mcp wrap …args` served in this process: the same flags, the same loading and the same server as the
 * spawned CLI, connected to a real MCP client through an in-memory wire instead of a child's stdio. What only
 * a separate process gives (its pid, environment, signals, exit, stdout framing) stays in test/e2e.
 */
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Command, Option } from 'commander';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll } from 'vitest';
import { loadServed, type Source } from '../../src/cli/load.js';
import { addServeOptions, addSharedOptions, addWrapOptions, type SharedFlags } from '../../src/cli/options.js';
import { connectTo, type ClientKind, type Elicit, type TestClient } from '../e2e/clients.js';
import { repoRoot } from './fixture.js';

/** The servers of this test file not closed yet. */
const open = new Set<InProcessServer>();

// What a spawned server's exit does: nothing it started outlives the file, and its spool directories go
// (a spool removes its directory at process exit, and vitest's workers are ended without one). A spool also
// keeps its 'exit' listener (the library has no way to close one): past ten servers in a file, Node warns.
afterAll(async () => {
  await Promise.all([...open].map((server) => server.close()));
  for (const name of readdirSync(tmpdir())) if (name.startsWith(`cli-mcp-spool-${process.pid}-`)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
});

/** A server built in this process, and the client end of its wire. */
export interface InProcessServer {
  /** The client's end: connect any client of either SDK line to it, once. */
  readonly transport: InMemoryTransport;
  /** Everything the server has written to its stderr so far: the startup line, warnings, a line per call. */
  stderr(): string;
  /** Ends the connection, then stops the tools' background runs and warm workers. */
  close(): Promise<void>;
}

/** A client connected to an in-process server; `stderr()` reads the server's. */
export interface InProcessClient extends TestClient {
  stderr(): string;
}

/** Options as `connect` in test/e2e/clients.ts takes them. */
export interface InProcessOptions {
  /** Where the server runs, as the spawned server's working directory: the target is found from it and calls run in it. @default the checkout */
  readonly cwd?: string;
  /** Refused: a server in this process has this process's environment; a test that needs its own spawns it with `connect`. */
  readonly env?: Record<string, string>;
  readonly elicit?: Elicit;
}

/**
 * `connect(kind, args, options)` of test/e2e/clients.ts, in process: parses `args` as `cli-mcp wrap` does,
 * builds the server with `loadServed` and connects a client of `kind` to it. `close()` closes both.
 */
export async function connectInProcess(kind: ClientKind, args: readonly string[], options: InProcessOptions = {}): Promise<InProcessClient> {
  const served = await serveInProcess(args, options);
  try {
    const client = await connectTo(kind, { v1: () => served.transport, v2: () => served.transport }, options.elicit);
    return {
      ...client,
      stderr: served.stderr,
      close: async () => {
        await client.close();
        await served.close();
      },
    };
  } catch (error) {
    await served.close();
    throw error;
  }
}

/** Parses `args` as `cli-mcp wrap` does and serves the program over an in-memory wire; connect a client to `transport`. */
export async function serveInProcess(args: readonly string[], options: InProcessOptions = {}): Promise<InProcessServer> {
  if (options.env !== undefined) throw new Error('an in-process server has this process\'s environment: spawn it with connect() to give it another');
  const { source, flags } = parseWrap(args);
  if (flags.watch) throw new Error('--watch reloads across a process\'s life: spawn it with connect()');
  const stderr = textSink();
  // `wrap` runs where it was started, and --cwd is read from there (`git -C`).
  const cwd = resolve(options.cwd ?? repoRoot, flags.cwd ?? '.');
  const { server } = await loadServed(source, { ...flags, cwd }, stderr.stream);
  const [clientEnd, serverEnd] = wire();
  // The SDK's stdio entry takes any transport: it settles the protocol era per connection, as `wrap` over stdio does.
  const handle = serveStdio(() => server.createServer(), { transport: serverEnd, onerror: (error) => void stderr.stream.write(`cli-mcp: ${error.message}\n`) });
  let closing: Promise<void> | undefined;
  const served: InProcessServer = {
    transport: clientEnd,
    stderr: stderr.text,
    close: () =>
      (closing ??= (async () => {
        open.delete(served);
        await clientEnd.close();
        await handle.close();
        await server.tools.close();
      })()),
  };
  open.add(served);
  return served;
}

/** A stream that keeps what is written to it, for a CLI's stdout or stderr. */
export function textSink(): { readonly stream: Writable; text(): string } {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  return { stream, text: () => written };
}

/** `wrap`'s own options (src/cli/main.ts), without the HTTP ones: a target, or a manifest that `--exec` runs. */
function parseWrap(args: readonly string[]): { source: Source; flags: SharedFlags } {
  let said = '';
  const command = addWrapOptions(addServeOptions(addSharedOptions(new Command('wrap').argument('[target]').addOption(new Option('--manifest <file>')))))
    .exitOverride()
    .configureOutput({ writeOut: (text) => (said += text), writeErr: (text) => (said += text) });
  try {
    command.parse([...args], { from: 'user' });
  } catch (error) {
    throw new Error(`cli-mcp wrap ${args.join(' ')}: ${said.trim() || String(error)}`);
  }
  const target = command.args[0];
  const flags = command.opts<SharedFlags>();
  const manifest = flags.manifest;
  if ((target === undefined) === (manifest === undefined)) throw new Error(`cli-mcp wrap ${args.join(' ')}: give a target or --manifest <file>, one of them`);
  return { source: typeof manifest === 'string' ? { kind: 'manifest', file: manifest } : { kind: 'target', target: target as string }, flags };
}

/**
 * A linked pair whose messages cross as a wire carries them: as JSON text (no `undefined`, no shared objects),
 * a turn of the event loop later, in order.
 */
function wire(): [InMemoryTransport, InMemoryTransport] {
  const pair = InMemoryTransport.createLinkedPair();
  for (const end of pair) {
    const deliver = end.send.bind(end);
    end.send = async (message, options) => {
      const text = JSON.stringify(message);
      await new Promise((next) => setImmediate(next));
      return deliver(JSON.parse(text), options);
    };
  }
  return pair;
}
