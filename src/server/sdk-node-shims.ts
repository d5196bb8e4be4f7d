/**
 * The SDK's Node shims for the bundled bin: scripts/bundle.mjs puts this file in place of
 * `@modelcontextprotocol/server/_shims`, so ajv, the SDK's default validator, is left out of the bundle. cli-mcp's
 * servers pass their own validator (form-answers.ts) either way; this keeps the default the same.
 */
import process from 'node:process';

export { FormAnswerValidator as DefaultJsonSchemaValidator } from './form-answers.js';
export { process };
