import type * as z from 'zod';
import { distanceWithin, fileValueProblem, pathText, valueAt } from '../messages.js';
import type { CommandSpec } from '../types.js';
import { MANIFEST_KEYS } from './manifest-schema.js';

/** A JSON path as people write it: `program.subcommands[2].options[0].type`; the document itself is `manifest`. */
const jsonPath = (path: readonly PropertyKey[]): string => pathText(path, 'manifest');

/** One line per schema problem: the JSON path, then what was expected and what was found there. */
export function describeManifestIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  return issues.flatMap((issue): string[] => {
    if (issue.code === 'unrecognized_keys') {
      const allowed = keysAt(issue.path);
      return issue.keys.map((key) => `${jsonPath([...issue.path, key])}: unknown key${suggestion(key, allowed)}`);
    }
    return [`${jsonPath(issue.path)}: ${fileValueProblem(issue, valueAt(input, issue.path))}`];
  });
}

/** Problems the schema cannot express, each on the path of the offending value. */
export function semanticProblems(program: CommandSpec): string[] {
  const problems: string[] = [];
  const walk = (command: CommandSpec, at: string): void => {
    if (command.name.startsWith('-')) problems.push(`${at}.name: a command name cannot start with "-" (it would be read as an option)`);
    duplicates(command.subcommands.map((sub) => sub.name), (index, first, name) =>
      problems.push(`${at}.subcommands[${index}].name: duplicate subcommand name "${name}" (also ${at}.subcommands[${first}])`),
    );
    duplicates(command.options.map((option) => option.name), (index, first, name) =>
      problems.push(`${at}.options[${index}].name: duplicate option name "${name}" (also ${at}.options[${first}])`),
    );
    command.options.forEach((option, index) => {
      if (option.flag === undefined && option.negation === undefined) {
        problems.push(`${at}.options[${index}]: needs a "flag" or a "negation", or it can never reach the command line`);
      }
      if (option.count && option.type !== 'integer') problems.push(`${at}.options[${index}].count: a counted option has "type": "integer"`);
      if ((option.arity !== undefined || option.closedBy !== undefined) && (option.type !== 'string' || option.variadic !== true)) {
        problems.push(`${at}.options[${index}]: an option taking several words ("arity" or "closedBy") has "type": "string" and "variadic": true`);
      }
      if (option.inside !== undefined && !command.options.some((parent) => parent.name === option.inside && parent.closedBy !== undefined)) {
        problems.push(`${at}.options[${index}].inside: "${option.inside}" is not an option of this command with "closedBy"`);
      }
    });
    checkPositionals(command, at, problems);
    command.subcommands.forEach((sub, index) => walk(sub, `${at}.subcommands[${index}]`));
  };
  walk(program, 'program');
  return problems;
}

function checkPositionals(command: CommandSpec, at: string, problems: string[]): void {
  const last = command.positionals.length - 1;
  let firstOptional: number | undefined;
  command.positionals.forEach((positional, index) => {
    if (positional.variadic && index !== last) problems.push(`${at}.positionals[${index}].variadic: only the last positional can be variadic`);
    if (!positional.required) firstOptional ??= index;
    else if (firstOptional !== undefined) {
      problems.push(`${at}.positionals[${index}].required: a required positional cannot follow an optional one (${at}.positionals[${firstOptional}])`);
    }
  });
}

function duplicates(names: readonly string[], report: (index: number, first: number, name: string) => void): void {
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    const first = seen.get(name);
    if (first === undefined) seen.set(name, index);
    else report(index, first, name);
  });
}

/** Which object a path points at, from its last named segment. */
function keysAt(path: readonly PropertyKey[]): readonly string[] {
  const named = path.filter((key): key is string => typeof key === 'string');
  const last = named.at(-1);
  if (last === undefined) return MANIFEST_KEYS.manifest;
  if (last === 'options') return MANIFEST_KEYS.option;
  if (last === 'positionals') return MANIFEST_KEYS.positional;
  if (last === 'annotations') return MANIFEST_KEYS.annotations;
  return MANIFEST_KEYS.command;
}

function suggestion(key: string, allowed: readonly string[]): string {
  const near = allowed.find((candidate) => candidate.toLowerCase() === key.toLowerCase()) ?? allowed.find((candidate) => distanceWithin(candidate, key, 2) <= 2);
  return near ? `; did you mean "${near}"?` : `; the keys here are: ${allowed.join(', ')}`;
}
