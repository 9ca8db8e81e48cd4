import type { ServerEvent } from '@royal/shared';

/**
 * What travels between API instances. `deliver` carries a typed server event to the named members'
 * open connections; `actor.invalidate` makes every instance forget its cached actors of those
 * members at once (sign-out, role, tier, subscription, visibility or profile changes). Both are
 * published only after the transaction that caused them commits.
 */
export type BusMessage =
  | { kind: 'deliver'; userIds: readonly string[]; event: ServerEvent }
  | { kind: 'actor.invalidate'; userIds: readonly string[] };

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
