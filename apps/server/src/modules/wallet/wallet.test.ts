import { randomUUID } from 'node:crypto';
import {
  MIN_DEPOSIT_TEXT,
  MIN_TRANSFER_TEXT,
  MIN_WITHDRAWAL_TEXT,
  RECEIVER_INVALID_TEXT,
  RECEIVER_REQUIRED_TEXT,
  RECEIVER_UNAVAILABLE_TEXT,
  ROMANCE_SCAM_WARNING_TEXT,
  TRANSFER_GUARD,
  TRANSFER_NOT_CANCELLABLE_TEXT,
  TRANSFER_SELF_TEXT,
} from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet, moneyPost, newKey } from '../../../test/money';
import {
  checkouts,
  idempotencyKeys,
  matches,
  notifications,
  peerTransfers,
  safetySettings,
  userBlocks,
} from '../../db/schema';
import { purgeIdempotencyKeys } from './idempotency';
import { releaseDueTransfers } from './release';

const t = useTestApp();

async function matchNow(a: string, b: string, createdAt = new Date()) {
  const [low, high] = [a, b].sort() as [string, string];
  await t.app.ctx.db.insert(matches).values({
    user1Id: low,
    user2Id: high,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 48 * 3_600_000),
  });
}

describe('the wallet', () => {
  it('shows the balance and the tier’s range, and refuses the signed-out', async () => {
    const { session } = await signedInMember(t.app, { tier: 2 });
    const res = await request(t.app, 'GET', '/api/wallet', { session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      balance_cents: 0,
      held_cents: 0,
      tier_level: 2,
      min_escrow_cents: 25000,
      max_escrow_cents: 75000,
    });
    expect((await request(t.app, 'GET', '/api/wallet')).statusCode).toBe(401);
  });
});

describe('deposits', () => {
  it('validate with the spec’s texts and require an Idempotency-Key', async () => {
    const { session } = await signedInMember(t.app, { tier: 1 });
    const noKey = await request(t.app, 'POST', '/api/wallet/deposits', {
      session,
      body: { amount_cents: 500 },
    });
    expect(noKey.statusCode).toBe(400);
    const small = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 50 });
    expect(small.json().error.message).toBe(MIN_DEPOSIT_TEXT);
    const text = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 'ten' });
    expect(text.json().error.message).toBe('Invalid amount');
    const fraction = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 100.5 });
    expect(fraction.json().error.message).toBe('Invalid amount');
  });

  it('are refused above the tier’s escrow maximum, with the reason', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    await fundWallet(t.app, member.id, 20000);
    const res = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 6000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'ESCROW_LIMIT',
      message: 'This deposit would take your balance above your tier’s escrow maximum of $250.00',
    });
  });

  it('count the deposits still open at the provider, so checkouts side by side cannot pass the maximum', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    const deposit = (cents: number) =>
      moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: cents });
    expect((await deposit(20000)).statusCode).toBe(200);
    // $200 is open at the provider: another $100 would make $300 of the $250 maximum.
    const second = await deposit(10000);
    expect(second.statusCode).toBe(422);
    expect(second.json().error).toEqual({
      code: 'ESCROW_LIMIT',
      message:
        'Your deposits waiting for payment ($200.00) and this one would take your balance above your tier’s escrow maximum of $250.00. Finish or cancel them first.',
    });
    expect((await deposit(5000)).statusCode).toBe(200);
    // A checkout that failed no longer counts.
    const [first] = await t.app.ctx.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.userId, member.id), eq(checkouts.amountCents, 20000)));
    const declined = await request(t.app, 'POST', `/api/payments/sandbox/checkouts/${first?.id}/complete`, {
      session,
      body: { outcome: 'decline' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await deposit(10000)).statusCode).toBe(200);
  });

  it('tell their owner alone whether the checkout is still open, paid or closed unpaid', async () => {
    const { session } = await signedInMember(t.app, { tier: 2 });
    const stranger = await signedInMember(t.app, { tier: 2 });
    const state = (id: string, who = session) =>
      request(t.app, 'GET', `/api/payments/checkouts/${id}`, { session: who });
    const open = (await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 1000 })).json();
    expect((await state(open.checkout_id)).json()).toEqual({ id: open.checkout_id, status: 'open' });
    await request(t.app, 'POST', `/api/payments/sandbox/checkouts/${open.checkout_id}/complete`, {
      session,
      body: { outcome: 'decline' },
    });
    expect((await state(open.checkout_id)).json().status).toBe('declined');
    expect((await state(open.checkout_id, stranger.session)).statusCode).toBe(404);
    expect((await request(t.app, 'GET', `/api/payments/checkouts/${open.checkout_id}`)).statusCode).toBe(401);
    expect((await state(randomUUID())).statusCode).toBe(404);
  });

  it('are refused on tier 0, which has no wallet', async () => {
    const { session } = await signedInMember(t.app, { tier: 0 });
    const res = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 1000 });
    expect(res.statusCode).toBe(403);
  });

  it('go through the TEST MODE checkout, credit once on Pay, and a repeated key returns the first reply', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 2 });
    const other = await signedInMember(t.app, { tier: 2 });
    const key = newKey();
    const first = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 12345 }, key);
    expect(first.statusCode).toBe(200);
    const { checkout_id, url } = first.json();
    expect(url).toBe(`http://localhost:3000/sandbox/checkout/${checkout_id}`);
    const again = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 12345 }, key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const changed = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 999 }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    // Another member's use of the same key is their own.
    const theirs = await moneyPost(t.app, '/api/wallet/deposits', other.session, { amount_cents: 999 }, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().checkout_id).not.toBe(checkout_id);

    // The page: only its owner sees it.
    const page = await request(t.app, 'GET', `/api/payments/sandbox/checkouts/${checkout_id}`, { session });
    expect(page.json()).toMatchObject({ purpose: 'deposit', amount_cents: 12345, status: 'open' });
    const stranger = await request(t.app, 'GET', `/api/payments/sandbox/checkouts/${checkout_id}`, {
      session: other.session,
    });
    expect(stranger.statusCode).toBe(404);
    const strangerPays = await request(
      t.app,
      'POST',
      `/api/payments/sandbox/checkouts/${checkout_id}/complete`,
      {
        session: other.session,
        body: { outcome: 'pay' },
      },
    );
    expect(strangerPays.statusCode).toBe(404);

    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 0, held: 0 });
    const pay = await request(t.app, 'POST', `/api/payments/sandbox/checkouts/${checkout_id}/complete`, {
      session,
      body: { outcome: 'pay' },
    });
    expect(pay.statusCode).toBe(200);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 12345, held: 0 });
    const payAgain = await request(t.app, 'POST', `/api/payments/sandbox/checkouts/${checkout_id}/complete`, {
      session,
      body: { outcome: 'pay' },
    });
    expect(payAgain.statusCode).toBe(409);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 12345, held: 0 });

    const history = await request(t.app, 'GET', '/api/wallet/transactions', { session });
    expect(history.json().items).toMatchObject([
      { amount_cents: 12345, transaction_type: 'deposit', status: 'completed' },
    ]);
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('credit nothing when declined or cancelled', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 2 });
    for (const outcome of ['decline', 'cancel'] as const) {
      const { checkout_id } = (
        await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 1000 })
      ).json();
      await request(t.app, 'POST', `/api/payments/sandbox/checkouts/${checkout_id}/complete`, {
        session,
        body: { outcome },
      });
      const page = await request(t.app, 'GET', `/api/payments/sandbox/checkouts/${checkout_id}`, { session });
      expect(page.json().status).toBe(outcome === 'decline' ? 'declined' : 'cancelled');
    }
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 0, held: 0 });
  });
});

describe('transfers', () => {
  it('move money between members once, seen by both, and notify the receiver', async () => {
    const sender = await signedInMember(t.app, { tier: 2, name: 'Sender' });
    const receiver = await signedInMember(t.app, { tier: 1 });
    await fundWallet(t.app, sender.member.id, 5000);
    const res = await moneyPost(t.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: 1500,
      transfer_type: 'gift',
      message: 'Dinner on me',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      transfer: {
        receiver_id: receiver.member.id,
        amount_cents: 1500,
        transfer_type: 'gift',
        status: 'completed',
      },
      new_balance_cents: 3500,
    });
    expect(await balanceOf(t.app.ctx.db, receiver.member.id)).toEqual({ balance: 1500, held: 0 });
    const theirs = (
      await request(t.app, 'GET', '/api/wallet/transactions', { session: receiver.session })
    ).json();
    expect(theirs.items[0]).toMatchObject({
      amount_cents: 1500,
      transaction_type: 'transfer',
      transfer_type: 'gift',
      message: 'Dinner on me',
      counterparty: { id: sender.member.id, name: 'Sender' },
    });
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, receiver.member.id));
    expect(told.map((n) => n.message)).toEqual(['Sender sent you $15.00 (Gift)']);
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('refuse bad input, oneself, unknown, blocked and tier-0 receivers, and overdrafts', async () => {
    const sender = await signedInMember(t.app, { tier: 2 });
    const blocked = await signedInMember(t.app, { tier: 2 });
    const observer = await signedInMember(t.app, { tier: 0 });
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: blocked.member.id, blockedId: sender.member.id });
    await fundWallet(t.app, sender.member.id, 1000);
    const send = (body: object) => moneyPost(t.app, '/api/wallet/transfers', sender.session, body);

    expect((await send({ amount_cents: 500 })).json().error.message).toBe(RECEIVER_REQUIRED_TEXT);
    expect((await send({ receiver_id: '', amount_cents: 500 })).json().error.message).toBe(
      RECEIVER_REQUIRED_TEXT,
    );
    expect((await send({ receiver_id: blocked.member.id, amount_cents: 99 })).json().error.message).toBe(
      MIN_TRANSFER_TEXT,
    );
    expect((await send({ receiver_id: sender.member.id, amount_cents: 500 })).json().error.message).toBe(
      TRANSFER_SELF_TEXT,
    );
    for (const id of [randomUUID(), blocked.member.id, observer.member.id]) {
      const res = await send({ receiver_id: id, amount_cents: 500 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(RECEIVER_UNAVAILABLE_TEXT);
    }
    expect((await send({ receiver_id: 'Isabella', amount_cents: 500 })).json().error.message).toBe(
      RECEIVER_INVALID_TEXT,
    );
    const receiver = await signedInMember(t.app, { tier: 1 });
    const over = await send({ receiver_id: receiver.member.id, amount_cents: 1001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('INSUFFICIENT_FUNDS');
    // Beyond the balance to a new match (a guarded transfer): the balance answers first, not the
    // romance-scam confirmation, which would only lead to the same refusal.
    await matchNow(sender.member.id, receiver.member.id);
    const guardedOver = await send({ receiver_id: receiver.member.id, amount_cents: 5000 });
    expect(guardedOver.statusCode).toBe(422);
    expect(guardedOver.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 1000, held: 0 });
    // A tier-0 sender has no wallet to send from.
    const fromObserver = await moneyPost(t.app, '/api/wallet/transfers', observer.session, {
      receiver_id: receiver.member.id,
      amount_cents: 500,
    });
    expect(fromObserver.statusCode).toBe(403);
  });

  it('refuse members the sender could not meet: above their tier unless matched, private or in ghost mode', async () => {
    const sender = await signedInMember(t.app, { tier: 1 });
    const above = await signedInMember(t.app, { tier: 4, name: 'Victoria' });
    const hidden = await signedInMember(t.app, { tier: 1 });
    const ghost = await signedInMember(t.app, { tier: 1, ghostMode: true });
    await t.app.ctx.db
      .insert(safetySettings)
      .values({ userId: hidden.member.id, profileVisibility: 'private' })
      .onConflictDoUpdate({ target: safetySettings.userId, set: { profileVisibility: 'private' } });
    await fundWallet(t.app, sender.member.id, 5000);
    const send = (receiverId: string) =>
      moneyPost(t.app, '/api/wallet/transfers', sender.session, {
        receiver_id: receiverId,
        amount_cents: 100,
        transfer_type: 'gift',
        message: 'text me',
      });

    // A tier-4 member is a masked teaser to a tier-1 member (the feed hands out the id): sending
    // money must not reveal her name, nor reach her, any more than the profile page does.
    for (const id of [above.member.id, hidden.member.id, ghost.member.id]) {
      const res = await send(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: RECEIVER_UNAVAILABLE_TEXT });
    }
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 5000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, above.member.id)).toEqual({ balance: 0, held: 0 });

    // Matched (a like paid with a message token reaches above the range): they have met.
    await matchNow(sender.member.id, above.member.id, new Date(Date.now() - 3 * 24 * 3_600_000));
    const matched = await send(above.member.id);
    expect(matched.statusCode).toBe(200);
    expect(await balanceOf(t.app.ctx.db, above.member.id)).toEqual({ balance: 100, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('to a match younger than 24 hours ask for confirmation, then hold for a cancellable cool-off', async () => {
    const sender = await signedInMember(t.app, { tier: 2 });
    const receiver = await signedInMember(t.app, { tier: 2 });
    await matchNow(sender.member.id, receiver.member.id);
    await fundWallet(t.app, sender.member.id, 10000);
    const body = { receiver_id: receiver.member.id, amount_cents: 2500 };

    const unconfirmed = await moneyPost(t.app, '/api/wallet/transfers', sender.session, body);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toEqual({
      code: 'CONFIRMATION_REQUIRED',
      message: ROMANCE_SCAM_WARNING_TEXT,
      details: { reason: 'new_match' },
    });
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 10000, held: 0 });

    const confirmed = await moneyPost(t.app, '/api/wallet/transfers', sender.session, {
      ...body,
      confirmed: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const { transfer } = confirmed.json();
    expect(transfer.status).toBe('held');
    expect(Date.parse(transfer.release_at) - Date.now()).toBeGreaterThan(
      (TRANSFER_GUARD.coolOffMinutes - 1) * 60_000,
    );
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 7500, held: 2500 });
    expect(await balanceOf(t.app.ctx.db, receiver.member.id)).toEqual({ balance: 0, held: 0 });

    // Cancelled during the cool-off: the money comes back; a second cancel is refused.
    const cancel = await request(t.app, 'POST', `/api/wallet/transfers/${transfer.id}/cancel`, {
      session: sender.session,
    });
    expect(cancel.json()).toMatchObject({ transfer: { status: 'cancelled' }, new_balance_cents: 10000 });
    const twice = await request(t.app, 'POST', `/api/wallet/transfers/${transfer.id}/cancel`, {
      session: sender.session,
    });
    expect(twice.statusCode).toBe(409);
    // Nobody else can cancel it.
    const byReceiver = await request(t.app, 'POST', `/api/wallet/transfers/${transfer.id}/cancel`, {
      session: receiver.session,
    });
    expect(byReceiver.statusCode).toBe(404);

    // Another confirmed transfer is released by the job once the cool-off has passed, exactly once.
    const second = await moneyPost(t.app, '/api/wallet/transfers', sender.session, {
      ...body,
      confirmed: true,
    });
    expect(await releaseDueTransfers(t.app.ctx, new Date())).toEqual({ released: 0, returned: 0 });
    // Once its cool-off has passed it is due, even before the job has run: too late to cancel.
    await t.app.ctx.db
      .update(peerTransfers)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(peerTransfers.id, second.json().transfer.id));
    const due = await request(t.app, 'POST', `/api/wallet/transfers/${second.json().transfer.id}/cancel`, {
      session: sender.session,
    });
    expect(due.statusCode).toBe(409);
    expect(due.json().error.message).toBe(TRANSFER_NOT_CANCELLABLE_TEXT);
    expect(await releaseDueTransfers(t.app.ctx, new Date())).toEqual({ released: 1, returned: 0 });
    expect(await releaseDueTransfers(t.app.ctx, new Date())).toEqual({ released: 0, returned: 0 });
    expect(await balanceOf(t.app.ctx.db, receiver.member.id)).toEqual({ balance: 2500, held: 0 });
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 7500, held: 0 });
    const late = await request(t.app, 'POST', `/api/wallet/transfers/${second.json().transfer.id}/cancel`, {
      session: sender.session,
    });
    expect(late.statusCode).toBe(409);
    // Once one has arrived, the next to the same match goes straight through.
    const third = await moneyPost(t.app, '/api/wallet/transfers', sender.session, body);
    expect(third.json().transfer.status).toBe('completed');
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('above the threshold ask for confirmation even without a match; an old match does not', async () => {
    const sender = await signedInMember(t.app, { tier: 4 });
    const receiver = await signedInMember(t.app, { tier: 2 });
    await matchNow(sender.member.id, receiver.member.id, new Date(Date.now() - 25 * 3_600_000));
    await fundWallet(t.app, sender.member.id, TRANSFER_GUARD.confirmAtCents * 2);
    const small = await moneyPost(t.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: 1000,
    });
    expect(small.json().transfer.status).toBe('completed');
    const large = await moneyPost(t.app, '/api/wallet/transfers', sender.session, {
      receiver_id: receiver.member.id,
      amount_cents: TRANSFER_GUARD.confirmAtCents,
    });
    expect(large.json().error.details).toEqual({ reason: 'large_amount' });
    const rows = await t.app.ctx.db
      .select()
      .from(peerTransfers)
      .where(eq(peerTransfers.senderId, sender.member.id));
    expect(rows).toHaveLength(1);
  });

  it('ask for confirmation once what the sender sent one member in 24 hours reaches the threshold', async () => {
    const sender = await signedInMember(t.app, { tier: 4 });
    const receiver = await signedInMember(t.app, { tier: 2 });
    const other = await signedInMember(t.app, { tier: 2 });
    await fundWallet(t.app, sender.member.id, 500_000);
    const justUnder = TRANSFER_GUARD.confirmAtCents - 1;
    const send = (to: string, cents: number, confirmed?: true) =>
      moneyPost(t.app, '/api/wallet/transfers', sender.session, {
        receiver_id: to,
        amount_cents: cents,
        ...(confirmed ? { confirmed } : {}),
      });

    // Never matched: the first $499.99 goes straight through; a second to the same member would make
    // $999.98 in a day, and asks as a single large amount does, with the same warning.
    expect((await send(receiver.member.id, justUnder)).json().transfer.status).toBe('completed');
    const second = await send(receiver.member.id, justUnder);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'CONFIRMATION_REQUIRED',
      message: ROMANCE_SCAM_WARNING_TEXT,
      details: { reason: 'large_amount' },
    });
    // Even a dollar more, to that member; another member is counted apart.
    expect((await send(receiver.member.id, 100)).json().error.details).toEqual({ reason: 'large_amount' });
    expect((await send(other.member.id, justUnder)).json().transfer.status).toBe('completed');

    // Confirmed, it is held; a held transfer counts, a cancelled one does not.
    const held = (await send(receiver.member.id, 100, true)).json().transfer;
    expect(held.status).toBe('held');
    await t.app.ctx.db
      .update(peerTransfers)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(peerTransfers.senderId, sender.member.id), eq(peerTransfers.status, 'completed')));
    // The $499.99 is now a day old: only the held dollar counts.
    expect((await send(receiver.member.id, justUnder)).json().error.details).toEqual({
      reason: 'large_amount',
    });
    await request(t.app, 'POST', `/api/wallet/transfers/${held.id}/cancel`, { session: sender.session });
    expect((await send(receiver.member.id, justUnder)).json().transfer.status).toBe('completed');
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('replay a stored refusal identically', async () => {
    const sender = await signedInMember(t.app, { tier: 2 });
    const receiver = await signedInMember(t.app, { tier: 2 });
    const key = newKey();
    const body = { receiver_id: receiver.member.id, amount_cents: 500 };
    const first = await moneyPost(t.app, '/api/wallet/transfers', sender.session, body, key);
    expect(first.statusCode).toBe(422);
    await fundWallet(t.app, sender.member.id, 1000);
    const again = await moneyPost(t.app, '/api/wallet/transfers', sender.session, body, key);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(first.body);
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 1000, held: 0 });
  });
});

describe('withdrawals', () => {
  it('hold, then post on the payout’s success', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    await fundWallet(t.app, member.id, 10000);
    const key = newKey();
    const res = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: 4000 }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      withdrawal: { amount_cents: 4000, status: 'pending' },
      new_balance_cents: 6000,
    });
    // The sandbox paid it out at once: the hold is gone, the money left.
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 6000, held: 0 });
    const again = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: 4000 }, key);
    expect(again.body).toBe(res.body);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 6000, held: 0 });
    const history = (await request(t.app, 'GET', '/api/wallet/transactions', { session })).json();
    expect(history.items[0]).toMatchObject({
      amount_cents: -4000,
      transaction_type: 'withdrawal',
      status: 'completed',
    });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('release the hold when the payout fails', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    await fundWallet(t.app, member.id, 10000);
    const res = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: 2013 });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 10000, held: 0 });
    const history = (await request(t.app, 'GET', '/api/wallet/transactions', { session })).json();
    expect(history.items[0]).toMatchObject({ amount_cents: -2013, status: 'voided' });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('validate and refuse overdrafts', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    await fundWallet(t.app, member.id, 500);
    const small = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: 99 });
    expect(small.json().error.message).toBe(MIN_WITHDRAWAL_TEXT);
    const over = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: 501 });
    expect(over.statusCode).toBe(422);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 500, held: 0 });
  });
});

describe('the history', () => {
  it('pages newest first and shows only the member’s own rows', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 3 });
    for (const cents of [100, 200, 300, 400, 500]) await fundWallet(t.app, member.id, cents);
    const first = (await request(t.app, 'GET', '/api/wallet/transactions?limit=2', { session })).json();
    expect(first.items.map((i: { amount_cents: number }) => i.amount_cents)).toEqual([500, 400]);
    const second = (
      await request(t.app, 'GET', `/api/wallet/transactions?limit=2&cursor=${first.next_cursor}`, { session })
    ).json();
    expect(second.items.map((i: { amount_cents: number }) => i.amount_cents)).toEqual([300, 200]);
    const other = await signedInMember(t.app, { tier: 1 });
    const theirs = (
      await request(t.app, 'GET', '/api/wallet/transactions', { session: other.session })
    ).json();
    expect(theirs.items).toEqual([]);
    const bad = await request(t.app, 'GET', '/api/wallet/transactions?cursor=nonsense', { session });
    expect(bad.statusCode).toBe(400);
    // Well formed, but a time the database cannot hold: the same refusal, not a failed statement.
    const yearZero = Buffer.from(
      JSON.stringify({ t: '0000-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    for (const path of ['/api/wallet/transactions', '/api/matches']) {
      const res = await request(t.app, 'GET', `${path}?cursor=${yearZero}`, { session });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.details, path).toEqual([{ path: 'cursor', message: 'Invalid cursor' }]);
    }
  });
});

describe('stored replies', () => {
  it('are forgotten after 30 days, so the key may be used afresh', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 2 });
    const key = newKey();
    await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 1000 }, key);
    expect(await purgeIdempotencyKeys(t.app.ctx, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(
      await purgeIdempotencyKeys(t.app.ctx, new Date(Date.now() + 31 * 86_400_000)),
    ).toBeGreaterThanOrEqual(1);
    const rows = await t.app.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, member.id));
    expect(rows).toEqual([]);
    const fresh = await moneyPost(t.app, '/api/wallet/deposits', session, { amount_cents: 2000 }, key);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBe('false');
    // Also for operations that post to the ledger at once.
    await fundWallet(t.app, member.id, 5000);
    const reuse = newKey();
    const withdrawal = await moneyPost(
      t.app,
      '/api/wallet/withdrawals',
      session,
      { amount_cents: 500 },
      reuse,
    );
    await purgeIdempotencyKeys(t.app.ctx, new Date(Date.now() + 31 * 86_400_000));
    const again = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: 500 }, reuse);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().withdrawal.id).not.toBe(withdrawal.json().withdrawal.id);
  });
});

describe('the ledger', () => {
  it('refuses to update or delete an entry', async () => {
    const { member } = await signedInMember(t.app, { tier: 1 });
    await fundWallet(t.app, member.id, 100);
    await expect(t.app.ctx.db.execute(sql`update ledger_lines set amount_cents = 1`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });
});
