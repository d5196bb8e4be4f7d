/**
 * `cli-mcp completion <shell>`: a completion script for bash, zsh or fish, written from the commander program
 * itself (its commands, their options, the choices each takes), so it can never disagree with `--help`.
 */
import type { Command, Option } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What completion needs of one command. */
interface CommandWords {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly OptionWords[];
}

interface OptionWords {
  readonly long?: string;
  readonly short?: string;
  /** The option takes a value (`--timeout <ms>`); `[x]` values too. */
  readonly takesValue: boolean;
  readonly choices?: readonly string[];
  readonly summary: string;
}

/** The script for `shell`, for the program `root` (its name is what the shell completes). */
export function completionScript(root: Command, shell: Shell): string {
  // What --help shows: hidden commands and options left out, the help option in.
  const commands = root.createHelp().visibleCommands(root).filter((command) => command.name() !== 'help').map(wordsOf);
  const name = root.name();
  return shell === 'bash' ? bashScript(name, commands) : shell === 'zsh' ? zshScript(name, commands) : fishScript(name, commands);
}

function wordsOf(command: Command): CommandWords {
  return { name: command.name(), summary: summary(command.description()), options: command.createHelp().visibleOptions(command).map(optionWords) };
}

function optionWords(option: Option): OptionWords {
  return {
    ...(option.long ? { long: option.long } : {}),
    ...(option.short ? { short: option.short } : {}),
    takesValue: option.required || option.optional,
    ...(option.argChoices ? { choices: option.argChoices } : {}),
    summary: summary(option.description),
  };
}

/** The description up to its first colon, semicolon or parenthesis, on one line: what fits beside a completion. */
function summary(text: string): string {
  const first = text.split(/[:;(]/)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  return first.length > 70 ? `${first.slice(0, 69)}…` : first;
}

/** A word inside single quotes, for any of the three shells. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function flags(option: OptionWords): string[] {
  return [option.long, option.short].filter((flag): flag is string => flag !== undefined);
}

function bashScript(program: string, commands: readonly CommandWords[]): string {
  const fn = `_${program.replace(/\W/g, '_')}`;
  // A flag that reads the same in every command that has it is matched in any of them (`*:--tools`).
  const uses = new Map<string, Array<{ command: string; option: OptionWords }>>();
  for (const command of commands) for (const option of command.options) for (const flag of flags(option)) uses.set(flag, [...(uses.get(flag) ?? []), { command: command.name, option }]);
  const patterns = (kind: (option: OptionWords) => string | undefined): Map<string, string[]> => {
    const byAnswer = new Map<string, string[]>();
    for (const [flag, seen] of uses) {
      const answers = new Set(seen.map(({ option }) => kind(option) ?? ''));
      for (const { command, option } of seen) {
        const answer = kind(option);
        if (answer === undefined) continue;
        const pattern = answers.size === 1 ? `*:${flag}` : `${command}:${flag}`;
        const list = byAnswer.get(answer) ?? [];
        if (!list.includes(pattern)) byAnswer.set(answer, [...list, pattern]);
      }
    }
    return byAnswer;
  };
  const choiceCases = [...patterns((option) => option.choices?.join(' '))].map(([choices, keys]) => `    ${keys.join('|')}) COMPREPLY=($(compgen -W ${quoted(choices)} -- "$cur")); return ;;`);
  const valueKeys = [...patterns((option) => (option.takesValue && !option.choices ? 'file' : undefined))].flatMap(([, keys]) => keys);
  const optionCases = commands.map((command) => `    ${command.name}) opts=${quoted(command.options.flatMap(flags).join(' '))} ;;`);
  return [
    `# ${program} completion for bash: source <(${program} completion bash)`,
    `${fn}() {`,
    '  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]} opts=',
    '  COMPREPLY=()',
    `  if (( COMP_CWORD == 1 )); then COMPREPLY=($(compgen -W ${quoted(commands.map((command) => command.name).join(' '))} -- "$cur")); return; fi`,
    '  # An option that takes one of a few values completes them; any other value, and every operand, falls back to file names.',
    '  case "$command:$prev" in',
    ...choiceCases,
    ...(valueKeys.length > 0 ? [`    ${valueKeys.join('|')}) return ;;`] : []),
    '  esac',
    '  case "$command" in',
    ...optionCases,
    '  esac',
    '  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$opts" -- "$cur")); fi',
    '}',
    `complete -o default -o bashdefault -F ${fn} ${program}`,
    '',
  ].join('\n');
}

/** zsh's `_arguments` reads `[`, `]` and `:` in a description as its own syntax. */
function zshText(text: string): string {
  return text.replace(/([[\]:\\])/g, '\\$1');
}

function zshScript(program: string, commands: readonly CommandWords[]): string {
  const fn = `_${program.replace(/\W/g, '_')}`;
  const spec = (option: OptionWords): string[] => {
    const value = option.takesValue ? (option.choices ? `:value:(${option.choices.join(' ')})` : ':value:_files') : '';
    return flags(option).map((flag) => quoted(`${flag}[${zshText(option.summary)}]${value}`));
  };
  return [
    `#compdef ${program}`,
    `# ${program} completion for zsh: ${program} completion zsh > "\${fpath[1]}/_${program}", or source it after compinit`,
    `${fn}() {`,
    '  local -a commands',
    `  commands=(${commands.map((command) => quoted(`${command.name}:${command.summary}`)).join(' ')})`,
    "  if (( CURRENT == 2 )); then _describe 'command' commands; return; fi",
    '  case $words[2] in',
    ...commands.map((command) => `    ${command.name}) _arguments ${[...command.options.flatMap(spec), quoted('*:file:_files')].join(' ')} ;;`),
    '  esac',
    '}',
    `if [[ $zsh_eval_context[-1] == loadautofunc ]]; then ${fn} "$@"; else compdef ${fn} ${program}; fi`,
    '',
  ].join('\n');
}

function fishScript(program: string, commands: readonly CommandWords[]): string {
  const lines = [`# ${program} completion for fish: ${program} completion fish > ~/.config/fish/completions/${program}.fish`, `complete -c ${program} -f`];
  for (const command of commands) lines.push(`complete -c ${program} -n __fish_use_subcommand -a ${command.name} -d ${quoted(command.summary)}`);
  for (const command of commands) {
    const when = `-n ${quoted(`__fish_seen_subcommand_from ${command.name}`)}`;
    // Operands are programs and files.
    lines.push(`complete -c ${program} ${when} -F`);
    for (const option of command.options) {
      const names = [option.long ? `-l ${option.long.slice(2)}` : '', option.short ? `-s ${option.short.slice(1)}` : ''].filter(Boolean).join(' ');
      const value = option.choices ? ` -x -a ${quoted(option.choices.join(' '))}` : option.takesValue ? ' -r -F' : '';
      lines.push(`complete -c ${program} ${when} ${names}${value} -d ${quoted(option.summary)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
