import { randomUUID } from 'node:crypto';
import { DEFAULT_MEMBER_SETTINGS, dataExportSchema, latestDataExportSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { actorFor, signedInMember } from '../../../test/factories';
import { unzip } from '../../../test/unzip';
import { sampleImage, uploadAs } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { dataExports, notifications, outboxEmails } from '../../db/schema';
import { buildPendingExports } from './build';
import { purgeExpiredExports } from './purge';
import { requestDataExport } from './request';

// Export My Data (issue 34, decision 051): the request, the job, the archive's contents, who may
// download it, and its expiry with the clock moved. Each test starts empty: the job reads every
// member's pending requests.
const t = useTestApp({}, { isolation: 'test' });
const HOUR_MS = 3_600_000;

const send = async (session: Session, matchId: string, content: string) => {
  const res = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const setEmergencyContact = async (session: Session, name: string, phone: string, email?: string) => {
  const res = await request(t.app, 'PATCH', '/api/me/settings', {
    session,
    body: {
      emergency_contact_name: name,
      emergency_contact_phone: phone,
      emergency_contact_email: email ?? null,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const askForExport = (session: Session | null) => request(t.app, 'POST', '/api/me/data-export', { session });
const latest = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/me/data-export', { session });
  expect(res.statusCode, res.body).toBe(200);
  return latestDataExportSchema.parse(res.json()).export;
};

/** A member with an export ready: its download path and row. */
async function readyExport() {
  const me = await signedInMember(t.app, { name: 'Exporter' });
  expect((await askForExport(me.session)).statusCode).toBe(202);
  expect(await buildPendingExports(t.app.ctx)).toEqual({ ready: 1, failed: 0 });
  const shown = await latest(me.session);
  if (!shown?.download_url) throw new Error('no download link');
  const [row] = await t.app.ctx.db.select().from(dataExports).where(eq(dataExports.id, shown.id));
  if (!row?.readyAt || !row.storageKey) throw new Error('export not ready');
  return { me, url: shown.download_url, row };
}

describe('Export My Data', () => {
  it('builds an archive of the member’s own data, decrypted, and nothing private of anyone else', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const others = await matchedPair(t.app, { him: { name: 'Carlo' }, her: { name: 'Dana' } });
    await send(him.session, matchId, 'Dinner on Friday?');
    await send(her.session, matchId, 'Only if you pick the wine.');
    await send(others.him.session, others.matchId, 'PLANTED-SECRET between two other members');
    await setEmergencyContact(him.session, 'Mamma Rossi', '(305) 555-0111', ' Mamma.Rossi@Example.test ');
    await setEmergencyContact(her.session, 'Her Sister', '(305) 555-0199', 'her.sister@example.test');
    const report = await request(t.app, 'POST', '/api/reports', {
      session: him.session,
      body: { member_id: others.him.member.id, reason: 'scam', details: 'Asked me for money' },
    });
    expect(report.statusCode, report.body).toBe(201);
    // A report against him is not his to read.
    await request(t.app, 'POST', '/api/reports', {
      session: others.her.session,
      body: { member_id: him.member.id, reason: 'harassment', details: 'REPORT-AGAINST-HIM' },
    });
    expect(
      (
        await request(t.app, 'POST', '/api/blocks', {
          session: him.session,
          body: { member_id: others.her.member.id },
        })
      ).statusCode,
    ).toBe(201);
    expect((await uploadAs(t.app, him.session, await sampleImage('jpeg'))).statusCode).toBe(201);

    const asked = await askForExport(him.session);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(dataExportSchema.parse(asked.json())).toMatchObject({ status: 'pending', download_url: null });
    expect(await latest(him.session)).toMatchObject({ status: 'pending', download_url: null });
    expect(await latest(her.session)).toBeNull();

    expect(await buildPendingExports(t.app.ctx)).toEqual({ ready: 1, failed: 0 });
    const shown = await latest(him.session);
    expect(shown).toMatchObject({ status: 'ready' });
    const readyAt = new Date(shown?.ready_at ?? 0).getTime();
    expect(new Date(shown?.expires_at ?? 0).getTime() - readyAt).toBe(24 * HOUR_MS);

    const res = await request(t.app, 'GET', shown?.download_url ?? '', { session: him.session });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="royal-circle-data-.*\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = await unzip(res.rawPayload);
    const text = (name: string) => files.get(name)?.toString('utf8') ?? '';
    const parsed = (name: string) => JSON.parse(text(name));

    expect(text('README.txt')).toMatch(/messages\.json/);
    const profile = parsed('profile.json');
    expect(profile.account).toMatchObject({ id: him.member.id, email: him.member.email });
    expect(profile.profile).toMatchObject({ name: 'Matteo', city: 'Miami' });
    expect(profile.photos).toHaveLength(1);
    const photo = files.get(profile.photos[0].file);
    expect(photo?.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(parsed('settings.json').emergency_contact).toEqual({
      name: 'Mamma Rossi',
      phone: '+13055550111',
      email: 'mamma.rossi@example.test',
    });
    // Issue 40's settings as stored: discreet notifications not chosen yet (null).
    expect(parsed('settings.json')).toMatchObject({
      discreet_notifications: null,
      quiet_hours: {
        enabled: false,
        start: DEFAULT_MEMBER_SETTINGS.quiet_hours_start,
        end: DEFAULT_MEMBER_SETTINGS.quiet_hours_end,
        zone: DEFAULT_MEMBER_SETTINGS.quiet_hours_zone,
      },
      blur_photos: false,
    });
    expect(parsed('swipes.json')).toEqual([
      expect.objectContaining({ member: { id: her.member.id, name: 'Sofia' }, direction: 'right' }),
    ]);
    expect(parsed('matches.json')).toEqual([
      expect.objectContaining({ id: matchId, member: { id: her.member.id, name: 'Sofia' } }),
    ]);
    expect(
      parsed('messages.json').map((m: { direction: string; text: string }) => [m.direction, m.text]),
    ).toEqual([
      ['sent', 'Dinner on Friday?'],
      ['received', 'Only if you pick the wine.'],
    ]);
    expect(parsed('reports.json')).toEqual([
      expect.objectContaining({ member: { id: others.him.member.id, name: 'Carlo' }, reason: 'scam' }),
    ]);
    expect(parsed('blocks.json')).toEqual([
      expect.objectContaining({ member: { id: others.her.member.id, name: 'Dana' } }),
    ]);
    expect(parsed('wallet.json')).toMatchObject({ balance_cents: 0, history: [] });
    expect(parsed('sessions.json').length).toBeGreaterThan(0);
    for (const name of ['subscriptions.json', 'verification.json', 'support_requests.json']) {
      expect(files.has(name), name).toBe(true);
    }

    // Nothing private of anyone else, anywhere in the archive.
    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [
      her.member.email,
      '+13055550199',
      'Her Sister',
      'her.sister@example.test',
      'PLANTED-SECRET',
      others.him.member.email,
      'REPORT-AGAINST-HIM',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }

    // The member was told, in the app and by e-mail with the link on the public origin.
    const notices = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, him.member.id));
    expect(notices.map((n) => n.title)).toContain('Your data export is ready');
    const [mail] = await t.app.ctx.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, him.member.email));
    expect(mail?.textBody).toContain(`${t.app.ctx.config.publicOrigin}${shown?.download_url}`);
    // The token is not stored; its hash is.
    const [row] = await t.app.ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, shown?.id ?? ''));
    const token = new URL(shown?.download_url ?? '', 'http://x').searchParams.get('token') ?? '';
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.byteSize).toBe(res.rawPayload.length);
  }, 30_000);

  it('takes one request a day, saying when the next is possible; a day later another', async () => {
    const me = await signedInMember(t.app);
    expect((await askForExport(me.session)).statusCode).toBe(202);
    const again = await askForExport(me.session);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    expect(again.json().error.message).toMatch(/^You can request one data export a day\. .* after .* UTC\.$/);
    const [row] = await t.app.ctx.db.select().from(dataExports).where(eq(dataExports.userId, me.member.id));
    const nextAllowed = new Date((row?.createdAt.getTime() ?? 0) + 24 * HOUR_MS);
    expect(again.json().error.details).toEqual({ next_allowed_at: nextAllowed.toISOString() });

    const actor = await actorFor(t.app, me.member);
    const tomorrow = new Date(nextAllowed.getTime() + 1_000);
    expect(await requestDataExport(t.app.ctx, { actor, now: tomorrow })).toMatchObject({ status: 'pending' });
  });

  it('refuses the signed-out (401), another member and a wrong token (404)', async () => {
    const { me, url } = await readyExport();
    const stranger = await signedInMember(t.app);
    expect((await askForExport(null)).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/me/data-export')).statusCode).toBe(401);
    expect((await request(t.app, 'GET', url)).statusCode).toBe(401);
    const theirs = await request(t.app, 'GET', url, { session: stranger.session });
    expect(theirs.statusCode).toBe(404);
    const wrong = url.replace(/token=.*/, 'token=not-the-token');
    expect((await request(t.app, 'GET', wrong, { session: me.session })).statusCode).toBe(404);
    const otherId = url.replace(/data-export\/[^/]+\//, `data-export/${randomUUID()}/`);
    expect((await request(t.app, 'GET', otherId, { session: me.session })).statusCode).toBe(404);
    expect((await request(t.app, 'GET', url, { session: me.session })).statusCode).toBe(200);
  });

  it('expires after 24 hours: the purge deletes the archive and the link answers 410', async () => {
    const { me, url, row } = await readyExport();
    const storage = t.app.ctx.storage as MemoryStorage;
    const readyAt = row.readyAt?.getTime() ?? 0;
    expect(await purgeExpiredExports(t.app.ctx, new Date(readyAt + 24 * HOUR_MS - 1_000))).toBe(0);
    expect(storage.keys()).toContain(row.storageKey);

    expect(await purgeExpiredExports(t.app.ctx, new Date(readyAt + 24 * HOUR_MS + 1_000))).toBe(1);
    expect(storage.keys()).not.toContain(row.storageKey);
    const [after] = await t.app.ctx.db.select().from(dataExports).where(eq(dataExports.id, row.id));
    expect(after).toMatchObject({ status: 'expired', storageKey: null, tokenHash: null });
    const gone = await request(t.app, 'GET', url, { session: me.session });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('GONE');
    expect(await latest(me.session)).toMatchObject({ status: 'expired', download_url: null });
    expect(await purgeExpiredExports(t.app.ctx, new Date(readyAt + 48 * HOUR_MS))).toBe(0);
  });
});
