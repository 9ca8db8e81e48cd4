/**
 * Realtime fan-out between API instances. Events are published after their transaction commits;
 * every instance delivers what it receives to its own WebSocket clients.
 */
export type BusMessage = { userIds: readonly string[]; event: { type: string; payload: unknown } };

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
