import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useCountedApp } from '../../../test/app';
import { addPhoto } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { expectLedgerConsistent, fundWallet, moneyPost, newKey } from '../../../test/money';
import type { BusMessage } from '../../adapters/bus';
import { notifications, outboxEvents, profiles } from '../../db/schema';
import { collectingWork } from '../../db/transaction';
import { transferEventsRecipe } from './transfer';
import { TRANSFER_EVENTS_RECIPE } from './transfer-statement';

// What a transfer costs the database (decision 067): the member's session, the transfer statement
// (record_transfer: key, checks, guardrails, entry, wallets, notice and its outbox row, one durable
// commit, returning what the notice is announced with), and, for a delivered one, its event's
// position in the receiver's realtime stream (decision 064), after the commit. A change that adds a
// round trip to the hot path shows here before it shows in `npm run bench:wallet`.

const counted = useCountedApp();

async function pair() {
  const sender = await signedInMember(counted.app, { tier: 2 });
  const receiver = await signedInMember(counted.app, { tier: 2 });
  await fundWallet(counted.app, sender.member.id, 10_000);
  // A session's first request also notes the member's activity (once a minute): not counted here.
  expect((await request(counted.app, 'GET', '/api/wallet', { session: sender.session })).statusCode).toBe(
    200,
  );
  // Published outbox rows are deleted in batches, by a timer: done now, so that none is counted.
  await counted.app.ctx.units.outbox.settled();
  return { sender, receiver };
}

describe('statements of POST /api/wallet/transfers', () => {
  it('a delivered transfer: the session, one transfer statement, then its notice positioned', async () => {
    const { sender, receiver } = await pair();
    const events: BusMessage[] = [];
    const stop = counted.app.ctx.bus.subscribe((message) => events.push(message));
    counted.statements = 0;
    const res = await moneyPost(counted.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: 500,
    });
    const statements = counted.statements;
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(statements).toBe(3);
    // The notice went out after commit, with the id of the outbox row the statement wrote.
    const notices = events.flatMap((m) =>
      m.kind === 'deliver' && m.event.type === 'notification.created'
        ? [{ userIds: m.userIds, id: m.event.id }]
        : [],
    );
    expect(notices).toEqual([{ userIds: [receiver.member.id], id: expect.stringMatching(/^\d+\.0$/) }]);
    await expectLedgerConsistent(counted.app.ctx.db);
  });

  it('a refusal and a replayed key: the session and one statement each', async () => {
    const { sender, receiver } = await pair();
    const key = newKey();
    const body = { receiver_id: receiver.member.id, amount_cents: 20_000 };
    counted.statements = 0;
    const refused = await moneyPost(counted.app, '/api/wallet/transfers', sender.session, body, key);
    expect(refused.statusCode).toBe(422);
    expect(counted.statements, 'refused').toBe(2);
    counted.statements = 0;
    const again = await moneyPost(counted.app, '/api/wallet/transfers', sender.session, body, key);
    expect(again.body).toBe(refused.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(counted.statements, 'replayed').toBe(2);
  });

  it('leaves no outbox row once the notice is published', async () => {
    const { sender, receiver } = await pair();
    const res = await moneyPost(counted.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: 100,
    });
    expect(res.statusCode).toBe(200);
    await counted.app.ctx.units.outbox.settled();
    const rows = await counted.app.ctx.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.recipe, TRANSFER_EVENTS_RECIPE));
    expect(rows).toEqual([]);
  });

  it('records the notice by reference, for the delivery worker to rebuild if the process dies first', async () => {
    const { sender, receiver } = await pair();
    const res = await moneyPost(counted.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: 100,
    });
    expect(res.statusCode).toBe(200);
    const [notice] = await counted.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `transfer:${res.json().transfer.id}`));
    const rebuilt = collectingWork(counted.app.ctx.db);
    await transferEventsRecipe({ notification_ids: [notice?.id] }, rebuilt);
    expect(rebuilt.messages).toMatchObject([
      { kind: 'deliver', userIds: [receiver.member.id], event: { type: 'notification.created' } },
    ]);
  });

  // Announced from what the statement returned, the notice must still be the very item the
  // receiver's list shows: the sender's avatar by the list's rule, its text and its time.
  const liveNotice = async (prepare?: (sender: { member: { id: string } }) => Promise<unknown>) => {
    const { sender, receiver } = await pair();
    const photoId = await addPhoto(counted.app, sender.member.id);
    await prepare?.(sender);
    const events: BusMessage[] = [];
    const stop = counted.app.ctx.bus.subscribe((message) => events.push(message));
    const res = await moneyPost(counted.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: 250,
    });
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const [announced] = events.flatMap((m) =>
      m.kind === 'deliver' && m.event.type === 'notification.created' ? [m.event.payload] : [],
    );
    const listed = (
      await request(counted.app, 'GET', '/api/notifications', { session: receiver.session })
    ).json();
    return { announced, listed: listed.items[0], photoId };
  };

  it('announces the notice exactly as the receiver’s list shows it, the sender’s avatar included', async () => {
    const { announced, listed, photoId } = await liveNotice();
    expect(announced).toEqual(listed);
    expect(listed.actor.avatar).toContain(photoId);
    expect(listed.message).toContain('$2.50');
  });

  it('announces the notice without the avatar of a sender the receiver may not see', async () => {
    const { announced, listed } = await liveNotice((sender) =>
      counted.app.ctx.db
        .update(profiles)
        .set({ ghostMode: true })
        .where(eq(profiles.userId, sender.member.id)),
    );
    expect(announced).toMatchObject({ actor: { avatar: null } });
    expect(announced).toEqual(listed);
  });
});
