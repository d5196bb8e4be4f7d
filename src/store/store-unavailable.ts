import { CliMcpError } from '../errors.js';

/** The shared store cannot answer (unreachable, too slow, closed, or it answered with an error): the call is refused, never let through. */
export class StoreUnavailableError extends CliMcpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('cli-mcp.store-unavailable', message, options);
  }
}
