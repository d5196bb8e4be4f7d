/** Stable error codes: part of the public API. */
export type ErrorCode =
  | 'cli-mcp.target-not-found'
  | 'cli-mcp.program-not-found'
  | 'cli-mcp.reflection-failed'
  | 'cli-mcp.program-exited'
  | 'cli-mcp.invalid-manifest'
  | 'cli-mcp.invalid-tokens'
  | 'cli-mcp.invalid-policy'
  | 'cli-mcp.invalid-option'
  | 'cli-mcp.invalid-selector'
  | 'cli-mcp.tool-name-collision'
  | 'cli-mcp.middleware'
  | 'cli-mcp.store-unavailable'
  | 'cli-mcp.unrepresentable';

/** The one error class cli-mcp throws; `code` is stable, `cause` keeps the underlying error. */
export class CliMcpError extends Error {
  override readonly name = 'CliMcpError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isCliMcpError(value: unknown): value is CliMcpError {
  return value instanceof CliMcpError;
}
