import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp, withErrorLog } from '../../../test/app';
import { signedInMember, type TestMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet, moneyPost } from '../../../test/money';
import {
  escrowWallets,
  ledgerEntries,
  matches,
  notifications,
  peerTransfers,
  profiles,
  userBlocks,
  users,
  walletTransactions,
} from '../../db/schema';
import { releaseDueTransfers } from './release';

// The release of held transfers (the `transfer-release` job): each due transfer settles on its own,
// delivered only while every rule of a transfer still holds, otherwise returned to its sender. Each
// test starts empty: the job reads every member's due transfers.

const t = useTestApp({}, { isolation: 'test' });
const HOUR_MS = 3_600_000;
/** A time past every cool-off these tests start. */
const later = () => new Date(Date.now() + 2 * HOUR_MS);

type Party = Awaited<ReturnType<typeof signedInMember>>;

/** A sender with $100.00 and a receiver matched with them just now: their first transfer is held. */
async function newPair(tiers: { sender?: 1 | 2 | 3 | 4; receiver?: 1 | 2 | 3 | 4 } = {}) {
  const sender = await signedInMember(t.app, { tier: tiers.sender ?? 2, name: 'Sender' });
  const receiver = await signedInMember(t.app, { tier: tiers.receiver ?? 2, name: 'Receiver' });
  const [low, high] = [sender.member.id, receiver.member.id].sort() as [string, string];
  await t.app.ctx.db
    .insert(matches)
    .values({ user1Id: low, user2Id: high, expiresAt: new Date(Date.now() + 48 * HOUR_MS) });
  await fundWallet(t.app, sender.member.id, 10_000);
  return { sender, receiver };
}

/** A confirmed transfer of `cents`, held for its cool-off; its id. */
async function heldTransfer(sender: Party, receiver: TestMember, cents = 2_500): Promise<string> {
  const res = await moneyPost(t.app, '/api/wallet/transfers', sender.session, {
    receiver_id: receiver.id,
    amount_cents: cents,
    transfer_type: 'gift',
    confirmed: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().transfer.status).toBe('held');
  return res.json().transfer.id;
}

const statusOf = async (transferId: string) =>
  (await t.app.ctx.db.select().from(peerTransfers).where(eq(peerTransfers.id, transferId)))[0]?.status;

const noticesOf = async (userId: string) =>
  (await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
    title: n.title,
    message: n.message,
  }));

const RETURNED_NOTICE = {
  title: 'Transfer returned',
  message: 'Your transfer of $25.00 (Gift) could not be delivered and is back in your balance',
};

describe('releasing held transfers', () => {
  it('returns one whose receiver’s wallet is gone, with a notice, and still delivers the others', async () => {
    const broken = await newPair();
    const brokenId = await heldTransfer(broken.sender, broken.receiver.member);
    await t.app.ctx.db.delete(escrowWallets).where(eq(escrowWallets.userId, broken.receiver.member.id));
    const healthy = await Promise.all([newPair(), newPair(), newPair()]);
    for (const pair of healthy) await heldTransfer(pair.sender, pair.receiver.member);

    expect(await releaseDueTransfers(t.app.ctx, later())).toEqual({ released: 3, returned: 1 });
    for (const pair of healthy) {
      expect(await balanceOf(t.app.ctx.db, pair.receiver.member.id)).toEqual({ balance: 2_500, held: 0 });
      expect(await balanceOf(t.app.ctx.db, pair.sender.member.id)).toEqual({ balance: 7_500, held: 0 });
    }
    expect(await statusOf(brokenId)).toBe('returned');
    expect(await balanceOf(t.app.ctx.db, broken.sender.member.id)).toEqual({ balance: 10_000, held: 0 });
    expect(await noticesOf(broken.sender.member.id)).toEqual([RETURNED_NOTICE]);
    // The sender's history shows it failed; the amount is back.
    const history = await request(t.app, 'GET', '/api/wallet/transactions', {
      session: broken.sender.session,
    });
    expect(history.json().items[0]).toMatchObject({
      amount_cents: -2_500,
      status: 'failed',
      transfer_id: brokenId,
    });
    expect(await releaseDueTransfers(t.app.ctx, later())).toEqual({ released: 0, returned: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('returns one whose receiver deleted their account', async () => {
    const { sender, receiver } = await newPair();
    const id = await heldTransfer(sender, receiver.member);
    await t.app.ctx.db.delete(users).where(eq(users.id, receiver.member.id));
    expect(await releaseDueTransfers(t.app.ctx, later())).toEqual({ released: 0, returned: 1 });
    expect(await statusOf(id)).toBe('returned');
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 10_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  // Each change made during the cool-off would refuse the transfer at the route: the release asks the
  // same rules again and returns the money instead of delivering it.
  const changes: Record<string, (pair: { sender: Party; receiver: Party }) => Promise<unknown>> = {
    'the receiver blocks the sender': ({ sender, receiver }) =>
      t.app.ctx.db.insert(userBlocks).values({ blockerId: receiver.member.id, blockedId: sender.member.id }),
    'the sender blocks the receiver': ({ sender, receiver }) =>
      t.app.ctx.db.insert(userBlocks).values({ blockerId: sender.member.id, blockedId: receiver.member.id }),
    // (Private would not: a private member stays visible to her matches, and this pair is one.)
    'the receiver goes into Ghost Mode': ({ receiver }) =>
      t.app.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, receiver.member.id)),
    'the receiver drops to Observer (who cannot receive)': ({ receiver }) =>
      t.app.ctx.db.update(profiles).set({ tierLevel: 0 }).where(eq(profiles.userId, receiver.member.id)),
    'the sender drops to Observer (who cannot send)': ({ sender }) =>
      t.app.ctx.db.update(profiles).set({ tierLevel: 0 }).where(eq(profiles.userId, sender.member.id)),
  };
  for (const [change, apply] of Object.entries(changes)) {
    it(`returns one when ${change} during the cool-off`, async () => {
      const pair = await newPair();
      const id = await heldTransfer(pair.sender, pair.receiver.member);
      await apply(pair);
      expect(await releaseDueTransfers(t.app.ctx, later())).toEqual({ released: 0, returned: 1 });
      expect(await statusOf(id)).toBe('returned');
      expect(await balanceOf(t.app.ctx.db, pair.sender.member.id)).toEqual({ balance: 10_000, held: 0 });
      expect(await balanceOf(t.app.ctx.db, pair.receiver.member.id)).toEqual({ balance: 0, held: 0 });
      // The notice says it came back, not why: the blocked member is not told of the block.
      expect(await noticesOf(pair.sender.member.id)).toEqual([RETURNED_NOTICE]);
      expect(await noticesOf(pair.receiver.member.id)).toEqual([]);
      await expectLedgerConsistent(t.app.ctx.db);
    });
  }

  it('logs one it can neither deliver nor return (the sender’s wallet is gone), settles the rest, and fails the run', async () => {
    const orphan = await newPair();
    const orphanId = await heldTransfer(orphan.sender, orphan.receiver.member);
    await t.app.ctx.db.delete(escrowWallets).where(eq(escrowWallets.userId, orphan.sender.member.id));
    const healthy = await newPair();
    await heldTransfer(healthy.sender, healthy.receiver.member);

    await withErrorLog(t.app, async (errors) => {
      await expect(releaseDueTransfers(t.app.ctx, later())).rejects.toThrow(
        '1 due held transfer(s) could not be settled (each logged with its id); 1 released, 0 returned',
      );
      expect(errors).toEqual([
        [
          expect.objectContaining({ transferId: orphanId }),
          'held transfer could not be settled; it stays held',
        ],
      ]);
    });
    expect(await balanceOf(t.app.ctx.db, healthy.receiver.member.id)).toEqual({ balance: 2_500, held: 0 });
    expect(await statusOf(orphanId)).toBe('held');
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('goes past a full page of transfers it cannot settle', async () => {
    // More transfers than one page holds from a member whose wallet is gone, all due before the
    // healthy one (rows alone: no ledger entry can be written without the wallet either).
    const orphan = await newPair();
    await t.app.ctx.db.delete(escrowWallets).where(eq(escrowWallets.userId, orphan.sender.member.id));
    await t.app.ctx.db.insert(peerTransfers).values(
      Array.from({ length: 201 }, () => ({
        senderId: orphan.sender.member.id,
        receiverId: orphan.receiver.member.id,
        amountCents: 100,
        transferType: 'general' as const,
        status: 'held' as const,
        releaseAt: new Date(Date.now() - HOUR_MS),
      })),
    );
    const healthy = await newPair();
    await heldTransfer(healthy.sender, healthy.receiver.member);

    await withErrorLog(t.app, async (errors) => {
      await expect(releaseDueTransfers(t.app.ctx, later())).rejects.toThrow('201 due held transfer(s)');
      expect(errors).toHaveLength(201);
    });
    expect(await balanceOf(t.app.ctx.db, healthy.receiver.member.id)).toEqual({ balance: 2_500, held: 0 });
  });

  it('returns a transfer once: a run that dies before its commit leaves it held, and the ledger refuses a second return', async () => {
    const { sender, receiver } = await newPair();
    const id = await heldTransfer(sender, receiver.member);
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: receiver.member.id, blockedId: sender.member.id });

    // The run dies after the return's entry, before its commit (a notice that cannot be written).
    await t.app.ctx.db.execute(sql`
      create function test_fail_notice() returns trigger language plpgsql as $$
      begin raise exception 'the process died'; end $$`);
    await t.app.ctx.db.execute(sql`
      create trigger fail_notice before insert on notifications
      for each row execute function test_fail_notice()`);
    try {
      await withErrorLog(t.app, () => expect(releaseDueTransfers(t.app.ctx, later())).rejects.toThrow());
    } finally {
      await t.app.ctx.db.execute(sql`drop trigger fail_notice on notifications`);
      await t.app.ctx.db.execute(sql`drop function test_fail_notice()`);
    }
    expect(await statusOf(id)).toBe('held');
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 7_500, held: 2_500 });

    // The next run returns it, once; runs side by side return it once between them.
    const runs = await Promise.all([
      releaseDueTransfers(t.app.ctx, later()),
      releaseDueTransfers(t.app.ctx, later()),
    ]);
    expect(runs.reduce((sum, run) => sum + run.returned, 0)).toBe(1);
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 10_000, held: 0 });

    // Were its status ever read as held again, the ledger would still not return it twice.
    await t.app.ctx.db.update(peerTransfers).set({ status: 'held' }).where(eq(peerTransfers.id, id));
    await withErrorLog(t.app, () => expect(releaseDueTransfers(t.app.ctx, later())).rejects.toThrow());
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 10_000, held: 0 });
    const entries = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `peer-transfer:${id}:returned`));
    expect(entries).toHaveLength(1);
    await t.app.ctx.db.update(peerTransfers).set({ status: 'returned' }).where(eq(peerTransfers.id, id));
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('races the sender’s cancel: the money comes back once, by one of them', async () => {
    const { sender, receiver } = await newPair();
    const id = await heldTransfer(sender, receiver.member);
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: receiver.member.id, blockedId: sender.member.id });
    // A run whose clock is past the cool-off, and the sender's cancel before it ends, at once.
    const [run, cancel] = await Promise.all([
      releaseDueTransfers(t.app.ctx, later()),
      request(t.app, 'POST', `/api/wallet/transfers/${id}/cancel`, { session: sender.session }),
    ]);
    expect(run.returned + (cancel.statusCode === 200 ? 1 : 0)).toBe(1);
    expect(await statusOf(id)).toBe(cancel.statusCode === 200 ? 'cancelled' : 'returned');
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 10_000, held: 0 });
    const rows = await t.app.ctx.db
      .select({ status: walletTransactions.status })
      .from(walletTransactions)
      .where(eq(walletTransactions.transferId, id));
    expect(rows).toEqual([{ status: cancel.statusCode === 200 ? 'voided' : 'failed' }]);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});
