import { REALTIME_CLOSE } from '@royal/shared';
import type { FastifyInstance } from 'fastify';

/**
 * What @fastify/websocket does with open sockets when the app closes (its `preClose` option). Its
 * own default closes them without a code, before the realtime hub's hook runs, and a client could not
 * tell a shutdown from a broken network. Every socket is told REALTIME_CLOSE.goingAway instead:
 * reconnect (the proxy sends it to another instance), then ask for what was missed (decision 064).
 */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void) {
  for (const client of this.websocketServer.clients)
    client.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
  this.websocketServer.close();
  done();
}
