import type { BusMessage, EventBus } from './types';

/** One process, no network: the zero-config default. */
export function createMemoryBus(): EventBus {
  const handlers = new Set<(message: BusMessage) => void>();
  return {
    kind: 'memory',
    async publish(message) {
      for (const handler of handlers) handler(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async ping() {
      return true;
    },
    isUp() {
      return true;
    },
    // One process: no subscription to lose.
    onResubscribed() {
      return () => {};
    },
    lastBreak() {
      return null;
    },
    async close() {
      handlers.clear();
    },
  };
}
