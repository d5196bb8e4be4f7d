/** `text` as a regular expression matches it, literally: a flag, a program's name, a command word. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
