import { randomUUID } from 'node:crypto';
import { AUTO_BLOCK_REASON, blockedListSchema } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { fundWallet, moneyPost } from '../../../test/money';

// Auto-block (a safety setting, issue 34, decision 050): a suspect is blocked for every member who
// turned it on, before they can message them.
const t = useTestApp({}, { isolation: 'test' });

const autoBlock = async (session: Session, on: boolean) => {
  const res = await request(t.app, 'PATCH', '/api/me/settings', {
    session,
    body: { auto_block_suspicious: on },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const blockedIds = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/blocks', { session });
  expect(res.statusCode, res.body).toBe(200);
  return blockedListSchema.parse(res.json()).items;
};
const reportBy = async (suspectId: string) => {
  const reporter = await signedInMember(t.app, { tier: 1 });
  const res = await request(t.app, 'POST', '/api/reports', {
    session: reporter.session,
    body: { member_id: suspectId, reason: 'scam', details: 'Asked me for money before we met' },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const send = (session: Session, matchId: string) =>
  request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content: 'Could you help me with a small loan?' },
  });

describe('Auto-block', () => {
  it('blocks a member reported by three different members for those who turned it on, and ends the match', async () => {
    // She has Auto-block on; the other woman has not. Both matched with him.
    const guarded = await matchedPair(t.app, { her: { name: 'Guarded' } });
    const suspect = guarded.him;
    const { her } = guarded;
    await autoBlock(her.session, true);
    const other = await signedInMember(t.app, { tier: 2, userType: 'women', name: 'Unguarded' });
    const swipe = (session: Session, target_id: string) =>
      request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction: 'right' } });
    await swipe(suspect.session, other.member.id);
    const otherMatch = (await swipe(other.session, suspect.member.id)).json().match.id as string;

    await reportBy(suspect.member.id);
    await reportBy(suspect.member.id);
    // Two reporters: not yet a suspect.
    expect(await blockedIds(her.session)).toEqual([]);
    expect((await send(suspect.session, guarded.matchId)).statusCode).toBe(201);

    await reportBy(suspect.member.id);
    const [auto] = await blockedIds(her.session);
    expect(auto).toMatchObject({ member_id: suspect.member.id, reason: AUTO_BLOCK_REASON });
    // He cannot reach her any more; the match is over for both, as after her own block.
    expect((await send(suspect.session, guarded.matchId)).statusCode).toBe(404);
    expect(
      (await request(t.app, 'GET', `/api/members/${her.member.id}`, { session: suspect.session })).statusCode,
    ).toBe(404);
    // The member without Auto-block keeps the match and hears from him.
    expect(await blockedIds(other.session)).toEqual([]);
    expect((await send(suspect.session, otherMatch)).statusCode).toBe(201);

    // Lifted like any block; a later report is new evidence and blocks him for her again.
    const lift = await request(t.app, 'DELETE', `/api/blocks/${auto?.id}`, { session: her.session });
    expect(lift.statusCode, lift.body).toBe(204);
    expect(await blockedIds(her.session)).toEqual([]);
    await reportBy(suspect.member.id);
    expect((await blockedIds(her.session)).map((b) => b.member_id)).toEqual([suspect.member.id]);
  });

  it('blocks the suspects already known the moment a member turns it on', async () => {
    const suspect = await signedInMember(t.app, { tier: 2, userType: 'men' });
    for (let i = 0; i < 3; i += 1) await reportBy(suspect.member.id);
    const later = await signedInMember(t.app, { tier: 2, userType: 'women' });
    expect(await blockedIds(later.session)).toEqual([]);
    await autoBlock(later.session, true);
    expect((await blockedIds(later.session)).map((b) => b.member_id)).toEqual([suspect.member.id]);
    // Off and on again changes nothing more.
    await autoBlock(later.session, false);
    await autoBlock(later.session, true);
    expect(await blockedIds(later.session)).toHaveLength(1);
  });

  it('marks the receiver of money the guardrails held and the sender took back', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const guardian = await signedInMember(t.app, { tier: 2, userType: 'women' });
    await autoBlock(guardian.session, true);
    await fundWallet(t.app, her.member.id, 10_000);
    // A first transfer to a match made minutes ago is held for its cool-off.
    const sent = await moneyPost(t.app, '/api/wallet/transfers', her.session, {
      receiver_id: him.member.id,
      amount_cents: 2_500,
      transfer_type: 'gift',
      confirmed: true,
    });
    expect(sent.json().transfer.status, sent.body).toBe('held');
    expect(await blockedIds(guardian.session)).toEqual([]);
    const cancelled = await request(
      t.app,
      'POST',
      `/api/wallet/transfers/${sent.json().transfer.id}/cancel`,
      {
        session: her.session,
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await blockedIds(guardian.session)).map((b) => b.member_id)).toEqual([him.member.id]);
    // The sender herself, without Auto-block, still has her match.
    expect((await send(him.session, matchId)).statusCode).toBe(201);
  });
});
