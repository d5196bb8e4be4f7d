/** What every instruction format says once for all commands: how to call one through cli-mcp, and the risks. */
import { fenced } from './command-reference.js';
import { commandsByRisk, riskRule, RISK_MEANING, shellWord, type ProgramDoc } from './program-doc.js';

/** How a model runs a command, once for all of them. */
export function howToCall(doc: ProgramDoc): string {
  const line = [...doc.caller.map(shellWord), '<tool>', '--input', `'{"flags": {…}, "args": […]}'`].join(' ');
  const passthrough = doc.commands.some((each) => each.command.passthrough) ? ['- `passthrough`: for a command that takes them, the words after a literal `--`.'] : [];
  return [
    '## Running a command',
    '',
    "Each command is a tool that cli-mcp runs: it checks the input against the command's flags, lays out the argv and runs the program without a shell.",
    '',
    fenced(line, 'sh'),
    '',
    '- `flags`: each option under its key, as each command lists it; `true` turns a switch on, `false` gives its `--no-…` form where it has one, a list repeats the flag.',
    '- `args`: the positionals, in order, as strings.',
    ...passthrough,
    '',
    "It prints a JSON result: the program's output in `content`, and `\"isError\": true` when the call failed (a non-zero exit, or an input cli-mcp refused, with the reason).",
  ].join('\n');
}

/** Which commands are read-only, which write and which destroy, with what cli-mcp does about each. */
export function risks(doc: ProgramDoc): string {
  const lines = commandsByRisk(doc.commands).map(([risk, names]) => {
    const rule = riskRule(doc, risk);
    return `- ${risk} (${RISK_MEANING[risk]}): ${names.join(', ')}.${rule ? ` ${rule}` : ''}`;
  });
  return ['## Risks', '', ...lines].join('\n');
}
