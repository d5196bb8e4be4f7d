import type { CliTools } from '../call/cli-tools.js';
import { listTools } from './tool-list.js';

/**
 * The tools a server answers with, read at each request: a reload replaces them (the background runs stay
 * the same registry), and calls in flight keep the tool they started on.
 */
export interface ServedTools {
  current(): CliTools;
  /** Calls `listener` each time a reload changes what `tools/list` shows; returns what stops it. */
  onListChanged(listener: () => void): () => void;
  /** Tells the listeners that what `tools/list` shows changed (a tree read as asked was read whole). */
  listChanged(): void;
}

/** The tools and the listeners told when a reload changes what `tools/list` shows. */
export function servedTools(first: CliTools): ServedTools & { replace(next: CliTools): boolean } {
  let current = first;
  const listeners = new Set<() => void>();
  const listChanged = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    current: () => current,
    onListChanged(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listChanged,
    replace(next) {
      const before = JSON.stringify(listTools(current));
      current = next;
      // A rebuilt program whose list reads the same is no news to clients.
      if (JSON.stringify(listTools(next)) === before) return false;
      listChanged();
      return true;
    },
  };
}
