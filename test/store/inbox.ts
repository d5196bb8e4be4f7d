import { setTimeout as sleep } from 'node:timers/promises';

/** What one subscription received, in order, and a way to wait for a message. */
export interface Inbox {
  readonly messages: string[];
  readonly handler: (message: string) => void;
  /** Resolves once `message` has arrived; rejects after `withinMs` naming what did arrive. */
  received(message: string, withinMs?: number): Promise<void>;
}

export function inbox(): Inbox {
  const messages: string[] = [];
  return {
    messages,
    handler: (message) => {
      messages.push(message);
    },
    async received(message, withinMs = 2000) {
      const started = performance.now();
      while (!messages.includes(message)) {
        if (performance.now() - started > withinMs) throw new Error(`${JSON.stringify(message)} did not arrive within ${withinMs} ms; got ${JSON.stringify(messages)}`);
        await sleep(5);
      }
    },
  };
}
