import { distanceWithin } from '../messages.js';

/** How a requested tool name matched the names on offer. */
export type ResolvedToolName =
  | { kind: 'exact'; name: string }
  | { kind: 'resolved'; name: string }
  | { kind: 'unknown'; suggestions: string[] };

/** Most names suggested for an unknown tool (an ambiguous spelling lists all its candidates). */
const MAX_SUGGESTIONS = 3;

/**
 * Finds the tool a client asked for.
 *
 * 1. An exact match wins.
 * 2. Otherwise both sides are normalised: lower case, every run of characters outside `[a-z0-9]`
 *    (`.`, `/`, space, `:`, `-`, `_`, …) becomes one `_`, and `_` at either end is dropped. So
 *    `kubectl.get.pods`, `kubectl get pods` and `Kubectl_Get_Pods` all resolve to `kubectl_get_pods`,
 *    but only when exactly one name normalises the same; several give `unknown` with those as suggestions.
 * 3. Otherwise `unknown`, suggesting up to three names, in tool order: those ending with the
 *    requested words (`get_pods` → `kubectl_get_pods`); when there are none, the closest by
 *    Damerau-Levenshtein distance, at most a third of the requested length (at least 1), measured
 *    against the whole name or any of its word suffixes (`get_pod` → `kubectl_get_pods`); only
 *    those at the smallest distance are kept. A suggestion is never called: the model picks.
 * @example resolveToolName('kubectl get pods', ['kubectl_get_pods']) // { kind: 'resolved', name: 'kubectl_get_pods' }
 */
export function resolveToolName(requested: string, names: readonly string[]): ResolvedToolName {
  if (names.includes(requested)) return { kind: 'exact', name: requested };
  const wanted = normaliseToolName(requested);
  if (wanted === '') return { kind: 'unknown', suggestions: [] };
  const same = names.filter((name) => normaliseToolName(name) === wanted);
  const [only] = same;
  if (only !== undefined && same.length === 1) return { kind: 'resolved', name: only };
  if (same.length > 1) return { kind: 'unknown', suggestions: same };
  return { kind: 'unknown', suggestions: suggest(wanted, names) };
}

/**
 * `Unknown tool "x".`, followed by `Did you mean "a", "b" or "c"?` when there are suggestions.
 * The requested name is quoted as JSON (and cut when long), so the message stays one line.
 */
export function unknownToolMessage(requested: string, suggestions: readonly string[]): string {
  const quoted = JSON.stringify(requested.length > 80 ? `${requested.slice(0, 77)}...` : requested);
  const head = `Unknown tool ${quoted}.`;
  if (suggestions.length === 0) return head;
  const names = suggestions.map((name) => JSON.stringify(name));
  const last = names.pop();
  const list = names.length > 0 ? `${names.join(', ')} or ${last}` : last;
  return `${head} Did you mean ${list}?`;
}

/** The form names are compared in: lower case, words joined by single `_`. */
export function normaliseToolName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function suggest(wanted: string, names: readonly string[]): string[] {
  const forms = names.map((name) => wordSuffixes(normaliseToolName(name)));
  // A name ending with the requested words is almost surely the one meant; typos would be noise.
  const suffixed = names.filter((_, index) => forms[index]?.slice(1).includes(wanted));
  if (suffixed.length > 0) return suffixed.slice(0, MAX_SUGGESTIONS);
  let best = Math.max(1, Math.floor(wanted.length / 3));
  let closest: string[] = [];
  names.forEach((name, index) => {
    const distance = Math.min(...(forms[index] ?? []).map((form) => distanceWithin(wanted, form, best)));
    if (distance < best) [best, closest] = [distance, [name]];
    else if (distance === best) closest.push(name);
  });
  return closest.slice(0, MAX_SUGGESTIONS);
}

/** `a_b_c` → `['a_b_c', 'b_c', 'c']`. */
function wordSuffixes(normalised: string): string[] {
  const words = normalised.split('_');
  return words.map((_, index) => words.slice(index).join('_'));
}
