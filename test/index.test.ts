import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import * as redisEntry from '../src/store/redis.js';

describe('the public API', () => {
  it('when the package entry is imported then it exports exactly the curated names', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
      [
        "ARGV_PRESETS",
        "CliMcpError",
        "DEFAULTS",
        "DEFAULT_ARGV_CONVENTIONS",
        "DEFAULT_ENV_ALLOWLIST",
        "DEFAULT_LIST_BUDGET_TOKENS",
        "DEFAULT_TIMEOUT_MS",
        "PARSER_CONVENTIONS",
        "SERVER_JSON_SCHEMA",
        "StoreUnavailableError",
        "allowCommands",
        "allowFlags",
        "annotate",
        "approval",
        "buildArgv",
        "callShape",
        "checkArgv",
        "childEnvironment",
        "compose",
        "concurrency",
        "createCliTools",
        "createMcpServer",
        "createRunRegistry",
        "documentProgram",
        "estimateTokens",
        "excludeCommands",
        "excludeFlags",
        "flattenRunnable",
        "hardenInput",
        "hardenInputMiddleware",
        "isCliMcpError",
        "layOutArgv",
        "loadTarget",
        "logCalls",
        "manifestFor",
        "manifestJsonSchema",
        "mcpCommand",
        "memoryGrants",
        "memoryStore",
        "parseHelp",
        "postRun",
        "preRun",
        "rateLimit",
        "readManifest",
        "redact",
        "redactor",
        "reflectCommander",
        "reflectHelp",
        "reflectYargs",
        "riskOf",
        "sanitizeOutput",
        "sanitizeText",
        "storeGrants",
        "timeout",
        "toAgentsMd",
        "toAiSdk",
        "toAnthropic",
        "toLangChain",
        "toLlmsTxt",
        "toMcp",
        "toOpenAi",
        "toServerJson",
        "toSkill",
        "toStrictSchema",
        "toolCaller",
        "validate",
        "writeManifest",
      ]
    `);
  });

  it('when the cli-mcp/redis entry is imported then it exports exactly the Redis store and its default key prefix', () => {
    expect(Object.keys(redisEntry).sort()).toEqual(['DEFAULT_KEY_PREFIX', 'redisStore']);
  });
});
