/**
 * Reads the JSON-RPC id of a message from its first bytes only, without parsing the rest: a top-level
 * `"id"` whose value (a string or a number) ends inside the head. Anything else reads as no id.
 */
const VALUE = /^\s*:\s*("(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*[,}]/;

/** The id of the message starting with `head`, or null when it cannot be read cheaply. */
export function frameId(head: string): string | number | null {
  let depth = 0;
  for (let index = 0; index < head.length; index += 1) {
    const char = head[index];
    if (char === '"') {
      const end = stringEnd(head, index);
      if (end === -1) return null;
      if (depth === 1 && head.slice(index, end + 1) === '"id"') {
        const value = VALUE.exec(head.slice(end + 1))?.[1];
        if (value !== undefined) return parsed(value);
      }
      index = end;
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return null;
}

/** Index of the quote that closes the string opening at `start`; -1 when it runs past the head. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"') return index;
  }
  return -1;
}

function parsed(value: string): string | number | null {
  try {
    const id: unknown = JSON.parse(value);
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  } catch {
    return null;
  }
}
