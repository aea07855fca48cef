import type { Bus, BusMessage, ConsumerHealth, Subscription } from './bus';

/**
 * Embedded-mode bus. `publish` resolves only after every subscribed group has committed the event, so the
 * relay marks an outbox row sent only once it has been applied everywhere: a crash in between leaves the row
 * unsent and it is delivered again (consumers de-duplicate by event id). Nothing is held only in memory.
 */
export class InProcessBus implements Bus {
  readonly kind = 'in-process' as const;
  private readonly subscriptions: Subscription[] = [];
  private closed = false;
  private gate: Promise<void> | null = null;
  private release: (() => void) | null = null;

  /**
   * `held`: nothing is published until `open()`. The bus keeps no history, so a service's relay that sends the
   * rows a crash left unsent before another service has subscribed would mark them sent unheard by it (the fault
   * run lost stock events so: sales started before inventory). The embedded runner opens it once every service
   * has subscribed.
   */
  constructor(options: { held?: boolean } = {}) {
    if (options.held) this.gate = new Promise((resolve) => (this.release = resolve));
  }

  /** Lets the publishes waiting on a held bus through. */
  open(): void {
    this.release?.();
    this.release = null;
    this.gate = null;
  }

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    if (this.gate) await this.gate;
    if (this.closed) throw new Error('bus closed');
    // each group gets its events of the batch in order, as one delivery where it takes them so; the groups are
    // independent of each other (as Kafka's are)
    for (const sub of this.subscriptions) {
      const mine = messages.filter((m) => sub.topics.includes(m.topic)).map((m) => m.envelope);
      if (mine.length === 0) continue;
      if (sub.handleBatch) await sub.handleBatch(mine);
      else for (const envelope of mine) await sub.handle(envelope);
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    if (this.subscriptions.some((s) => s.groupId === subscription.groupId)) {
      throw new Error(`group ${subscription.groupId} already subscribed`);
    }
    this.subscriptions.push(subscription);
  }

  /** A group here runs inside `publish` itself: nothing waits for it (the outbox holds what is unsent). */
  health(groupId: string): ConsumerHealth | null {
    return this.subscriptions.some((s) => s.groupId === groupId)
      ? { state: 'running', lag: 0, lastError: null }
      : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscriptions.length = 0;
    this.open(); // a publish waiting on the gate now fails: the bus is closed
  }
}
