/**
 * A section to paste into a project's AGENTS.md: `## <program> commands`, how to call them through cli-mcp, the
 * risks, and one line per command (its shape, what it does, its tool and risk). AGENTS.md is plain markdown with no
 * required fields ("Are there required fields? No. AGENTS.md is just standard Markdown": https://agents.md, FAQ, in
 * github.com/openai/agents.md components/FAQSection.tsx), so the section only has to stand on its own under its heading.
 */
import { code } from './command-reference.js';
import { callShape } from './call-shape.js';
import { commandsByRisk, oneLine, riskRule, shellWord, summary, type ProgramDoc } from './program-doc.js';

/** The AGENTS.md section of a program's commands. */
export function toAgentsMd(doc: ProgramDoc): string {
  const call = [...doc.caller.map(shellWord), '<tool>', '--input', `'{"flags": {…}, "args": […]}'`].join(' ');
  const risks = commandsByRisk(doc.commands).map(([risk, names]) => {
    const rule = riskRule(doc, risk);
    return `${risk}: ${names.join(', ')}.${rule ? ` ${rule}` : ''}`;
  });
  const lines = doc.commands.map((each) => {
    const about = summary(each.command.description, 160);
    return `- ${code(callShape(each.command))}${about ? `: ${about}` : ''} (${code(each.tool)}, ${each.risk})`;
  });
  return [
    `## ${oneLine(doc.name)} commands`,
    '',
    ...(doc.description ? [summary(doc.description, 400), ''] : []),
    `Run one through cli-mcp: ${code(call)}. ${keyRule(doc)} \`args\` holds the positionals in order, as strings.`,
    '',
    "Each command's risk, as cli-mcp's approval judges it:",
    '',
    ...risks.map((line) => `- ${line}`),
    '',
    'Commands, each shape the argv that runs (`[…]` optional, `…` repeatable, `<x...>` several words):',
    '',
    ...lines,
    '',
  ].join('\n');
}

/** How a flag's key is found from its spelling, with an example from the program's own options. */
function keyRule(doc: ProgramDoc): string {
  const options = doc.commands.flatMap((each) => each.command.options);
  const valued = options.find((option) => option.type !== 'boolean' && option.flag?.startsWith('--') && option.flag.slice(2) === option.name);
  const negated = options.find((option) => option.flag === undefined && option.negation === `--no-${option.name}`);
  const examples = [valued && `${code(`${valued.flag}=…`)} is ${code(`"${valued.name}": …`)}`, negated && `${code(negated.negation as string)} is ${code(`"${negated.name}": false`)}`].filter(Boolean);
  return `\`flags\` holds each option under its long name without dashes${examples.length ? ` (${examples.join(', ')})` : ''}.`;
}

/**
 * `file` with `section` in it: in place of the section under the same heading (up to the next heading of level 1 or 2),
 * else added at the end. Nothing else in the file changes.
 */
export function spliceSection(file: string, section: string): string {
  const heading = section.split('\n', 1)[0] ?? '';
  const lines = file.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  if (start === -1) return `${file.trimEnd()}${file.trim() === '' ? '' : '\n\n'}${section}`;
  let end = start + 1;
  let fence = false;
  for (; end < lines.length; end++) {
    const line = lines[end] as string;
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (!fence && /^#{1,2} /.test(line)) break;
  }
  const after = lines.slice(end).join('\n');
  return `${lines.slice(0, start).join('\n')}${start > 0 ? '\n' : ''}${section}${after === '' ? '' : `\n${after}`}`;
}
