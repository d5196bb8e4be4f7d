/**
 * Per-CLI rules on commands, not flags: a command the model may never run (no tool is built for it, and
 * a call that reaches it through positionals is refused), or one that always needs the user's approval.
 */
import { CliMcpError } from '../errors.js';
import type { RunnableCommand } from '../types.js';

/** One command a preset governs, with the reason it is there. */
export interface CommandRule {
  /**
   * The command words after the program, e.g. `'config set'` or `'bisect run'`. Matched on the tool's
   * command path and, where the path stops short (`git bisect` with args `run …`), on the words of the
   * call's argv that do not start with `-`.
   */
  readonly command: string;
  /** `exclude`: no tool, and no call reaches it. `destructive`: approval asks in every mode but yolo. */
  readonly action: 'exclude' | 'destructive';
  /** Why, shown to the model when a call is refused. */
  readonly reason: string;
}

/** A check on the whole prepared argv (command words included): the reason it is refused, or undefined. */
export type ArgvCheck = (argv: readonly string[]) => string | undefined;

/** The rule whose words the command's path (without the program) starts with: it governs the tool itself. */
export function ruleForCommand(command: Pick<RunnableCommand, 'path'>, rules: readonly CommandRule[] = []): CommandRule | undefined {
  const path = command.path.slice(1);
  return rules.find((rule) => startsWith(path, wordsOf(rule)));
}

/**
 * The reason a prepared argv is refused by the command rules or the checks, or undefined. A destructive
 * command reached through positionals is refused: approval asks by the tool's path, which does not name it.
 */
export function checkCommands(argv: readonly string[], command: Pick<RunnableCommand, 'path'>, rules: readonly CommandRule[] = [], checks: readonly ArgvCheck[] = []): string | undefined {
  const words = argv.filter((token) => !token.startsWith('-'));
  const own = ruleForCommand(command, rules);
  if (own?.action === 'exclude') return excluded(own);
  for (const rule of rules) {
    if (rule === own || !startsWith(words, wordsOf(rule))) continue;
    if (rule.action === 'exclude') return excluded(rule);
    return `\`${rule.command}\` needs the user's approval (${rule.reason}), and this tool cannot ask for it; it is refused here`;
  }
  for (const check of checks) {
    const problem = check(argv);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Throws a `cli-mcp.invalid-option` error naming the first malformed rule; called at startup. */
export function validateCommandRules(rules: readonly CommandRule[] = []): void {
  for (const rule of rules) {
    if (wordsOf(rule).length === 0 || (rule.action !== 'exclude' && rule.action !== 'destructive')) {
      throw new CliMcpError('cli-mcp.invalid-option', `argv policy: command rule ${JSON.stringify(rule)} needs command words and an action of "exclude" or "destructive"`);
    }
  }
}

function excluded(rule: CommandRule): string {
  return `\`${rule.command}\` is not allowed: ${rule.reason}`;
}

function wordsOf(rule: CommandRule): string[] {
  return rule.command.trim().split(/\s+/).filter((word) => word !== '');
}

function startsWith(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= words.length && prefix.every((word, index) => words[index] === word);
}
