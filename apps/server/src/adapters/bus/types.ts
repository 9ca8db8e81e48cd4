import type { ServerEvent } from '@royal/shared';

/**
 * What travels between API instances. `deliver` carries a typed server event to the named members'
 * open connections; `actor.invalidate` makes every instance forget its cached actors of those
 * members at once (sign-out, role, tier, subscription, visibility or profile changes). Both are
 * published only after the transaction that caused them commits.
 */
export type BusMessage =
  | {
      kind: 'deliver';
      userIds: readonly string[];
      event: ServerEvent;
      /**
       * Each recipient's position of a durable event in their realtime stream (decision 064), set
       * when the event was logged just before publishing; the hub hands each member their own.
       */
      positions?: Readonly<Record<string, number>>;
    }
  | { kind: 'actor.invalidate'; userIds: readonly string[] };

export type BusBreak = { from: Date; to: Date };

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Sends `message` to every instance. This instance's own subscribers have it before the promise
   * settles, even when the publish fails (the other instances then get it from the delivery worker).
   */
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  ping(): Promise<boolean>;
  /**
   * Whether a publish can reach the other instances now (without a round trip). The delivery
   * worker waits while it cannot, instead of failing a pass a second (decision 064).
   */
  isUp(): boolean;
  /**
   * `handler` runs each time this instance's subscription comes back after a break (Redis
   * restarted, the connection dropped): events the other instances published meanwhile passed it
   * by, so the realtime hub has its members catch up from their positions (decision 064).
   */
  onResubscribed(handler: () => void): () => void;
  /**
   * This instance's last break of its subscription that has ended: from when it was lost to when it
   * was back, or null. A member resuming soon after is also given what was logged during it
   * (realtime positions.ts): an event another instance could not publish then is relayed later,
   * under the position it was logged with, which may be older than positions the member saw since.
   */
  lastBreak(): BusBreak | null;
  close(): Promise<void>;
}
