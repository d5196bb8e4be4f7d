/** Reads and edits the servers map of one config file's text; every edit is local to one entry. */
export interface ConfigEditor {
  /** The map of server names to entries; `undefined` when the file has none. */
  servers(text: string): Record<string, unknown> | undefined;
  set(text: string, name: string, entry: Record<string, unknown>): string;
  remove(text: string, name: string): string;
}
