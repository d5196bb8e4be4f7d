/** Output sanitising: the model never sees escape sequences or invisible characters from a CLI. */
import { sanitizeText } from '../sanitize-text.js';
import type { ExecOutput } from '../types.js';
import { postRun } from './pre-post.js';
import type { Middleware } from './context.js';

/**
 * PostRun middleware that applies {@link sanitizeText} to the result's stdout and stderr; a result
 * with only a `message` (not started, refused by a preRun) is left as it is.
 * It is on by default: the server puts it in every tool's chain, so the model never sees escape
 * sequences or invisible characters from a CLI.
 */
export function sanitizeOutput(): Middleware {
  return postRun((result) => {
    if (result.output === undefined) return undefined;
    const output: ExecOutput = { ...result.output, stdout: sanitizeText(result.output.stdout), stderr: sanitizeText(result.output.stderr) };
    return { ...result, output };
  });
}
