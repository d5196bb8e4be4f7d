/** One call of `subscribe`: the same handler subscribed twice is two subscriptions, each stopped on its own. */
export interface Subscription {
  readonly handler: (message: string) => void;
  /** False once stopped: a message already on its way is dropped. */
  active: boolean;
}

/** The subscriptions of one store, by channel. */
export class Subscribers {
  private readonly channels = new Map<string, Set<Subscription>>();

  add(channel: string, handler: (message: string) => void): Subscription {
    const subscription: Subscription = { handler, active: true };
    const listening = this.channels.get(channel) ?? new Set<Subscription>();
    this.channels.set(channel, listening.add(subscription));
    return subscription;
  }

  /** Stops `subscription`; true when that left `channel` with nobody listening. */
  remove(channel: string, subscription: Subscription): boolean {
    subscription.active = false;
    const listening = this.channels.get(channel);
    if (!listening?.delete(subscription) || listening.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  has(channel: string): boolean {
    return this.channels.has(channel);
  }

  /** Every channel somebody listens on. */
  names(): string[] {
    return [...this.channels.keys()];
  }

  /** Who a message published now reaches: later subscriptions do not get it. */
  reached(channel: string): Subscription[] {
    return [...(this.channels.get(channel) ?? [])];
  }

  /** Stops every subscription. */
  clear(): void {
    for (const listening of this.channels.values()) for (const subscription of listening) subscription.active = false;
    this.channels.clear();
  }
}

/** Hands `message` to each subscription still active; one that throws is reported as a warning and the others still get it. */
export function deliver(subscriptions: readonly Subscription[], channel: string, message: string): void {
  for (const subscription of subscriptions) {
    if (!subscription.active) continue;
    try {
      subscription.handler(message);
    } catch (error) {
      process.emitWarning(`a subscriber of the shared-store channel ${JSON.stringify(channel)} threw: ${error instanceof Error ? error.message : String(error)}`, 'CliMcpWarning');
    }
  }
}
