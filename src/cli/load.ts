import { loadTarget } from '../reflect/load-program.js';
import { createMcpServer, type CliMcpServer } from '../server/create-mcp-server.js';
import { serverOptions, type SharedFlags } from './options.js';

/** Loads a target and builds its server; tells on stderr how the program was found. */
export async function loadServer(target: string, flags: SharedFlags, stderr: NodeJS.WritableStream): Promise<CliMcpServer> {
  // Like `git -C`: --cwd is where the target is found and where the CLI runs.
  const loaded = await loadTarget(target, { cwd: flags.cwd });
  const server = createMcpServer(loaded.spec, {
    ...serverOptions(flags),
    executable: flags.exec ?? loaded.launcher,
    version: loaded.version,
    callLog: { write: (line) => void stderr.write(`${line}\n`) },
  });
  stderr.write(`cli-mcp: ${loaded.spec.name}: ${server.tools.tools.length} tools, found by ${loaded.method}\n`);
  return server;
}
