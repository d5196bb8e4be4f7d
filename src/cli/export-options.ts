import { Option, type Command } from 'commander';
import type { SharedFlags } from './options.js';
import type { OpenAiApi } from '../export/openai.js';

/** The formats written as instructions a model reads, rather than tool definitions. */
export const INSTRUCTION_FORMATS = ['skill', 'llms', 'agents'] as const;
export type InstructionFormat = (typeof INSTRUCTION_FORMATS)[number];

/** What `cli-mcp export --format` writes. */
export const EXPORT_FORMATS = ['openai', 'anthropic', 'ai-sdk', 'langchain', 'mcp', 'server-json', ...INSTRUCTION_FORMATS] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The flags of `cli-mcp export`, beside the options every target command shares. */
export interface ExportFlags extends SharedFlags {
  format: ExportFormat;
  openaiApi: OpenAiApi;
  strict: boolean;
  output?: string;
  serverName?: string;
  startArgs?: string[];
}

/** Adds `export`'s own options; kept apart from the conversion so `cli-mcp --help` stays light. */
export function addExportOptions(command: Command): Command {
  return command
    .addOption(new Option('--format <format>', 'openai, anthropic, ai-sdk, langchain, mcp (tools/list), server-json (MCP Registry); or instructions: skill (Agent Skills folder), llms (llms.txt folder), agents (AGENTS.md section)').choices(EXPORT_FORMATS).makeOptionMandatory())
    .addOption(new Option('--openai-api <api>', 'openai: the shape of each tool, for Chat Completions or the Responses API').choices(['chat', 'responses']).default('chat'))
    .option('--no-strict', 'openai: offer no tool in strict mode, and keep every schema as it is')
    .option('--output <path>', 'write to this file (from --cwd) instead of stdout; skill and llms: the folder to write (required); agents: the file, whose section of the same heading is replaced')
    .option('--server-name <name>', 'server-json: the reverse-DNS registry name (io.github.owner/name); default: "mcpName" in package.json')
    .option('--start-args <words...>', 'server-json: what follows `npx <package>` to serve over stdio (default: mcp start)');
}
