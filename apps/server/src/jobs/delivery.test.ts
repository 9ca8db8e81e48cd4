import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE, type SocketFrame, socketFrameSchema } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, TEST_ORIGIN, testConfig } from '../../test/app';
import { onPostgres, openTestDatabase } from '../../test/database';
import { matchedPair } from '../../test/discovery';
import { signedInMember } from '../../test/factories';
import type { EventBus } from '../adapters/bus';
import { createMemoryBus } from '../adapters/bus/memory';
import { createRedisBus } from '../adapters/bus/redis';
import { createMemoryStorage } from '../adapters/storage/memory';
import { type App, buildApp } from '../app';
import type { AppConfig } from '../config';
import { matches, outboxEmails, outboxEvents } from '../db/schema';
import type { DisposableDatabase } from '../db/scratch';
import { UNIT_AFTER_COMMIT } from '../db/transaction';
import { MAIL_MAX_ATTEMPTS, queueEmail } from '../modules/mail';
import type { QueuedEmail } from '../ports/mail';
import { deliverOnce, startDeliveryWorker } from './delivery';

// Durable events and e-mails (decision 034) with three API instances on one database: `dying` stops
// for good right after a unit of work commits (TEST_PAUSE_AT, as a process SIGKILLed there would:
// its events are committed and never published), `a` and `b` run the delivery worker's passes side
// by side. With TEST_REDIS_URL each instance has its own Redis bus, as three servers would.
const redisUrl = process.env.TEST_REDIS_URL;

describe(`a process that dies between COMMIT and publish (${redisUrl ? 'Redis' : 'in-process'} bus)`, () => {
  let database: DisposableDatabase;
  const buses: EventBus[] = [];
  const sent: Array<QueuedEmail & { by: string }> = [];
  let refuseMail = false;
  /** While set, a hand-over waits on it (a transport that does not answer). */
  let holdMail: Promise<void> | undefined;
  const handedOver: string[] = [];
  let dying: App;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await openTestDatabase();
    const shared = createMemoryBus();
    const prefix = `rc-test:${randomUUID()}:`;
    const instance = async (name: string, config: Partial<AppConfig> = {}) => {
      const bus = redisUrl ? await createRedisBus(redisUrl, prefix) : shared;
      buses.push(bus);
      const app = await buildApp(testConfig(config), {
        storage: createMemoryStorage(),
        logger: false,
        jobs: false,
        database,
        bus,
        mailTransport: {
          kind: 'recording',
          async send(email) {
            handedOver.push(email.to);
            await holdMail;
            if (refuseMail) throw new Error('SMTP says no');
            sent.push({ ...email, by: name });
          },
        },
      });
      await app.ready();
      return app;
    };
    dying = await instance('dying', { testPauseAt: UNIT_AFTER_COMMIT });
    a = await instance('a');
    b = await instance('b');
  });
  afterAll(async () => {
    for (const app of [dying, a, b]) await app?.close();
    await Promise.all([...new Set(buses)].map((bus) => bus.close()));
    await database?.dispose();
  });

  /** A member's socket on an instance, keeping every event frame it receives. */
  async function listen(app: App, session: Session) {
    const frames: SocketFrame[] = [];
    const socket = await app.injectWS(
      '/api/realtime',
      { headers: { host: 'localhost', cookie: session.cookie, origin: TEST_ORIGIN } } as never,
      {
        onInit: (ws) =>
          ws.on('message', (data) => frames.push(socketFrameSchema.parse(JSON.parse(data.toString())))),
      },
    );
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    return { frames, closed, close: () => socket.terminate() };
  }

  /** Runs `act` on the dying instance, and waits until it has committed what it will never publish. */
  async function strandedBy(act: () => Promise<unknown>) {
    // The rows of the live instances' own units are gone first (they delete theirs after the reply).
    await Promise.all([a.ctx.units.outbox.settled(), b.ctx.units.outbox.settled()]);
    expect(await a.ctx.db.select().from(outboxEvents)).toEqual([]);
    void act();
    const deadline = Date.now() + 10_000;
    while ((await a.ctx.db.select().from(outboxEvents)).length === 0) {
      if (Date.now() > deadline) throw new Error('the dying instance committed nothing');
      await new Promise((r) => setTimeout(r, 20));
    }
    // As old as rows a dead process left: the worker takes them.
    await a.ctx.db.execute(sql`update ${outboxEvents} set created_at = created_at - interval '1 minute'`);
  }

  /** Both live instances' worker passes at the same moment, then a second round that finds nothing. */
  async function deliverSideBySide() {
    const first = await Promise.all([deliverOnce(a.ctx), deliverOnce(b.ctx)]);
    const again = await Promise.all([deliverOnce(a.ctx), deliverOnce(b.ctx)]);
    expect(again.map((pass) => pass.events)).toEqual([0, 0]);
    // Redis hands the events to the sockets a moment later.
    await new Promise((r) => setTimeout(r, redisUrl ? 200 : 20));
    return first.reduce((sum, pass) => sum + pass.events, 0);
  }

  const ofType = (frames: SocketFrame[], type: SocketFrame['type']) => frames.filter((f) => f.type === type);

  it('delivers a message sent just before the crash once: the receiver’s notice and message.created', async () => {
    const { him, her, matchId } = await matchedPair(a);
    const hers = await listen(b, her.session);
    try {
      const id = randomUUID();
      await strandedBy(() =>
        request(dying, 'POST', `/api/matches/${matchId}/messages`, {
          session: him.session,
          body: { id, content: 'Before the crash' },
        }),
      );
      expect(ofType(hers.frames, 'message.created')).toEqual([]);

      expect(await deliverSideBySide()).toBe(1);
      const [created, ...moreCreated] = ofType(hers.frames, 'message.created');
      const [notice, ...moreNotices] = ofType(hers.frames, 'notification.created');
      expect(moreCreated).toEqual([]);
      expect(moreNotices).toEqual([]);
      expect(created).toMatchObject({
        payload: { id, content: 'Before the crash', sender_id: him.member.id, match_id: matchId },
      });
      expect(notice).toMatchObject({
        payload: { type: 'message', message: `${him.member.name} sent you a message` },
      });
      // The ids the instance that died would have given them: its row's, in the order it raised them.
      expect([
        notice?.type === 'notification.created' && notice.id,
        created?.type === 'message.created' && created.id,
      ]).toEqual([expect.stringMatching(/^\d+\.0$/), expect.stringMatching(/^\d+\.1$/)]);
    } finally {
      hers.close();
    }
  });

  it('delivers a match made just before the crash once: match.created and the match notice to both', async () => {
    const him = await signedInMember(a, { tier: 2, name: 'Matteo', userType: 'men' });
    const her = await signedInMember(a, { tier: 2, name: 'Sofia', userType: 'women' });
    const like = (app: App, session: Session, target_id: string) =>
      request(app, 'POST', '/api/swipes', { session, body: { target_id, direction: 'right' } });
    const his = await listen(a, him.session);
    const hers = await listen(b, her.session);
    try {
      // His like reaches her socket through the bus a moment after its reply: the frames are counted
      // from once it has (a socket opened after the reply could still receive it, CI on 347cf4b).
      expect((await like(a, him.session, her.member.id)).statusCode).toBe(200);
      await expect.poll(() => ofType(hers.frames, 'notification.created').length, { timeout: 5_000 }).toBe(1);
      his.frames.length = 0;
      hers.frames.length = 0;
      await strandedBy(() => like(dying, her.session, him.member.id));
      const [match] = await a.ctx.db
        .select({ id: matches.id })
        .from(matches)
        .where(eq(matches.user1Id, [him.member.id, her.member.id].sort()[0] as string));
      expect(match).toBeDefined();
      expect(await deliverSideBySide()).toBe(1);
      for (const [frames, other] of [
        [his.frames, her.member],
        [hers.frames, him.member],
      ] as const) {
        expect(ofType(frames, 'match.created')).toEqual([
          expect.objectContaining({
            payload: expect.objectContaining({
              id: match?.id,
              member: expect.objectContaining({ id: other.id }),
            }),
          }),
        ]);
        expect(ofType(frames, 'notification.created')).toEqual([
          expect.objectContaining({
            payload: expect.objectContaining({ type: 'match', title: "It's a Match!" }),
          }),
        ]);
      }
    } finally {
      his.close();
      hers.close();
    }
  });

  it('closes a signed-out member’s sockets on every instance, even when the sign-out’s message was lost', async () => {
    const { session } = await signedInMember(a, { tier: 1 });
    const tab = await listen(b, session);
    const closedAt = tab.closed.then((code) => ({ code, at: Date.now() }));
    await Promise.all([a.ctx.units.outbox.settled(), b.ctx.units.outbox.settled()]);
    // Instance a cannot reach the bus as the member signs out (it might as well have died).
    const publish = a.ctx.bus.publish;
    a.ctx.bus.publish = async () => {
      throw new Error('Redis is down');
    };
    try {
      expect(
        (await request(a, 'POST', '/api/auth/sign-out', { session, body: { scope: 'local' } })).statusCode,
      ).toBe(204);
    } finally {
      a.ctx.bus.publish = publish;
    }
    const [kept] = await a.ctx.db.select().from(outboxEvents);
    expect(kept?.body).toEqual([{ kind: 'actor.invalidate', userIds: [session.userId] }]);
    await a.ctx.db.execute(sql`update ${outboxEvents} set created_at = created_at - interval '1 minute'`);
    const relayedAt = Date.now();
    expect(await deliverSideBySide()).toBe(1);
    expect(await closedAt).toEqual({ code: REALTIME_CLOSE.unauthenticated, at: expect.any(Number) });
    expect((await closedAt).at).toBeGreaterThanOrEqual(relayedAt);
  });

  it('hands each queued e-mail to the transport once, with two instances sending side by side', async () => {
    const addresses = Array.from({ length: 30 }, () => `${randomUUID()}@mail.test`);
    for (const to of addresses) await queueEmail(a.ctx.db, { to, subject: 'Welcome', text: 'Hello' });
    sent.length = 0;
    await Promise.all([deliverOnce(a.ctx), deliverOnce(b.ctx), deliverOnce(a.ctx), deliverOnce(b.ctx)]);
    await Promise.all([deliverOnce(a.ctx), deliverOnce(b.ctx)]);
    expect(sent.map((email) => email.to).sort()).toEqual([...addresses].sort());
    const rows = await a.ctx.db.select().from(outboxEmails);
    for (const row of rows.filter((r) => addresses.includes(r.toAddress))) {
      expect(row).toMatchObject({ status: 'sent', attempts: 0, error: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('tries a refused e-mail again later, and gives it up after its last attempt', async () => {
    const to = `${randomUUID()}@mail.test`;
    await queueEmail(a.ctx.db, { to, subject: 'Welcome', text: 'Hello' });
    const row = async () =>
      (await a.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)))[0];
    refuseMail = true;
    try {
      await deliverOnce(a.ctx);
      expect(await row()).toMatchObject({ status: 'queued', attempts: 1, error: 'SMTP says no' });
      // Not again before its time.
      await deliverOnce(b.ctx);
      expect(await row()).toMatchObject({ attempts: 1 });
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
        await a.ctx.db
          .update(outboxEmails)
          .set({ nextAttemptAt: new Date(0) })
          .where(eq(outboxEmails.toAddress, to));
        await deliverOnce(a.ctx);
      }
      expect(await row()).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    } finally {
      refuseMail = false;
    }
    await a.ctx.db
      .update(outboxEmails)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxEmails.toAddress, to));
    await deliverOnce(a.ctx);
    expect(sent.filter((email) => email.to === to)).toEqual([]);
  });

  /** Waits until `done` holds, or fails after `ms`. */
  async function eventually(done: () => Promise<boolean> | boolean, ms = 5_000) {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('not within the time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A row a dead process left: an actor.invalidate for nobody, old enough for the worker. */
  async function strandedRow() {
    const [row] = await a.ctx.db
      .insert(outboxEvents)
      .values({
        recipe: 'messages',
        body: [{ kind: 'actor.invalidate', userIds: [randomUUID()] }],
        createdAt: sql`now() - interval '1 minute'`,
      })
      .returning({ id: outboxEvents.id });
    const gone = async () =>
      (
        await a.ctx.db
          .select()
          .from(outboxEvents)
          .where(eq(outboxEvents.id, row?.id ?? 0))
      ).length === 0;
    return { gone };
  }

  it('gives up a hand-over the transport does not answer, as a refusal tried again later', async () => {
    const to = `${randomUUID()}@mail.test`;
    await queueEmail(a.ctx.db, { to, subject: 'Welcome', text: 'Hello' });
    holdMail = new Promise(() => {});
    const worker = startDeliveryWorker(a.ctx, a.log, { firstPassAfterMs: 0, mailSendTimeoutMs: 200 });
    try {
      const row = async () =>
        (await a.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)))[0];
      await eventually(async () => (await row())?.attempts === 1);
      expect(await row()).toMatchObject({ status: 'queued', error: expect.stringMatching(/did not answer/) });
    } finally {
      holdMail = undefined;
      await worker.stop();
    }
  });

  // On PGlite a hand-over holds the one connection until it ends, so only its timeout bounds it.
  it.skipIf(!onPostgres)(
    'keeps relaying events while a hand-over to the transport is under way',
    async () => {
      const to = `${randomUUID()}@mail.test`;
      await queueEmail(a.ctx.db, { to, subject: 'Welcome', text: 'Hello' });
      let answer = () => {};
      holdMail = new Promise((resolve) => {
        answer = resolve;
      });
      const worker = startDeliveryWorker(a.ctx, a.log, { firstPassAfterMs: 0, intervalMs: 50 });
      try {
        await eventually(() => handedOver.includes(to));
        const row = await strandedRow();
        await eventually(row.gone, 3_000);
      } finally {
        answer();
        holdMail = undefined;
        await worker.stop();
      }
    },
  );
});
