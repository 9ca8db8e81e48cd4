import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, TEST_ORIGIN, testConfig } from '../../test/app';
import { signedInMember } from '../../test/factories';
import type { App } from '../app';
import { CONNECTION_LIMITS } from '../config';
import { connectionKey } from './connections';

/** A test app listening on a real port (these limits are about connections, which inject has none of). */
function useListeningApp(overrides: Parameters<typeof startTestApp>[0]) {
  const state = {} as { app: App; port: number; dispose: () => Promise<void> };
  beforeAll(async () => {
    const started = await startTestApp(overrides);
    const address = await started.app.listen({ host: '127.0.0.1', port: 0 });
    Object.assign(state, { app: started.app, port: Number(new URL(address).port), dispose: started.dispose });
  });
  afterAll(async () => {
    await state.dispose?.();
  });
  return state;
}

/** A raw connection from this address: what comes back, and how long after opening it was closed. */
async function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => Date.now() - started);
  await Promise.race([once(socket, 'connect'), closed]);
  return {
    socket,
    closed,
    status: () => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
    json: () => JSON.parse(received.slice(received.lastIndexOf('\r\n\r\n') + 4)),
    received: () => received,
  };
}

const isClosed = (closed: Promise<number>, withinMs: number) =>
  Promise.race([closed.then(() => true), sleep(withinMs).then(() => false)]);

const TIGHT = {
  ...CONNECTION_LIMITS,
  perAddress: 1_000,
  headersTimeoutMs: 800,
  requestTimeoutMs: 2_500,
  idleTimeoutMs: 4_000,
  bodyGraceMs: 600,
  minBodyBytesPerSecond: 1_000,
};

describe('how long a request may take to arrive (issue 31)', { timeout: 20_000 }, () => {
  const t = useListeningApp({ connections: TIGHT });

  it('answers a body that comes too slowly 408 and closes its connection', async () => {
    const client = await open(t.port);
    client.socket.write(
      'POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    // One byte every 200 ms: the probe's one byte every 10 s, quicker.
    const drip = setInterval(() => client.socket.write(' '), 200);
    try {
      expect(await isClosed(client.closed, 3_000)).toBe(true);
    } finally {
      clearInterval(drip);
    }
    expect(client.status()).toBe(408);
    expect(client.json()).toEqual({
      error: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive. Please try again.' },
    });
    // The server goes on answering others.
    expect((await fetch(`http://127.0.0.1:${t.port}/api/health/live`)).status).toBe(200);
  });

  it('reads a body that keeps its pace, however long it takes past the grace', async () => {
    const { session } = await signedInMember(t.app);
    const body = JSON.stringify({ dark_mode: false }).padEnd(3_000, ' ');
    const client = await open(t.port);
    client.socket.write(
      `PATCH /api/me/settings HTTP/1.1\r\nHost: localhost\r\nCookie: ${session.cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // 3 KB/s for a second: slower than the grace, faster than the pace.
    for (let at = 0; at < body.length; at += 300) {
      client.socket.write(body.slice(at, at + 300));
      await sleep(100);
    }
    await client.closed;
    expect(client.status()).toBe(200);
    expect(client.json()).toMatchObject({ dark_mode: false });
  });

  it('closes a connection on which no request comes', async () => {
    const client = await open(t.port);
    expect(await isClosed(client.closed, 4_000)).toBe(true);
    expect(client.status()).toBe(408);
  });

  it('keeps a kept-alive connection between requests, past those timeouts', async () => {
    const client = await open(t.port);
    const ask = 'GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n';
    client.socket.write(ask);
    await sleep(3_000);
    client.socket.write(ask);
    await sleep(300);
    expect(client.received().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(await isClosed(client.closed, 0)).toBe(false);
    client.socket.destroy();
  });

  it('leaves a WebSocket open however long it is quiet: it outlives every timeout', async () => {
    const { session } = await signedInMember(t.app);
    const socket = new WebSocket(`ws://127.0.0.1:${t.port}/api/realtime`, {
      headers: { cookie: session.cookie, origin: TEST_ORIGIN },
    });
    await once(socket, 'open');
    // Past the idle timeout (4 s), the whole request's (2.5 s) and Node's next look for either.
    await sleep(5_000);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.ping();
    await once(socket, 'pong');
    socket.close();
  });
});

describe('connections from one address (issue 31)', { timeout: 20_000 }, () => {
  const t = useListeningApp({
    connections: { ...CONNECTION_LIMITS, perAddress: 3 },
    rateLimits: { ...testConfig().rateLimits, apiPerAddressPerMinute: 1 },
  });

  it('are held to the limit: the next is answered 429 and closed, and a closed one frees its place', async () => {
    const held = [await open(t.port), await open(t.port), await open(t.port)];
    const over = await open(t.port);
    expect(await isClosed(over.closed, 1_000)).toBe(true);
    expect(over.status()).toBe(429);
    expect(over.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many open connections from this address' },
    });
    for (const client of held) expect(await isClosed(client.closed, 0)).toBe(false);

    held[0]?.socket.destroy();
    await held[0]?.closed;
    const again = await open(t.port);
    expect(await isClosed(again.closed, 300)).toBe(false);
    for (const client of [...held, again]) client.socket.destroy();
    await Promise.all([...held, again].map((client) => client.closed));
  });

  it('close after a 429, even with the body still to come', async () => {
    const client = await open(t.port);
    const settings =
      'PATCH /api/me/settings HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
    // The first is answered (401, signed out) and the connection kept; the second is past the limit.
    client.socket.write(`${settings}Content-Length: 2\r\n\r\n{}`);
    await sleep(300);
    expect(client.status()).toBe(401);
    client.socket.write(`${settings}Content-Length: 1000\r\n\r\n{`);
    expect(await isClosed(client.closed, 2_000)).toBe(true);
    expect(client.received()).toMatch(/HTTP\/1\.1 429[\s\S]*connection: close/i);
  });
});

describe('the address a connection counts against', () => {
  it('is an IPv4 address, however written, or an IPv6 /64', () => {
    expect(connectionKey('203.0.113.9')).toBe('203.0.113.9');
    expect(connectionKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(connectionKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(connectionKey('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(connectionKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(connectionKey('::1')).toBe('0:0:0:0::/64');
    expect(connectionKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
