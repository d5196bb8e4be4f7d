/**
 * Help text as parsers read it: what terminals draw removed (colours, man's overstrike, tabs, CR), and option lines
 * some programs mark or bracket put in the common shape.
 */

/** Removes what terminals draw but parsers trip on: colours, man's overstrike, tabs, CR. */
export function cleanText(text: string): string {
  return text
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/.\u0008/g, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => markedRequired(expandTabs(line).replace(/\s+$/, '')))
    .join('\n');
}

/**
 * ICU's tools mark a required option where the indent is (`[REQ] -p or --name  Set the data name`): the mark moves to its text.
 * iptables marks a negatable one there (`[!] --source -s address`): the mark goes, the columns stay.
 */
function markedRequired(line: string): string {
  const marked = /^\[REQ\](\s+-.*?\S)$/.exec(line);
  return marked ? `     ${marked[1]} (required)` : unbracketed(line.replace(/^\[!\] (?=--?\w)/, '    '));
}

/**
 * Java's tools bracket each option line's flag, flush left (jarsigner's `[-keystore <url>]     keystore location`): the brackets
 * go, the columns stay. An indented one is a usage form's wrapped line (mke2fs's `\t[-jnqvDFSV] device [blocks-count]`).
 */
function unbracketed(line: string): string {
  return line.replace(/^\[(-[\w:-]+(?:\[[^\]\s]*\])?(?: <[^>]+>)?)\](?=\s+[A-Za-z])/, ' $1 ');
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(8 - (out.length % 8)) : char;
  return out;
}
