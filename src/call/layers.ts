import { checkAccess } from '../middleware/access.js';
import { approval } from '../approval/ask-first.js';
import { concurrency } from '../middleware/concurrency.js';
import { fitResult } from '../middleware/fit-result.js';
import { hardenInputMiddleware } from '../middleware/harden-input.js';
import { logCalls } from '../middleware/log-calls.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { redact } from '../middleware/redact.js';
import { refuseFollow } from '../middleware/refuse-follow.js';
import { sanitizeOutput } from '../middleware/sanitize.js';
import { validate } from '../middleware/validate.js';
import type { Middleware } from '../middleware/context.js';
import { DEFAULT_CONCURRENCY, DEFAULT_RATE_LIMIT, type CliToolsOptions, type CallSettings, type Selector } from './options.js';
import { prepareArgv } from './prepare.js';

/**
 * The whole onion of one tool, outermost first:
 * call log → result fitting (head and tail within the budget, the rest spooled) → access policy → input hardening → rate limit → validation → the user's middleware → the selector's →
 * prepare (re-validate, argv laid out for the program, argv policy) → refusal of run-until-stopped flags in a direct call →
 * approval → concurrency cap → redaction → sanitising → [the run].
 * The log sees every refusal; nothing user-written runs on unchecked input, or after the argv is
 * prepared, so approval asks about the argv that runs, and never about a call that will be refused; only the run
 * holds a concurrency slot (an approval waiting on a human does not); redaction sees already-cleaned text.
 */
export function layersFor(options: CliToolsOptions, settings: CallSettings): (selection: Selector | null) => Middleware[] {
  const before = [
    ...(options.callLog === false ? [] : [logCalls(options.callLog)]),
    fitResult({ maxResultBytes: settings.maxResultBytes, readTool: settings.readTool }),
    checkAccess(),
    hardenInputMiddleware(options.inputLimits),
    ...(options.rateLimit === false ? [] : [rateLimit({ store: options.store, ...(options.rateLimit ?? DEFAULT_RATE_LIMIT) })]),
    validate(),
    ...(options.middleware ?? []),
  ];
  const after = [
    prepareArgv(settings.argvPolicy),
    ...(options.refuseFollow === false ? [] : [refuseFollow(settings.runTools)]),
    approval(options.approval),
    ...(options.concurrency === false ? [] : [concurrency({ store: options.store, ...(options.concurrency ?? DEFAULT_CONCURRENCY) })]),
    ...(options.redact === false ? [] : [redact(options.redact ?? {})]),
    ...(options.sanitize === false ? [] : [sanitizeOutput()]),
  ];
  return (selection) => [...before, ...(selection?.middleware ?? []), ...after];
}
