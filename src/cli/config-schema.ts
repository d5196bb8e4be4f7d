/**
 * The JSON Schema of `cli-mcp.config.json`, made from `wrap`'s own options so it cannot drift from them:
 * committed as `schema/config.schema.json` for editors (`"$schema": "…/schema/config.schema.json"`).
 */
import type { Command, Option } from 'commander';
import { SERVE_FLAGS, SHARED_FLAGS, WRAP_FLAGS, type FlagRow } from '../options.js';

/** Options that are no server's setting: the file itself, help, and the manifest (a server's own field). */
const NOT_SETTINGS = new Set(['--config', '--help', '--manifest']);
/** Flags given once per value (`--deny-flag -s --deny-flag --kubeconfig`): a list in the file. */
const REPEATED = new Set(Object.values<FlagRow>({ ...SHARED_FLAGS, ...SERVE_FLAGS, ...WRAP_FLAGS }).filter((row) => row.value === 'repeat').map((row) => row.flag.split(' ')[0]));

export function configJsonSchema(wrap: Command): Record<string, unknown> {
  const settings = Object.fromEntries(wrap.options.filter((option) => option.long !== undefined && !NOT_SETTINGS.has(option.long)).map((option) => [(option.long as string).slice(2), settingOf(option)]));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'cli-mcp config',
    description: 'Named servers: each a target (or a manifest) and its options, keyed by the long flag names of cli-mcp wrap. `cli-mcp wrap <name>` (and tools, call, export, install) take a name wherever they take a target.',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      servers: { type: 'object', propertyNames: { pattern: '^[A-Za-z0-9_-]{1,64}$' }, additionalProperties: { $ref: '#/$defs/server' } },
    },
    required: ['servers'],
    additionalProperties: false,
    $defs: {
      server: {
        type: 'object',
        properties: {
          target: { type: 'string', minLength: 1, description: 'the program: a JS file (relative to this file), an installed bin, or any program on PATH (kubectl)' },
          manifest: { type: 'string', minLength: 1, description: 'a manifest file (relative to this file) describing the commands, instead of a target (needs "exec")' },
          ...settings,
        },
        oneOf: [{ required: ['target'] }, { required: ['manifest'] }],
        additionalProperties: false,
      },
    },
  };
}

function settingOf(option: Option): Record<string, unknown> {
  const said = { description: option.description, ...(option.defaultValue === undefined || option.negate ? {} : { default: option.defaultValue }) };
  if (option.isBoolean() || option.negate) return { type: 'boolean', ...said };
  const value = option.argChoices ? { enum: option.argChoices } : { type: ['string', 'number'] };
  if (!option.variadic && !REPEATED.has(option.long as string)) return { ...value, ...said };
  return { oneOf: [value, { type: 'array', items: value, minItems: 1 }], ...said };
}
