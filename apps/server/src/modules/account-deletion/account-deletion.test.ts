import { createECDH, randomUUID } from 'node:crypto';
import { DELETE_ACCOUNT_MONEY_TEXT } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { deleteAccountThroughRoute, expectAccountDeleted, signInThroughRoute } from '../../../test/deletion';
import { matchedPair } from '../../../test/discovery';
import { FACTORY_PASSWORD, signedInMember } from '../../../test/factories';
import { expectLedgerConsistent, fundWallet, moneyPost } from '../../../test/money';
import { sampleImage, uploadAs } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { photos, profiles, verificationRequests } from '../../db/schema';
import { idStoreOf } from '../verification';

// Delete Account (issue 34, decision 052).
const t = useTestApp({}, { isolation: 'test' });

const deleteMe = (session: Session | null, body?: unknown) => deleteAccountThroughRoute(t.app, session, body);

/** Every text, varchar and jsonb column of every table in the public schema that holds `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const columns = await t.app.ctx.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hits = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0`,
    );
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('POST /api/me/delete', () => {
  it('refuses a signed-out caller', async () => {
    expect((await deleteMe(null)).statusCode).toBe(401);
  });

  it('refuses a wrong password or a missing confirmation, and changes nothing', async () => {
    const { member, session } = await signedInMember(t.app, { name: 'Careful' });
    const wrong = await deleteMe(session, { password: 'not-my-password', confirm: 'DELETE' });
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(wrong.json().error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      details: [{ path: 'password' }],
    });
    const unconfirmed = await deleteMe(session, { password: FACTORY_PASSWORD, confirm: 'delete' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Type DELETE to confirm');
    const me = await request(t.app, 'GET', '/api/me', { session });
    expect(me.statusCode).toBe(200);
    expect((await signInThroughRoute(t.app, member.email)).statusCode).toBe(200);
  });

  it('refuses while the wallet holds money, saying what to do', async () => {
    const { member, session } = await signedInMember(t.app);
    await fundWallet(t.app, member.id, 2_500);
    const res = await deleteMe(session);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(DELETE_ACCOUNT_MONEY_TEXT);
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
  });

  it('deletes every trace of the member, frees the e-mail and keeps the chat pseudonymised', async () => {
    const marker = `marker-${randomUUID()}`;
    const pair = await matchedPair(t.app, { her: { name: 'Valentina Quartz' } });
    const { her, him } = pair;
    const bio = `Bio of Valentina ${marker}`;
    await t.app.ctx.db
      .update(profiles)
      .set({ bio, prompts: [{ prompt: 'perfect_evening', answer: `Prompt ${marker}` }] })
      .where(eq(profiles.userId, her.member.id));
    const phone = '+13055550123';
    const settings = await request(t.app, 'PATCH', '/api/me/settings', {
      session: her.session,
      body: { emergency_contact_name: 'Maria Lopez', emergency_contact_phone: phone },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // A device of hers with pushes on (issue 40): its endpoint carries the marker.
    const device = await request(t.app, 'POST', '/api/push/subscriptions', {
      session: her.session,
      body: {
        endpoint: `https://push.example.test/send/${marker}`,
        keys: {
          p256dh: createECDH('prime256v1').generateKeys('base64url'),
          auth: Buffer.alloc(16, 1).toString('base64url'),
        },
      },
    });
    expect(device.statusCode, device.body).toBe(201);
    const uploaded = await uploadAs(t.app, her.session, await sampleImage('jpeg'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sent = await request(t.app, 'POST', `/api/matches/${pair.matchId}/messages`, {
      session: her.session,
      body: { id: randomUUID(), content: 'Hello from Valentina' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const ids = idStoreOf(t.app.ctx);
    const idKey = await ids.put(Buffer.from('driver licence image'));
    const selfieKey = await ids.put(Buffer.from('selfie image'));
    await t.app.ctx.db.insert(verificationRequests).values({
      userId: her.member.id,
      verificationType: 'id',
      status: 'approved',
      idType: 'drivers_license',
      idKey,
      selfieKey,
    });
    const photoKeys = (
      await t.app.ctx.db.select().from(photos).where(eq(photos.userId, her.member.id))
    ).flatMap((p) => [p.keyLarge, p.keySmall, p.keyBlur, p.keyFace].filter(Boolean));
    expect(photoKeys.length).toBeGreaterThan(0);
    expect((t.app.ctx.storage as MemoryStorage).keys()).toEqual(
      expect.arrayContaining([...photoKeys, idKey]),
    );

    // Money that came and went: her ledger legs stay, and still balance.
    const friend = await signedInMember(t.app, { tier: 1, userType: 'women' });
    await fundWallet(t.app, her.member.id, 1_500);
    const gift = await moneyPost(t.app, '/api/wallet/transfers', her.session, {
      receiver_id: friend.member.id,
      amount_cents: 1_500,
      transfer_type: 'gift',
    });
    expect(gift.json().transfer.status, gift.body).toBe('completed');
    // The scan finds what is there before the deletion.
    expect(await tablesHolding(marker)).toEqual(
      expect.arrayContaining(['profiles.bio', 'profiles.prompts', 'push_subscriptions.endpoint']),
    );
    expect(await tablesHolding(phone)).toContain('safety_settings.emergency_contact_phone');

    const res = await deleteMe(her.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);

    // The other member's matches no longer show her; the chat is closed or pseudonymised.
    const list = await request(t.app, 'GET', '/api/matches', { session: him.session });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(her.member.id);
    expect(list.body).not.toContain('Valentina');
    const chat = await request(t.app, 'GET', `/api/matches/${pair.matchId}/messages`, {
      session: him.session,
    });
    if (chat.statusCode === 200) expect(chat.body).not.toContain('Valentina Quartz');
    else expect(chat.statusCode).toBe(404);
    expect(
      (await request(t.app, 'GET', `/api/members/${her.member.id}`, { session: him.session })).statusCode,
    ).toBe(404);

    // No table holds her e-mail, name, bio, phone or the planted marker.
    for (const needle of [her.member.email, 'Valentina Quartz', bio, phone, marker]) {
      expect(await tablesHolding(needle), needle).toEqual([]);
    }
    // Messages stay (retention) under her pseudonymised id.
    const kept = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where sender_id = ${her.member.id}`,
    );
    expect(kept.rows[0]?.n).toBe(1);
    // Her photo objects, ID and selfie images are gone from storage.
    const stored = (t.app.ctx.storage as MemoryStorage).keys();
    for (const key of [...photoKeys, idKey, selfieKey]) expect(stored).not.toContain(key);
    await expectLedgerConsistent(t.app.ctx.db);

    // Signed out everywhere, the old credentials no longer work, and the e-mail signs up again.
    await expectAccountDeleted(t.app, her.member, her.session);
  });
});
