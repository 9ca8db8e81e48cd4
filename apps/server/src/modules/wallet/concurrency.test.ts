import { TRANSFER_GUARD } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet, moneyPost, newKey } from '../../../test/money';
import { peerTransfers } from '../../db/schema';

// Concurrency is PostgreSQL's business (the embedded database runs one statement at a time), so these
// run on PostgreSQL only, like CI's second pass.

const t = useTestApp();

describe.skipIf(!onPostgres)('money under concurrency', () => {
  it('1,000 transfers at once from a wallet holding one transfer’s worth: exactly one succeeds', async () => {
    const sender = await signedInMember(t.app, { tier: 2 });
    const receivers = await Promise.all(Array.from({ length: 10 }, () => signedInMember(t.app, { tier: 1 })));
    await fundWallet(t.app, sender.member.id, 700);
    const replies = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        moneyPost(t.app, '/api/wallet/transfers', sender.session, {
          receiver_id: receivers[i % receivers.length]?.member.id,
          amount_cents: 700,
        }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(999);
    expect(new Set(replies.filter((r) => r.statusCode === 422).map((r) => r.json().error.code))).toEqual(
      new Set(['INSUFFICIENT_FUNDS']),
    );
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 0, held: 0 });
    let received = 0;
    for (const r of receivers) received += (await balanceOf(t.app.ctx.db, r.member.id)).balance;
    expect(received).toBe(700);
    await expectLedgerConsistent(t.app.ctx.db);
  }, 120_000);

  // $450 each way: a day's transfers to one member reaching $500 would ask for confirmation.
  it('450 transfers each way between two wallets at once never deadlock and end balanced', async () => {
    const a = await signedInMember(t.app, { tier: 3 });
    const b = await signedInMember(t.app, { tier: 3 });
    await fundWallet(t.app, a.member.id, 50_000);
    await fundWallet(t.app, b.member.id, 50_000);
    const send = (from: typeof a, to: typeof b) =>
      moneyPost(t.app, '/api/wallet/transfers', from.session, {
        receiver_id: to.member.id,
        amount_cents: 100,
      });
    const replies = await Promise.all(
      Array.from({ length: 900 }, (_, i) => (i % 2 === 0 ? send(a, b) : send(b, a))),
    );
    const failures = replies.filter((r) => r.statusCode !== 200).map((r) => r.body);
    expect(failures).toEqual([]);
    expect(await balanceOf(t.app.ctx.db, a.member.id)).toEqual({ balance: 50_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, b.member.id)).toEqual({ balance: 50_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  }, 120_000);

  it('five transfers just under the confirmation threshold to one member at once: one goes, four ask', async () => {
    const sender = await signedInMember(t.app, { tier: 4 });
    const receiver = await signedInMember(t.app, { tier: 2 });
    const cents = TRANSFER_GUARD.confirmAtCents - 1;
    await fundWallet(t.app, sender.member.id, 5 * cents);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        moneyPost(t.app, '/api/wallet/transfers', sender.session, {
          receiver_id: receiver.member.id,
          amount_cents: cents,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(new Set(replies.filter((r) => r.statusCode === 409).map((r) => r.json().error.code))).toEqual(
      new Set(['CONFIRMATION_REQUIRED']),
    );
    expect(await balanceOf(t.app.ctx.db, receiver.member.id)).toEqual({ balance: cents, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);

  it('the same Idempotency-Key 50 times at once makes one transfer and 50 identical replies', async () => {
    const sender = await signedInMember(t.app, { tier: 2 });
    const receiver = await signedInMember(t.app, { tier: 2 });
    const other = await signedInMember(t.app, { tier: 2 });
    await fundWallet(t.app, sender.member.id, 10_000);
    await fundWallet(t.app, other.member.id, 10_000);
    const key = newKey();
    const body = { receiver_id: receiver.member.id, amount_cents: 1000 };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => moneyPost(t.app, '/api/wallet/transfers', sender.session, body, key)),
    );
    expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    const rows = await t.app.ctx.db
      .select()
      .from(peerTransfers)
      .where(eq(peerTransfers.senderId, sender.member.id));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(t.app.ctx.db, sender.member.id)).toEqual({ balance: 9000, held: 0 });

    // Another member's use of the very same key is independent of the first member's.
    const theirs = await moneyPost(t.app, '/api/wallet/transfers', other.session, body, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().transfer.id).not.toBe(replies[0]?.json().transfer.id);
    expect(await balanceOf(t.app.ctx.db, receiver.member.id)).toEqual({ balance: 2000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);
});
