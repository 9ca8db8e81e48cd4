import { Writable } from 'node:stream';
import {
  DEFAULT_VERIFICATION_REJECTION_REASON,
  ID_FILE_NOT_IMAGE,
  ID_FILE_TOO_LARGE,
  ID_LINK_REFUSED_MESSAGE,
  ID_UPLOAD_MAX_BYTES,
  MESSAGE_VERIFICATION_REQUIRED_TEXT,
  UNREADABLE_UPLOAD_TEXT,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, startTestApp, useTestApp } from '../../../test/app';
import { actorFor, signedInMember } from '../../../test/factories';
import { type FormParts, fetchUpload, sampleImage, upload, uploadInSlices } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import type { App } from '../../app';
import { auditLog, userCompliance, verificationRequests } from '../../db/schema';
import { ID_STORE_PREFIX } from './id-store';
import { issueLinks } from './service';

const t = useTestApp();

async function submitWizard(app: App, session: Session, idType = 'drivers_license') {
  return upload(
    app,
    '/api/verification/requests',
    session,
    { id_type: idType },
    {
      selfie: { data: await sampleImage('jpeg', '#d4af37'), filename: 'selfie.jpg', type: 'image/jpeg' },
      id: { data: await sampleImage('png'), filename: 'my-licence-scan.png', type: 'image/png' },
    },
  );
}

const get = (app: App, url: string, session: Session | null) => request(app, 'GET', url, { session });
const post = (app: App, url: string, session: Session | null, body?: unknown) =>
  request(app, 'POST', url, { session, ...(body === undefined ? {} : { body }) });

describe('the verification wizard and the ID store', () => {
  it('re-encodes, encrypts and stores the images under random keys in their own area', async () => {
    const { session } = await signedInMember(t.app, { tier: 1 });
    const before = new Set((t.app.ctx.storage as MemoryStorage).keys());
    const res = await submitWizard(t.app, session);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      verification_type: 'selfie',
      status: 'pending',
      id_type: 'drivers_license',
    });
    expect(JSON.stringify(res.json())).not.toMatch(/id-documents|documents\/|\.bin/);

    const added = (t.app.ctx.storage as MemoryStorage).keys().filter((k) => !before.has(k));
    expect(added).toHaveLength(2);
    for (const key of added) {
      expect(key).toMatch(/^id-documents\/[0-9a-f-]{36}\.bin$/);
      expect(key).not.toContain(session.userId);
      const stored = await t.app.ctx.storage.get(key);
      // Encrypted at rest: no image header, nothing sharp can read.
      expect(stored?.body.subarray(0, 16).toString('latin1')).not.toMatch(/RIFF|WEBP|PNG|JFIF/);
      await expect(sharp(stored?.body).metadata()).rejects.toThrow();
    }
    expect(added.every((k) => k.startsWith(ID_STORE_PREFIX))).toBe(true);

    const again = await submitWizard(t.app, session);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your verification is already under review');
  });

  it('lets one of two simultaneous submissions through, and leaves no image of the other behind', async () => {
    const { session } = await signedInMember(t.app);
    const storage = t.app.ctx.storage as MemoryStorage;
    const before = storage.size();
    const results = await Promise.all([submitWizard(t.app, session), submitWizard(t.app, session)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(storage.size() - before).toBe(2);
  });

  it("refuses a signed-out ID upload in the spec's words", async () => {
    for (const url of ['/api/verification/requests', '/api/compliance/id']) {
      const res = await request(t.app, 'POST', url, { body: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error, url).toEqual({ code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    }
    // Every other route keeps the general text.
    expect((await request(t.app, 'GET', '/api/me')).json().error.message).toBe('User not authenticated');
  });

  it('refuses a second request while one is under review before reading its images', async () => {
    const { session } = await signedInMember(t.app, { tier: 1 });
    expect((await submitWizard(t.app, session)).statusCode).toBe(201);
    // Not even an image: had the server decoded it first, this would be 422.
    const garbage = { data: Buffer.from('not an image'), filename: 'id.png', type: 'image/png' };
    const again = await upload(
      t.app,
      '/api/verification/requests',
      session,
      { id_type: 'passport' },
      { selfie: garbage, id: garbage },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your verification is already under review');
  });

  it('refuses a file that is not an image, one over 10 MB, and a missing ID type, storing nothing', async () => {
    const { session } = await signedInMember(t.app);
    const count = () => (t.app.ctx.storage as MemoryStorage).size();
    const start = count();
    const notImage = await upload(
      t.app,
      '/api/compliance/id',
      session,
      { id_type: 'passport' },
      {
        id: { data: Buffer.from('%PDF-1.7 not an image'), filename: 'id.png', type: 'image/png' },
      },
    );
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().error.message).toBe(ID_FILE_NOT_IMAGE.message);
    // The photo pipeline's reason, as a photo upload carries it: a client can tell the cases apart.
    expect(notImage.json().error.details).toEqual({ reason: 'not_an_image' });

    const big = Buffer.concat([await sampleImage('png'), Buffer.alloc(ID_UPLOAD_MAX_BYTES + 1)]);
    const tooLarge = await upload(
      t.app,
      '/api/compliance/id',
      session,
      { id_type: 'passport' },
      {
        id: { data: big, filename: 'id.png', type: 'image/png' },
      },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(ID_FILE_TOO_LARGE.message);

    const noType = await upload(
      t.app,
      '/api/compliance/id',
      session,
      { id_type: 'library_card' },
      {
        id: { data: await sampleImage(), filename: 'id.png', type: 'image/png' },
      },
    );
    expect(noType.statusCode).toBe(400);

    // More files than the form has: not "smaller than 10MB", which every file of it is.
    const image = { data: await sampleImage(), filename: 'a.png', type: 'image/png' };
    const tooMany = await upload(
      t.app,
      '/api/verification/requests',
      session,
      { id_type: 'passport' },
      { selfie: image, id: image, extra: image },
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please upload one selfie and one photo of your ID',
    });
    expect(count()).toBe(start);
  });

  // The photo route's probe case, here for the ID routes, which read their body through the same
  // reader (lib/multipart.ts): fetch sends a file in 64 KiB slices, 10 MB is 160 of them, and then
  // the limit falls exactly at a slice's end. The type after the file, as a form may put it.
  it('refuses an ID over 10 MB sent as a browser sends it, in slices, in every try', async () => {
    const { session } = await signedInMember(t.app);
    const start = (t.app.ctx.storage as MemoryStorage).size();
    const big = {
      data: Buffer.alloc(ID_UPLOAD_MAX_BYTES + 1024 * 1024, 0xff),
      filename: 'id.png',
      type: 'image/png',
    };
    const parts: FormParts = [
      ['id', big],
      ['id_type', 'passport'],
    ];
    const inSlices = await uploadInSlices(t.app, '/api/compliance/id', session, parts);
    expect(inSlices.statusCode, inSlices.body).toBe(413);
    expect(inSlices.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: ID_FILE_TOO_LARGE.message });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await fetchUpload(address, '/api/compliance/id', session, parts);
      expect({ attempt, status: res.status, error: res.body.error }).toEqual({
        attempt,
        status: 413,
        error: { code: 'PAYLOAD_TOO_LARGE', message: ID_FILE_TOO_LARGE.message },
      });
    }
    expect((t.app.ctx.storage as MemoryStorage).size()).toBe(start);
  });

  it('refuses a multipart body it cannot read with the reason, storing nothing', async () => {
    const { session } = await signedInMember(t.app, { tier: 1 });
    const before = (t.app.ctx.storage as MemoryStorage).keys().length;
    const res = await request(t.app, 'POST', '/api/verification/requests', {
      session,
      body: Buffer.from(
        '--zzz\r\nContent-Disposition: form-data; name="id_type"\r\n\r\npassport\r\n--zzz\r\nContent-Disposition: form-data; name="id"; filename="a.jpg"\r\n\r\nabc',
      ),
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: UNREADABLE_UPLOAD_TEXT });
    expect((t.app.ctx.storage as MemoryStorage).keys()).toHaveLength(before);
  });

  it('shows the images to their owner and to admins only, through signed links bound to the viewer', async () => {
    const owner = await signedInMember(t.app);
    const other = await signedInMember(t.app, { tier: 4 });
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const created = (await submitWizard(t.app, owner.session)).json();
    const linksUrl = `/api/verification/requests/${created.id}/links`;

    // Another member, a signed-out caller: no links, and no hint the request exists.
    expect((await post(t.app, linksUrl, other.session)).statusCode).toBe(404);
    expect((await post(t.app, linksUrl, null)).statusCode).toBe(401);

    const mine = (await post(t.app, linksUrl, owner.session)).json();
    expect(mine.selfie_url).toMatch(/^\/api\/verification\/documents\//);
    const image = await get(t.app, mine.id_url, owner.session);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('no-store');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    // The owner's own views are not admin views: no audit row.
    const audits = () =>
      t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'verification.image_viewed')));
    expect(await audits()).toHaveLength(0);

    // The owner's link in someone else's hands (signed in or not) opens nothing.
    const stolen = await get(t.app, mine.id_url, other.session);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error.message).toBe(ID_LINK_REFUSED_MESSAGE);
    expect((await get(t.app, mine.id_url, admin.session)).statusCode).toBe(403);
    expect((await get(t.app, mine.id_url, null)).statusCode).toBe(401);

    // Tampered: another request, the other image, a later expiry, a changed signature.
    const tampered = [
      mine.id_url.replace('/id?', '/selfie?'),
      mine.id_url.replace(/expires=(\d+)/, (_: string, e: string) => `expires=${Number(e) + 1000}`),
      mine.id_url.replace(/signature=(.)/, (_: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
    ];
    for (const url of tampered) expect((await get(t.app, url, owner.session)).statusCode, url).toBe(403);

    // Expired: a link issued six minutes ago.
    const old = await issueLinks(t.app.ctx, {
      actor: await actorFor(t.app, owner.member),
      requestId: created.id,
      now: Date.now() - 6 * 60_000,
    });
    expect((await get(t.app, old.id_url as string, owner.session)).statusCode).toBe(403);

    // An admin gets their own links; each view is audited.
    const adminLinks = (await post(t.app, linksUrl, admin.session)).json();
    expect((await get(t.app, adminLinks.selfie_url, admin.session)).statusCode).toBe(200);
    expect((await get(t.app, adminLinks.id_url, admin.session)).statusCode).toBe(200);
    const rows = await audits();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorId: admin.member.id,
        targetType: 'verification_request',
        ip: '127.0.0.1',
        data: { member: owner.member.id },
      });
    }
    expect(rows.map((row) => row.data?.reason_code).sort()).toEqual(['id_image_viewed', 'selfie_viewed']);
    // An admin's link is no use to a member.
    expect((await get(t.app, adminLinks.id_url, other.session)).statusCode).toBe(403);
  });

  it('keeps the admin queue and its decisions to admins, and lists no image or link', async () => {
    const owner = await signedInMember(t.app, { tier: 1, name: 'Queue Member', city: 'Miami', state: 'FL' });
    const member = await signedInMember(t.app, { tier: 4 });
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const created = (await submitWizard(t.app, owner.session, 'passport')).json();

    for (const session of [member.session, owner.session]) {
      expect((await get(t.app, '/api/admin/verification-requests', session)).statusCode).toBe(403);
      expect(
        (await post(t.app, `/api/admin/verification-requests/${created.id}/approve`, session)).statusCode,
      ).toBe(403);
    }
    expect((await get(t.app, '/api/admin/verification-requests', null)).statusCode).toBe(401);

    const list = await get(t.app, '/api/admin/verification-requests?status=pending', admin.session);
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((i: { id: string }) => i.id === created.id);
    expect(item).toMatchObject({
      verification_type: 'selfie',
      id_type: 'passport',
      status: 'pending',
      has_selfie: true,
      has_id: true,
      member: {
        id: owner.member.id,
        name: 'Queue Member',
        age: 30,
        city: 'Miami',
        state: 'FL',
        tier_level: 1,
      },
    });
    expect(list.body).not.toMatch(/id-documents|\/documents\/|signature|email/);
  });

  it('approves: the member is verified (and may message at tier 1), age-verified, audited; a second decision is refused', async () => {
    const owner = await signedInMember(t.app, { tier: 1 });
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const before = (await get(t.app, '/api/me', owner.session)).json();
    expect(before.capabilities.message_block?.message).toBe(MESSAGE_VERIFICATION_REQUIRED_TEXT);

    const created = (await submitWizard(t.app, owner.session)).json();
    const pending = (await get(t.app, '/api/verification', owner.session)).json();
    expect(pending).toMatchObject({
      verified: false,
      verified_at: null,
      request: { id: created.id, status: 'pending' },
    });

    const approved = await post(
      t.app,
      `/api/admin/verification-requests/${created.id}/approve`,
      admin.session,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', rejection_reason: null });

    const mine = (await get(t.app, '/api/verification', owner.session)).json();
    expect(mine.verified).toBe(true);
    expect(Date.parse(mine.verified_at)).toBeGreaterThan(Date.now() - 60_000);
    const me = (await get(t.app, '/api/me', owner.session)).json();
    expect(me.verified).toBe(true);
    expect(me.compliance).toMatchObject({ age_verified: true, id_check: 'approved' });
    expect(me.capabilities.message_block).toBeNull();

    const [decision] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'verification.approved')));
    expect(decision?.actorId).toBe(admin.member.id);
    const [stored] = await t.app.ctx.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, created.id));
    expect(stored?.purgeAfter?.getTime()).toBe((stored?.reviewedAt?.getTime() ?? 0) + 72 * 3_600_000);

    const again = await post(
      t.app,
      `/api/admin/verification-requests/${created.id}/reject`,
      admin.session,
      {},
    );
    expect(again.statusCode).toBe(409);
    const unknown = await post(
      t.app,
      '/api/admin/verification-requests/00000000-0000-4000-8000-000000000000/approve',
      admin.session,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('rejects with the standard reason or the admin’s own, and allows a new attempt', async () => {
    const owner = await signedInMember(t.app, { tier: 1 });
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const first = (await submitWizard(t.app, owner.session)).json();
    const rejected = await post(
      t.app,
      `/api/admin/verification-requests/${first.id}/reject`,
      admin.session,
      {},
    );
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: DEFAULT_VERIFICATION_REJECTION_REASON,
    });
    expect((await get(t.app, '/api/verification', owner.session)).json()).toMatchObject({
      verified: false,
      request: { status: 'rejected', rejection_reason: DEFAULT_VERIFICATION_REJECTION_REASON },
    });

    const second = await submitWizard(t.app, owner.session);
    expect(second.statusCode).toBe(201);
    const own = await post(
      t.app,
      `/api/admin/verification-requests/${second.json().id}/reject`,
      admin.session,
      {
        reason: '  The selfie is too dark  ',
      },
    );
    expect(own.json().rejection_reason).toBe('The selfie is too dark');
    const [compliance] = await t.app.ctx.db
      .select()
      .from(userCompliance)
      .where(eq(userCompliance.userId, owner.member.id));
    expect(compliance?.ageVerified).toBe(false);
  });
});

describe('the log', () => {
  const lines: string[] = [];
  let started: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The production level (info), every request and response logged as it would be.
    started = await startTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await started.dispose();
  });

  it('says nothing about an ID: no key, link, signature, file name or ID type', async () => {
    const app = started.app;
    const owner = await signedInMember(app);
    const admin = await signedInMember(app, { roles: ['user', 'admin'] });
    const created = (await submitWizard(app, owner.session, 'state_id')).json();
    const links = (await post(app, `/api/verification/requests/${created.id}/links`, admin.session)).json();
    expect((await get(app, links.id_url, admin.session)).statusCode).toBe(200);
    expect((await get(app, links.id_url, owner.session)).statusCode).toBe(403);
    // An altered signature (its first character changed, whatever it was).
    const altered = links.id_url.replace(
      /signature=(.)/,
      (_: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await get(app, altered, admin.session)).statusCode).toBe(403);
    await post(app, `/api/admin/verification-requests/${created.id}/approve`, admin.session);
    await upload(
      app,
      '/api/compliance/id',
      owner.session,
      { id_type: 'state_id' },
      {
        id: { data: Buffer.from('not an image'), filename: 'my-licence-scan.png', type: 'image/png' },
      },
    );

    const [row] = await app.ctx.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, created.id));
    const log = lines.join('');
    expect(log).toContain('incoming request'); // the log was captured at all
    const signature = new URL(links.id_url, 'http://x').searchParams.get('signature') as string;
    for (const secret of [
      ID_STORE_PREFIX,
      row?.idKey as string,
      row?.selfieKey as string,
      signature,
      '/documents/',
      'my-licence-scan',
      'selfie.jpg',
      'state_id',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
