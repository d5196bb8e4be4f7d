/**
 * Help that says it is not all of it: curl's `For all options use … "--help all"`, qpdf's `Run "qpdf --help=all"`,
 * ffmpeg's `-h long -- print more options`. The arguments that print the fuller page, by the help's own words.
 */

/** What a help names, best first: every option, then more of them (ffmpeg's `full` adds every codec's options). */
const WANTED = ['all', 'long', 'full'] as const;

export function fullerHelpArgs(text: string): string[] | undefined {
  for (const level of WANTED) {
    const match = new RegExp(`(?:^|[\\s"'\`])(-h|--help|-help)([= ])${level}\\b`, 'm').exec(text);
    if (match) return match[2] === '=' ? [`${match[1] ?? ''}=${level}`] : [match[1] ?? '', level];
  }
  return undefined;
}
