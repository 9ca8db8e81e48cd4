import { isIP, type Socket } from 'node:net';
import { ErrorCode } from '@royal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConnectionLimits } from '../config';
import { answerAndClose } from './errors';

/**
 * The address a connection limit counts by: an IPv4 address (also written IPv4-mapped), or an IPv6
 * address's /64, which is what one subscriber gets (a client holding a /64 would otherwise be
 * 2^64 clients).
 */
export function connectionKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const plain = address.split('%')[0] ?? address;
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * At most `limits.perAddress` open connections from one address (connectionKey) — HTTP and
 * WebSocket alike — so that one client cannot hold the process's file descriptors. A connection
 * over the limit is answered 429 at once and closed. Connections from our own proxies (TRUST_PROXY)
 * are not counted: each carries many clients, and the proxy is where such a limit belongs then.
 */
function limitConnectionsPerAddress(
  app: FastifyInstance,
  perAddress: number,
  isTrustedProxy: (address: string) => boolean,
) {
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const key = connectionKey(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > perAddress) {
      answerAndClose(socket, ErrorCode.RATE_LIMITED, 'Too many open connections from this address');
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** A connection's own socket (an injected request's stand-in has no bytes to count). */
const isNetworkSocket = (socket: Socket | undefined): socket is Socket =>
  typeof socket?.bytesRead === 'number';

/**
 * A request's body must keep coming: after `bodyGraceMs` it must have arrived at
 * `minBodyBytesPerSecond` on average, or the request is answered 408 (REQUEST_TIMEOUT) and its
 * connection closed — as a body of one byte every ten seconds would hold a connection for as long as
 * its length allows. A rate, not a deadline, so that a photo on a slow phone connection still gets
 * through (Node's requestTimeout, app.ts, is the far ceiling). The grace also covers a moment in
 * which the server itself has not read on (a body waits, unread, while its route's hooks run).
 */
function watchBodyPace(app: FastifyInstance, graceMs: number, bytesPerSecond: number) {
  app.addHook('onRequest', (request, _reply, done) => {
    const { raw } = request;
    const socket = raw.socket;
    if (hasBody(request) && isNetworkSocket(socket)) {
      const started = Date.now();
      const readBefore = socket.bytesRead;
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        if (raw.complete || socket.destroyed) return;
        const due = started + graceMs + ((socket.bytesRead - readBefore) / bytesPerSecond) * 1000;
        if (Date.now() >= due) answerAndClose(socket, ErrorCode.REQUEST_TIMEOUT);
        else timer = setTimeout(check, due - Date.now());
      };
      // Until the body has been read, or the connection is gone (listeners taken off again: a
      // kept-alive connection carries many requests).
      const stop = () => {
        clearTimeout(timer);
        raw.off('end', stop);
        socket.off('close', stop);
      };
      timer = setTimeout(check, graceMs);
      raw.once('end', stop);
      socket.once('close', stop);
    }
    done();
  });
}

/**
 * What a client may hold without making the requests the rate limits count (docs/decisions/030):
 * connections per address and the pace of request bodies. Node's own timeouts (headers, the whole
 * request, an idle connection) are set where the server is made (app.ts).
 */
export function registerConnectionLimits(
  app: FastifyInstance,
  limits: ConnectionLimits,
  isTrustedProxy: (address: string) => boolean,
) {
  limitConnectionsPerAddress(app, limits.perAddress, isTrustedProxy);
  watchBodyPace(app, limits.bodyGraceMs, limits.minBodyBytesPerSecond);
}
