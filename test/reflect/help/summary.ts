/** Compact one-line renderings of parsed specs, so tests can pin whole pages readably. */
import { readFileSync } from 'node:fs';
import type { OptionSpec, PositionalSpec } from '../../../src/types.js';
import { fixture } from '../../helpers/fixture.js';

/** A captured help text from test/fixtures/help. */
export function helpText(name: string): string {
  return readFileSync(fixture('help', name), 'utf8');
}

/** `output: --output string {json|yaml} ="x" required off:--output=false` */
export function optionLine(option: OptionSpec): string {
  const parts = [`${option.name}: ${option.flag ?? '(no flag)'} ${option.type}`];
  if (option.variadic === true) parts.push('repeatable');
  if (option.optionalValue === true) parts.push('value-optional');
  if (option.choices !== undefined) parts.push(`{${option.choices.join('|')}}`);
  if (option.default !== undefined) parts.push(`=${JSON.stringify(option.default)}`);
  if (option.required === true) parts.push('required');
  if (option.negation !== undefined) parts.push(`off:${option.negation}`);
  if (option.env !== undefined) parts.push(`env:${option.env}`);
  return parts.join(' ');
}

export function optionLines(options: readonly OptionSpec[]): string[] {
  return options.map(optionLine);
}

/** `<file>`, `[name...]`, `<port:integer=8000>`, `<mode{a|b}>` */
export function positionalLine(positional: PositionalSpec): string {
  const type = positional.type === 'string' ? '' : `:${positional.type}`;
  const choices = positional.choices === undefined ? '' : `{${positional.choices.join('|')}}`;
  const fallback = positional.default === undefined ? '' : `=${JSON.stringify(positional.default)}`;
  const body = `${positional.name}${type}${choices}${fallback}${positional.variadic ? '...' : ''}`;
  return positional.required ? `<${body}>` : `[${body}]`;
}

export function positionalLines(positionals: readonly PositionalSpec[]): string {
  return positionals.map(positionalLine).join(' ');
}
