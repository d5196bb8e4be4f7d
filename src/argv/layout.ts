/**
 * The canonical argv (command words and options, then `--` and the positionals) laid out for a CLI
 * that does not honour `--`: command words, positionals, then options. Every parser that reads options
 * anywhere (yargs, GNU getopt, cobra, git) reads it, and no option can swallow a positional or a command
 * word (yargs arrays are greedy). The argv policy refuses positionals that start with `-` beforehand.
 * @example positionalsFirst(['get', '--output=json', '--', 'pods']) // ['get', 'pods', '--output=json']
 */
export function positionalsFirst(canonical: readonly string[]): string[] {
  const separator = canonical.indexOf('--');
  const head = separator === -1 ? canonical : canonical.slice(0, separator);
  const positionals = separator === -1 ? [] : canonical.slice(separator + 1);
  // In canonical argv every option token starts with `-` and carries its value; the rest are command words.
  return [...head.filter((token) => !token.startsWith('-')), ...positionals, ...head.filter((token) => token.startsWith('-'))];
}
