import { CliMcpError } from '../errors.js';

/** The shared store cannot answer (unreachable, too slow, closed, or it answered with an error): the call is refused, never let through. */
export class StoreUnavailableError extends CliMcpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('cli-mcp.store-unavailable', message, options);
  }
}

/**
 * What a call refused for the store's sake tells the model: which store, what is wrong, that nothing ran.
 * @example refusalMessage(error) // 'The shared store at redis://10.0.0.5:6379 is unreachable: connect ECONNREFUSED 10.0.0.5:6379; nothing was run. Retry in a moment.'
 */
export function refusalMessage(error: StoreUnavailableError): string {
  // The store's own messages end "; refusing the call": a model needs to hear that nothing ran.
  const problem = error.message.replace(/; refusing the call$/, '');
  return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}; nothing was run. Retry in a moment.`;
}
