/**
 * The plain text of one section of a man page's roff source (`.SH "DESCRIPTION"` up to the next `.SH`): requests
 * and comments left out, example blocks (`.nf` … `.fi`) left out, font changes and escapes written as the characters
 * they stand for, paragraphs joined by a space. Enough to search and to show, not a renderer.
 */
export function roffSection(source: string, title: string): string {
  const lines = source.split('\n');
  const heading = new RegExp(`^\\.SH\\s+"?${title}"?\\s*$`, 'i');
  const start = lines.findIndex((line) => heading.test(line));
  if (start === -1) return '';
  const words: string[] = [];
  let literal = false;
  for (const line of lines.slice(start + 1)) {
    if (/^\.SH\b/.test(line)) break;
    if (/^\.nf\b/.test(line)) literal = true;
    else if (/^\.fi\b/.test(line)) literal = false;
    else if (!literal && !/^[.']/.test(line)) words.push(plain(line));
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * The text under a tagged paragraph whose tag starts with `word` (git-stash's `pop [--index] [<stash>]` in its
 * COMMANDS): what a page says of a subcommand that has no page of its own.
 */
export function roffEntry(source: string, word: string): string {
  const lines = source.split('\n');
  const words: string[] = [];
  for (let at = 1; at < lines.length; at += 1) {
    const tagged = /^\.(?:PP|TP|IP)\b/.test(lines[at - 1] ?? '') && !/^[.']/.test(lines[at] ?? '');
    const tag = plain(lines[at] ?? '').trim();
    if (!tagged || !tag.startsWith(word) || !/^$|^[\s[<]/.test(tag.slice(word.length))) continue;
    for (const line of lines.slice(at + 1)) {
      if (/^\.(?:RE|PP|TP|SH|SS)\b/.test(line)) break;
      if (!/^[.']/.test(line)) words.push(plain(line));
    }
    break;
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

/** Named characters a manual writes most. */
const NAMED: Readonly<Record<string, string>> = { em: '—', en: '–', aq: "'", dq: '"', cq: '’', oq: '‘', lq: '“', rq: '”', bu: '•', co: '©', rg: '®', tm: '™', mi: '-', hy: '-', ga: '`', ti: '~', ha: '^', rs: '\\', pl: '+', eq: '=', '<=': '≤', '>=': '≥', '->': '→', '<-': '←' };

function plain(line: string): string {
  return line
    .replace(/\\f(?:\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\s[+-]?\d/g, '')
    .replace(/\\\*?\((..)/g, (_, name: string) => NAMED[name] ?? '')
    .replace(/\\\*?\[([^\]]*)\]/g, (_, name: string) => NAMED[name] ?? '')
    .replace(/\\[&%|^:]/g, '')
    .replace(/\\[-e]/g, (escape) => (escape === '\\-' ? '-' : '\\'))
    .replace(/\\ /g, ' ')
    .replace(/\\"/g, '')
    .replace(/\\(.)/g, '$1');
}
