/**
 * One command's full reference in markdown, for a model: what it does, its call shape, every flag with its key,
 * spelling, choices and default, its positionals, its risk and a call through cli-mcp that needs nothing more.
 */
import type { ScopedOption, PositionalSpec } from '../types.js';
import { callShape, optionShape, positionalPlaceholder } from './call-shape.js';
import { callLine, exampleInput, oneLine, riskRule, RISK_MEANING, type DocumentedCommand, type ProgramDoc } from './program-doc.js';

/** A fenced code block that the text inside cannot close. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.trimEnd()}\n${fence}`;
}

/** Inline code that the text inside cannot close. */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = '`'.repeat(longest + 1);
  return longest > 0 ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

/** The JSON a flag takes in a call's `flags`. */
function flagValue(option: ScopedOption): string {
  if (option.count === true) return 'integer (times)';
  if (option.type === 'boolean') return option.flag === undefined ? 'false' : option.negation === undefined ? 'true' : 'true or false';
  const choices = option.choices?.length ? option.choices.map((choice) => JSON.stringify(choice)).join(' | ') : undefined;
  if (option.variadic === true || option.arity !== undefined || option.closedBy !== undefined) {
    const per = option.arity !== undefined && option.arity > 1 ? `, ${option.arity} per use` : '';
    return `list of ${choices ?? `${option.type}s`}${per}`;
  }
  return `${choices ?? option.type}${option.optionalValue === true ? ' (or true for the bare flag)' : ''}`;
}

/** One flag's line: key, JSON value, spelling, then what the program says of it. */
function flagLine(doc: DocumentedCommand, option: ScopedOption): string {
  const shape = optionShape(doc.command, option);
  const spelled = shape ? ` → ${code(shape.text)}` : option.inside !== undefined ? ` (written inside ${code(option.inside)}'s words)` : '';
  const facts = [
    option.required === true ? 'required' : '',
    option.default !== undefined ? `default ${code(JSON.stringify(option.default))}` : '',
    option.env ? `env ${code(option.env)}` : '',
    option.follows === true ? 'runs until stopped' : '',
  ].filter(Boolean);
  const about = oneLine(option.description);
  const tail = `${about ? `: ${about}` : ''}${facts.length ? ` (${facts.join(', ')})` : ''}`;
  return `- ${code(option.name)} = ${flagValue(option)}${spelled}${tail}`;
}

function positionalLine(positional: PositionalSpec, index: number): string {
  const kind = [positional.required ? 'required' : 'optional', positional.variadic ? 'takes the rest' : '', positional.type !== 'string' ? `${positional.type === 'integer' ? 'an' : 'a'} ${positional.type}, as a string` : ''].filter(Boolean).join(', ');
  const choices = positional.choices?.length ? `; one of ${positional.choices.map((choice) => code(choice)).join(', ')}` : '';
  const fallback = positional.default !== undefined ? `; default ${code(JSON.stringify(positional.default))}` : '';
  const about = oneLine(positional.description);
  return `${index + 1}. ${code(positionalPlaceholder(positional))} (${kind}${choices}${fallback})${about ? `: ${about}` : ''}`;
}

/**
 * The reference of one command under a heading of `level` (`##`, `###`): its description, shape, risk, the call, its
 * flags (own first, then inherited), positionals and passthrough, and the examples its help shows.
 */
export function commandReference(program: ProgramDoc, doc: DocumentedCommand, level = 2): string {
  const { command } = doc;
  const heading = `${'#'.repeat(level)} ${command.path.join(' ')}`;
  const rule = riskRule(program, doc.risk);
  const lines = [
    heading,
    '',
    ...(command.description?.trim() ? [command.description.trim(), ''] : []),
    fenced(callShape(command)),
    '',
    `- Tool: ${code(doc.tool)}`,
    `- Risk: ${doc.risk} (${RISK_MEANING[doc.risk]}).${rule ? ` ${rule}` : ''}`,
    ...(command.longRunning === true ? ['- Usually runs for minutes.'] : []),
    `- Call: ${code(callLine(program, doc.tool, exampleInput(command)))}`,
  ];
  const depth = command.path.length - 1;
  const own = command.options.filter((option) => option.depth === depth);
  const inherited = command.options.filter((option) => option.depth !== depth);
  if (own.length > 0) lines.push('', `Flags (${code('flags')}, by key):`, '', ...own.map((option) => flagLine(doc, option)));
  if (inherited.length > 0) lines.push('', `Flags of ${code(command.path.slice(0, -1).join(' '))} it takes too:`, '', ...inherited.map((option) => flagLine(doc, option)));
  if (command.positionals.length > 0) lines.push('', `Positionals (${code('args')}, in order, as strings):`, '', ...command.positionals.map(positionalLine));
  if (command.passthrough) {
    const about = oneLine(command.passthrough.description);
    lines.push('', `Passthrough (${code('passthrough')}, ${command.passthrough.required ? 'required' : 'optional'}): ${code(command.passthrough.name)}, the words after a literal ${code('--')}${about ? `: ${about}` : ''}.`);
  }
  if (command.examples?.trim()) lines.push('', `Examples from ${code(`${command.path.join(' ')} --help`)}:`, '', fenced(command.examples));
  return lines.join('\n');
}
