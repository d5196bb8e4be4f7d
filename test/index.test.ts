import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('the public API', () => {
  it('when the package entry is imported then it exports exactly the curated names', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
      [
        "CliMcpError",
        "DEFAULT_TIMEOUT_MS",
        "allowCommands",
        "allowFlags",
        "annotate",
        "buildArgv",
        "compose",
        "createCliTools",
        "createMcpServer",
        "excludeCommands",
        "excludeFlags",
        "flattenRunnable",
        "isCliMcpError",
        "loadTarget",
        "mcpCommand",
        "postRun",
        "preRun",
        "reflectCommander",
        "timeout",
        "validate",
      ]
    `);
  });
});
