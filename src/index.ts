/**
 * cli-mcp's public API. Every export here is public and named; test/index.test.ts pins the list.
 */
export type {
  CommandAnnotations,
  CommandSpec,
  ExecOutput,
  OptionSpec,
  PositionalSpec,
  RunnableCommand,
  ScopedOption,
  ToolInput,
  ToolResult,
  ApprovalQuestion,
  ArgvConventions,
  PassthroughSpec,
  ValueType,
  OutputLink,
} from './types.js';
export { CliMcpError, isCliMcpError, type ErrorCode } from './errors.js';

export { reflectCommander, annotate, type CommanderCommand } from './reflect/commander.js';
export { reflectYargs } from './reflect/yargs.js';
export { reflectHelp, type HelpReflection, type ReflectHelpOptions } from './reflect/help/crawl.js';
export { parseHelp } from './reflect/help/parse.js';
export { flattenRunnable } from './reflect/flatten.js';
export { loadTarget, type LoadedTarget, type LoadOptions, type ProgramExit } from './reflect/load-program.js';
export { readManifest, writeManifest, manifestFor, manifestJsonSchema, type ManifestDocument } from './reflect/manifest.js';

export { buildArgv, layOutArgv, type LaidOutArgv } from './argv/build-argv.js';
export { DEFAULT_ARGV_CONVENTIONS, PARSER_CONVENTIONS, type ParserFamily } from './argv/conventions.js';
export { checkArgv, type ArgvPolicy } from './argv/argv-policy.js';
export { ARGV_PRESETS } from './argv/presets.js';
export type { Launcher } from './exec/launcher.js';
export { childEnvironment, DEFAULT_ENV_ALLOWLIST, type EnvironmentOptions } from './exec/environment.js';

export { compose } from './middleware/compose.js';
export { preRun, postRun, type PreRun, type PostRun } from './middleware/pre-post.js';
export { timeout, DEFAULT_TIMEOUT_MS } from './middleware/timeout.js';
export { validate } from './middleware/validate.js';
export { hardenInput, hardenInputMiddleware, type InputLimits } from './middleware/harden-input.js';
export { rateLimit, type RateLimitOptions, type BucketSettings } from './middleware/rate-limit.js';
export { concurrency, type ConcurrencyOptions } from './middleware/concurrency.js';
export { logCalls, type LogCallsOptions, type CallRecord } from './middleware/log-calls.js';
export { redact } from './middleware/redact.js';
export { redactor, type RedactOptions } from './output/redactor.js';
export { sanitizeOutput } from './middleware/sanitize.js';
export { sanitizeText } from './sanitize-text.js';
export { DEFAULTS } from './options.js';
export { approval, type ApprovalMode, type ApprovalOptions } from './approval/ask-first.js';
export { riskOf, type Risk, type RiskOverrides } from './approval/risk.js';
export {
  allowCommands,
  excludeCommands,
  allowFlags,
  excludeFlags,
  type CommandMatcher,
  type FlagMatcher,
  type Selection,
} from './tool/select.js';
export type { Selector } from './call/options.js';
export type { ApprovalChannel, ApprovalGrants, CallContext, CallOptions, LogLevel, Middleware } from './middleware/context.js';
export { memoryGrants, storeGrants, type MemoryGrantsOptions } from './approval/grants.js';

// The state replicas share; `redisStore` is its own entry point (`cli-mcp/redis`), so ioredis loads only for those who use it.
export { memoryStore, type MemoryStoreOptions } from './store/memory.js';
export { StoreUnavailableError } from './store/store-unavailable.js';
export type { SharedStore, BucketTake, Consumed } from './store/shared-store.js';

export { createCliTools, type CliTools, type CliToolsOptions } from './call/cli-tools.js';
export type { ToolDefinition } from './tool/definition.js';
export { estimateTokens, DEFAULT_LIST_BUDGET_TOKENS, type DiscoveryChoice, type DiscoveryMode } from './discovery/budget.js';
export type { Catalog, DiscoveryOptions } from './discovery/catalog.js';
export type { ListedTool } from './discovery/listed-tool.js';
export type { SpoolOptions } from './output/spool.js';
export {
  createRunRegistry,
  type RunBegun,
  type RunHooks,
  type RunRefusal,
  type RunRegistry,
  type RunRegistryOptions,
  type RunRequest,
  type RunState,
  type RunStatus,
  type RunSummary,
} from './runs/run-registry.js';

export { createMcpServer, type CliMcpServer, type CreateMcpServerOptions } from './server/create-mcp-server.js';
export type { StdioHandle } from './server/stdio.js';

export { mcpCommand, type McpCommandOptions } from './cli/mcp-command.js';

// The listed tools in each AI SDK's format, and one function that runs a model's tool call through the pipeline.
export { toOpenAi, type OpenAiApi, type OpenAiChatTool, type OpenAiExport, type OpenAiExportOptions, type OpenAiResponsesTool } from './export/openai.js';
export { toStrictSchema, type StrictResult } from './export/openai-strict.js';
export { toAnthropic, type AnthropicTool } from './export/anthropic.js';
export { toAiSdk, type AiSdkToolSpec } from './export/ai-sdk.js';
export { toLangChain, type LangChainToolSpec } from './export/langchain.js';
export { toMcp } from './export/mcp.js';
export { toServerJson, SERVER_JSON_SCHEMA, type PackageFacts, type ServerJsonOptions } from './export/server-json.js';
export { toolCaller, type ToolCaller, type ToolCallOutcome } from './export/tool-caller.js';

// A program's commands as instructions a model reads: an Agent Skills folder, an llms.txt, an AGENTS.md section.
export { documentProgram, type DocumentedCommand, type ProgramDoc, type ProgramDocOptions } from './export/program-doc.js';
export { callShape } from './export/call-shape.js';
export { toSkill, type SkillFolder, type SkillOptions } from './export/skill.js';
export { toLlmsTxt, type LlmsTxtFiles } from './export/llms-txt.js';
export { toAgentsMd } from './export/agents-md.js';
