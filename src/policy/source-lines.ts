import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

/** A parsed YAML (or JSON) text and the line of any path inside it. */
export interface SourceText {
  /** The document's value, or the first syntax error. */
  readonly parsed: { readonly value: unknown } | { readonly error: string; readonly line: number; readonly column: number };
  /**
   * The line of the value at `path`; of its key when the path ends in a key that is there, and of the
   * nearest enclosing value when the path leads nowhere (a missing key: the object that lacks it).
   */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

/** Parses YAML 1.2 (JSON included), keeping positions: duplicate keys and several documents are errors. */
export function parseSource(text: string): SourceText {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const lineAt = (offset: number): number => counter.linePos(offset).line;
  const first = document.errors[0];
  if (first) {
    const { line, col } = counter.linePos(first.pos[0]);
    return { parsed: { error: first.message, line, column: col }, lineOf: () => undefined };
  }
  return {
    parsed: { value: document.toJS() as unknown },
    lineOf: (path) => {
      const offset = offsetOf(document, path);
      return offset === undefined ? undefined : lineAt(offset);
    },
  };
}

function offsetOf(document: Document, path: readonly PropertyKey[]): number | undefined {
  let node = resolved(document, document.contents);
  let offset = node?.range?.[0];
  for (const [index, key] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === key);
      if (!pair) break;
      const keyNode = isScalar(pair.key) ? pair.key : undefined;
      // The last step names a key: point at the key itself, which is there even when its value is empty.
      if (index === path.length - 1 && keyNode?.range) return keyNode.range[0];
      node = resolved(document, pair.value as Node | null);
    } else if (isSeq(node) && typeof key === 'number') {
      node = resolved(document, node.items[key] as Node | undefined);
    } else break;
    if (!node?.range) break;
    offset = node.range[0];
  }
  return offset;
}

function resolved(document: Document, node: Node | null | undefined): Node | undefined {
  if (!node) return undefined;
  return isAlias(node) ? (node.resolve(document) as Node | undefined) : node;
}
