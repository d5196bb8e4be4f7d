import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadServer, type Source } from './load.js';
import type { CliIo } from './io.js';
import type { ListedTool } from '../discovery/listed-tool.js';
import { toAiSdk } from '../export/ai-sdk.js';
import { toAnthropic } from '../export/anthropic.js';
import { INSTRUCTION_FORMATS, type ExportFlags, type ExportFormat, type InstructionFormat } from './export-options.js';
import { runInstructionExport } from './export-instructions.js';
import { toLangChain } from '../export/langchain.js';
import { toMcp } from '../export/mcp.js';
import { toOpenAi } from '../export/openai.js';
import { toServerJson, type PackageFacts } from '../export/server-json.js';
import { CliMcpError } from '../errors.js';

/** `cli-mcp export`: the listed tools in one SDK's format, or a server.json, to stdout or `--output`. */
export async function runExport(source: Source, flags: ExportFlags, io: CliIo, caller: readonly string[] = ['npx', 'cli-mcp', 'call']): Promise<void> {
  const { format } = flags;
  if (isInstructionFormat(format)) {
    return runInstructionExport(format, source, flags, io, caller);
  }
  const value = format === 'server-json' ? serverJsonFor(source, flags, io.stderr) : await toolsFor(source, format, flags, io.stderr);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (flags.output === undefined) io.stdout.write(text);
  else {
    writeFileSync(resolve(flags.cwd ?? '.', flags.output), text);
    io.stderr.write(`cli-mcp: ${flags.format} written to ${flags.output}\n`);
  }
}

async function toolsFor(source: Source, format: ToolFormat, flags: ExportFlags, stderr: NodeJS.WritableStream): Promise<unknown> {
  const server = await loadServer(source, flags, stderr, { listOnly: true });
  const listed = server.tools.catalog.listed;
  if (format !== 'openai') return convert(format, listed);
  const exported = toOpenAi(listed, { api: flags.openaiApi, strict: flags.strict });
  // The model then may send any shape for these: say which, and why.
  for (const { name, reason } of exported.notStrict) stderr.write(`cli-mcp: openai: ${name} is not strict: ${reason}\n`);
  return exported.tools;
}

function convert(format: Exclude<ToolFormat, 'openai'>, listed: readonly ListedTool[]): unknown {
  switch (format) {
    case 'anthropic':
      return toAnthropic(listed);
    case 'ai-sdk':
      return toAiSdk(listed);
    case 'langchain':
      return toLangChain(listed);
    case 'mcp':
      return toMcp(listed);
  }
}

/** The formats that list tools (not a server.json, not instructions). */
type ToolFormat = Exclude<ExportFormat, 'server-json' | InstructionFormat>;

function isInstructionFormat(format: ExportFormat): format is InstructionFormat {
  return (INSTRUCTION_FORMATS as readonly string[]).includes(format);
}

/** server.json describes the package the target belongs to: its package.json, found from the target up. */
function serverJsonFor(source: Source, flags: ExportFlags, stderr: NodeJS.WritableStream): Record<string, unknown> {
  const cwd = resolve(flags.cwd ?? '.');
  const file = packageJsonFrom(source.kind === 'target' ? targetDirectory(source.target, cwd) : cwd);
  if (!file) throw new CliMcpError('cli-mcp.invalid-option', `no package.json found from ${source.kind === 'target' ? source.target : cwd} up: server.json describes an npm package`);
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageFacts & { readonly dependencies?: Record<string, string> };
  // `mcp start` exists only in a program that added cli-mcp's mcpCommand(); a target served only by `cli-mcp wrap` has none.
  if (flags.startArgs === undefined && pkg.dependencies?.['cli-mcp'] === undefined) {
    throw new CliMcpError('cli-mcp.invalid-option', `${pkg.name ?? file} does not depend on cli-mcp, so \`npx ${pkg.name ?? '<package>'} mcp start\` would not start a server: add cli-mcp's mcpCommand() to the program, or pass --start-args with the words that start its MCP server`);
  }
  stderr.write(`cli-mcp: server.json for ${pkg.name ?? 'the package'} from ${file}\n`);
  return toServerJson(pkg, { name: flags.serverName, startArgs: flags.startArgs });
}

/** A target file's own directory, or an installed bin's package; else where cli-mcp runs. */
function targetDirectory(target: string, cwd: string): string {
  for (const candidate of [resolve(cwd, target), join(cwd, 'node_modules', '.bin', target)]) {
    if (existsSync(candidate)) return dirname(realpathSync(candidate));
  }
  return cwd;
}

function packageJsonFrom(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}
