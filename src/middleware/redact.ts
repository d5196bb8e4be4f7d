import type { ToolResult } from '../types.js';
import { redactor, type RedactOptions } from '../output/redactor.js';
import type { Middleware } from './context.js';
import { postRun } from './pre-post.js';

/**
 * PostRun middleware that masks secrets in the result's stdout, stderr and message (see {@link RedactOptions}).
 * @example createMcpServer(program, { middleware: [redact({ envNames: ['GITHUB_TOKEN'] })] })
 */
export function redact(options: RedactOptions = {}): Middleware {
  const clean = redactor(options);
  return postRun((result) => {
    const redacted: ToolResult = {
      ...result,
      ...(result.message === undefined ? {} : { message: clean(result.message) }),
      ...(result.output === undefined ? {} : { output: { ...result.output, stdout: clean(result.output.stdout), stderr: clean(result.output.stderr) } }),
    };
    return redacted;
  });
}
