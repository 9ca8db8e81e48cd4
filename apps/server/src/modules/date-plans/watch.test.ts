import {
  CODE_WORD_MAX_TRIES,
  DATE_SAFETY_TEXT,
  DATE_SHARES_PER_DAY,
  type DatePlan,
  type DatePlanTermsInput,
  formatInstantIn,
  positionMapsUrl,
  SAFETY_TIMER_ANSWER_MINUTES,
} from '@royal/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, TEST_ORIGIN, useTestApp } from '../../../test/app';
import { NOBU, safePlace } from '../../../test/date-plans';
import { block, matchedPair } from '../../../test/discovery';
import { actorFor, signedInMember } from '../../../test/factories';
import type { BusMessage } from '../../adapters/bus';
import { datePlans, datePlanWatches, notifications, outboxEmails, outboxSms } from '../../db/schema';
import type { QueuedSms } from '../../ports/sms';
import { sendQueuedSms } from '../sms';
import { settleDuePlans } from './settle-job';
import { shareDatePlan } from './share';
import { sendSos } from './sos';
import { watchOverDates } from './watch-job';

// Watching over a date (issue 39) through the API: sharing a plan with the emergency contact, the
// contact's status page, the safety timer driven by the watch job with a controlled clock, and SOS.

const t = useTestApp();

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SHARED_POSITION = { lat: 34.08123, lng: -118.38456 };

let contacts = 0;
/** A contact of one's own per test: messages are found by their address and number. */
function newContact() {
  contacts += 1;
  return {
    name: 'Mamma Rossi',
    email: `contact-${contacts}-${Date.now()}@example.test`,
    phone: `+1305555${String(1000 + contacts)}`,
  };
}
type Contact = ReturnType<typeof newContact>;

const post = (session: Session | null, url: string, body?: unknown) =>
  request(t.app, 'POST', url, { session, body: body ?? {} });

async function setContact(session: Session, contact: Partial<Contact>) {
  const res = await request(t.app, 'PATCH', '/api/me/settings', {
    session,
    body: {
      emergency_contact_name: contact.name ?? null,
      emergency_contact_email: contact.email ?? null,
      emergency_contact_phone: contact.phone ?? null,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Matteo and Sofia (verified) with a date 48 hours ahead, no deposits; accepted unless told not to.
 * Matteo's emergency contact is set.
 */
async function plannedDate(
  options: { accept?: boolean; place?: DatePlanTermsInput['place']; contact?: Partial<Contact> } = {},
) {
  const pair = await matchedPair(t.app, { her: { verified: true } });
  const place = options.place ?? { safe_location_id: await safePlace(t.app) };
  const startsAt = new Date(Math.floor((Date.now() + 48 * HOUR) / MINUTE) * MINUTE);
  const proposed = await post(pair.him.session, `/api/matches/${pair.matchId}/date-plans`, {
    starts_at: startsAt.toISOString(),
    place,
    my_deposit_cents: 0,
    their_deposit_cents: 0,
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  let plan: DatePlan = proposed.json();
  if (options.accept !== false) {
    const accepted = await post(pair.her.session, `/api/date-plans/${plan.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    plan = accepted.json();
  }
  const contact = { ...newContact(), ...options.contact };
  await setContact(pair.him.session, contact);
  return { ...pair, plan, startsAt, contact };
}

const mailsTo = (address: string) =>
  t.app.ctx.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, address))
    .orderBy(outboxEmails.createdAt);
const textsTo = (number: string) =>
  t.app.ctx.db.select().from(outboxSms).where(eq(outboxSms.toNumber, number)).orderBy(outboxSms.createdAt);
const watchOf = async (planId: string, userId: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(datePlanWatches)
      .where(and(eq(datePlanWatches.planId, planId), eq(datePlanWatches.userId, userId)))
  )[0];
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** What must never reach the contact: e-mails, ids, positions, money. */
function expectNothingPrivate(text: string, c: Awaited<ReturnType<typeof plannedDate>>) {
  for (const secret of [
    c.him.member.email,
    c.her.member.email,
    c.him.member.id,
    c.her.member.id,
    c.plan.id,
    c.matchId,
    String(NOBU.lat),
    String(NOBU.lng),
  ])
    expect(text, secret).not.toContain(secret);
  expect(text).not.toMatch(/\$\d|deposit|cents/i);
}

describe('sharing a date with the emergency contact', () => {
  it('e-mails and texts the contact the date (names, verified badges, place, local time) and a status link, nothing private', async () => {
    const c = await plannedDate();
    const res = await post(c.him.session, `/api/date-plans/${c.plan.id}/share`);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({
      sent: { email: true, sms: true },
      timer: { state: 'off', check_at: null, location_shared: false },
      alerted_at: null,
    });
    expect(reply.status_url).toMatch(new RegExp(`^${TEST_ORIGIN}/date-status/[A-Za-z0-9_-]{43}$`));

    const local = formatInstantIn(c.startsAt, 'America/Los_Angeles');
    const [mail] = await mailsTo(c.contact.email);
    expect(mail).toMatchObject({ subject: 'Matteo shared a date with you', kind: 'security' });
    for (const part of [mail?.textBody ?? '', mail?.htmlBody ?? '']) {
      expect(part).toContain('Hello Mamma Rossi,');
      expect(part).toContain(`When: ${local} (local time at the place)`);
      expect(part).toContain('Where: Nobu, 903 N La Cienega Blvd. A Royal Circle verified safe place.');
      expect(part).toContain('With: Sofia, a member whose identity Royal Circle has verified.');
      expect(part).toContain(reply.status_url);
      expect(part).toContain('named you as their emergency contact');
      expectNothingPrivate(part, c);
    }
    // Not "your account": the contact has none.
    expect(mail?.textBody).not.toContain('security of your Royal Circle account');

    const [sms] = await textsTo(c.contact.phone);
    expect(sms?.body).toBe(
      `Royal Circle: Matteo shared a date with you. ${local} at Nobu, 903 N La Cienega Blvd (verified venue), with Sofia (verified). Status: ${reply.status_url}`,
    );
    expectNothingPrivate(sms?.body ?? '', c);

    // The SMS leaves through the provider port, once.
    const handed: QueuedSms[] = [];
    const transport = { kind: 'recording', send: async (text: QueuedSms) => void handed.push(text) };
    const log = { warn: () => undefined, error: () => undefined };
    await sendQueuedSms({ db: t.app.ctx.db, log, transport });
    await sendQueuedSms({ db: t.app.ctx.db, log, transport });
    expect(handed.filter((h) => h.to === c.contact.phone)).toEqual([
      { id: sms?.id, to: c.contact.phone, text: sms?.body },
    ]);
    expect((await textsTo(c.contact.phone))[0]).toMatchObject({ status: 'sent', attempts: 0 });
  });

  it('sends the same link again; at most five shares a day', async () => {
    const c = await plannedDate();
    const first = (await post(c.him.session, `/api/date-plans/${c.plan.id}/share`)).json();
    for (let i = 1; i < DATE_SHARES_PER_DAY; i += 1) {
      const again = await post(c.him.session, `/api/date-plans/${c.plan.id}/share`);
      expect(again.statusCode).toBe(200);
      expect(again.json().status_url).toBe(first.status_url);
    }
    const tooMany = await post(c.him.session, `/api/date-plans/${c.plan.id}/share`);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toEqual({ code: 'RATE_LIMITED', message: DATE_SAFETY_TEXT.tooManyShares });
    expect(await mailsTo(c.contact.email)).toHaveLength(DATE_SHARES_PER_DAY);
    expect(await textsTo(c.contact.phone)).toHaveLength(DATE_SHARES_PER_DAY);
    for (const mail of await mailsTo(c.contact.email)) expect(mail.textBody).toContain(first.status_url);
    // A day later, the count starts again.
    const actor = await actorFor(t.app, c.him.member);
    const later = await shareDatePlan(t.app.ctx, {
      actor,
      planId: c.plan.id,
      now: new Date(Date.now() + 25 * HOUR),
    });
    expect(later.status_url).toBe(first.status_url);
  });

  it('says the time is UTC for a place the member typed in, and that it is not a verified venue; e-mail only', async () => {
    const c = await plannedDate({
      place: { name: 'The pier', address: 'Santa Monica' },
      contact: { phone: undefined },
    });
    await setContact(c.him.session, { name: '', email: c.contact.email });
    const res = await post(c.him.session, `/api/date-plans/${c.plan.id}/share`);
    expect(res.json().sent).toEqual({ email: true, sms: false });
    const [mail] = await mailsTo(c.contact.email);
    expect(mail?.textBody).toContain(
      `When: ${formatInstantIn(c.startsAt, 'UTC')} (UTC: the place's own time zone is not known)`,
    );
    expect(mail?.textBody).toContain('Where: The pier, Santa Monica. Not a verified venue');
    expect(mail?.textBody).not.toContain('Hello');
  });
});

describe('the status page', () => {
  it('shows the contact exactly what the plan promises, without an account', async () => {
    const c = await plannedDate();
    const { status_url } = (await post(c.him.session, `/api/date-plans/${c.plan.id}/share`)).json();
    const res = await request(t.app, 'GET', `/api/date-status/${tokenOf(status_url)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toEqual({
      member: { first_name: 'Matteo', checked_in: false },
      other: { first_name: 'Sofia', verified: true, checked_in: false },
      time: {
        starts_at: c.startsAt.toISOString(),
        local: formatInstantIn(c.startsAt, 'America/Los_Angeles'),
        time_zone: 'America/Los_Angeles',
      },
      place: { name: 'Nobu', address: '903 N La Cienega Blvd', verified: true },
      status: 'Confirmed',
      timer: { state: 'off', check_at: null },
    });
    // The key set, exactly, at every level.
    expect(Object.keys(page).sort()).toEqual(['member', 'other', 'place', 'status', 'time', 'timer']);
    expect(Object.keys(page.member).sort()).toEqual(['checked_in', 'first_name']);
    expect(Object.keys(page.other).sort()).toEqual(['checked_in', 'first_name', 'verified']);
    expect(Object.keys(page.time).sort()).toEqual(['local', 'starts_at', 'time_zone']);
    expect(Object.keys(page.place).sort()).toEqual(['address', 'name', 'verified']);
    expect(Object.keys(page.timer).sort()).toEqual(['check_at', 'state']);
    expectNothingPrivate(res.body, c);

    // Who has checked in follows the plan; the contact sees it from the member's side.
    await t.app.ctx.db
      .update(datePlans)
      .set({ startsAt: new Date(Date.now() + 10 * MINUTE) })
      .where(eq(datePlans.id, c.plan.id));
    expect((await post(c.her.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU)).statusCode).toBe(200);
    const after = (await request(t.app, 'GET', `/api/date-status/${tokenOf(status_url)}`)).json();
    expect(after.member.checked_in).toBe(false);
    expect(after.other.checked_in).toBe(true);
  });

  it('is not found for an unknown token, nor 48 hours after the date', async () => {
    const c = await plannedDate();
    const { status_url } = (await post(c.him.session, `/api/date-plans/${c.plan.id}/share`)).json();
    for (const token of ['x'.repeat(43), 'not-a-token', tokenOf(status_url).slice(0, -1)]) {
      const res = await request(t.app, 'GET', `/api/date-status/${token}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    await t.app.ctx.db
      .update(datePlans)
      .set({ startsAt: new Date(Date.now() - 48 * HOUR - MINUTE) })
      .where(eq(datePlans.id, c.plan.id));
    expect((await request(t.app, 'GET', `/api/date-status/${tokenOf(status_url)}`)).statusCode).toBe(404);
  });
});

describe('the safety timer', () => {
  /** A confirmed date with the timer set for two hours from now, and the contact's status link. */
  async function timerSet(codeWord = 'Blue Heron') {
    const c = await plannedDate();
    const checkAt = new Date(Math.floor((Date.now() + 2 * HOUR) / MINUTE) * MINUTE);
    const set = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer`, {
      check_at: checkAt.toISOString(),
      code_word: codeWord,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().timer).toEqual({
      state: 'running',
      check_at: checkAt.toISOString(),
      location_shared: false,
    });
    return { ...c, checkAt, statusUrl: set.json().status_url as string };
  }
  const at = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);
  const alertMailsTo = async (address: string) =>
    (await mailsTo(address)).filter((m) => /did not answer|pressed SOS/.test(m.subject));
  const alertTextsTo = async (number: string) =>
    (await textsTo(number)).filter((m) => m.body.startsWith('Royal Circle ALERT'));

  it('asks "Are you OK?" at its time and, with no answer 15 minutes on, alerts the contact once with the last shared position', async () => {
    const c = await timerSet();
    const row = await watchOf(c.plan.id, c.him.member.id);
    expect(row?.timerCodeHash).toMatch(/^scrypt1\./);
    expect(row?.timerCodeHash?.toLowerCase()).not.toContain('heron');
    // Only the code word ends a running timer: another cannot push it back.
    const again = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer`, {
      check_at: at(c.checkAt, 60).toISOString(),
      code_word: 'other word',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(DATE_SAFETY_TEXT.timerRunning);

    const shared = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/location`, SHARED_POSITION);
    expect(shared.json().timer.location_shared).toBe(true);

    await watchOverDates(t.app.ctx, at(c.checkAt, -1));
    expect((await watchOf(c.plan.id, c.him.member.id))?.timerAskedAt).toBeNull();

    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
    await watchOverDates(t.app.ctx, c.checkAt);
    await t.app.ctx.units.outbox.settled();
    stop();
    expect((await watchOf(c.plan.id, c.him.member.id))?.timerAskedAt).toEqual(c.checkAt);
    const [asked] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.him.member.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(asked).toMatchObject({ title: 'Are you OK?', message: DATE_SAFETY_TEXT.areYouOk });
    const live = events.find(
      (m) =>
        m.kind === 'deliver' &&
        m.event.type === 'notification.created' &&
        m.userIds.includes(c.him.member.id),
    );
    expect(live).toBeDefined();
    const waiting = await request(t.app, 'GET', `/api/date-plans/${c.plan.id}/watch`, {
      session: c.him.session,
    });
    expect(waiting.json().timer.state).toBe('asking');
    expect((await request(t.app, 'GET', `/api/date-status/${tokenOf(c.statusUrl)}`)).json().timer).toEqual({
      state: 'asking',
      check_at: c.checkAt.toISOString(),
    });

    // A minute short of the answer time: nothing yet.
    await watchOverDates(t.app.ctx, at(c.checkAt, SAFETY_TIMER_ANSWER_MINUTES - 1));
    expect(await alertMailsTo(c.contact.email)).toEqual([]);

    // The alert is due: two runs at once (an instance each), and later runs, send it once.
    await Promise.all([
      watchOverDates(t.app.ctx, at(c.checkAt, SAFETY_TIMER_ANSWER_MINUTES)),
      watchOverDates(t.app.ctx, at(c.checkAt, SAFETY_TIMER_ANSWER_MINUTES)),
    ]);
    await watchOverDates(t.app.ctx, at(c.checkAt, 16));
    await watchOverDates(t.app.ctx, at(c.checkAt, 90));
    const mails = await alertMailsTo(c.contact.email);
    const texts = await alertTextsTo(c.contact.phone);
    expect(mails).toHaveLength(1);
    expect(texts).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('Matteo did not answer their safety timer');
    expect(mail?.kind).toBe('security');
    expect(mail?.textBody).toContain(
      `Matteo asked Royal Circle to check on them at ${formatInstantIn(c.checkAt, 'America/Los_Angeles')} and has not answered for 15 minutes.`,
    );
    expect(mail?.textBody).toContain('Where: Nobu, 903 N La Cienega Blvd.');
    expect(mail?.textBody).toContain(positionMapsUrl(SHARED_POSITION));
    expect(mail?.textBody).toContain(c.statusUrl);
    expect(texts[0]?.body).toContain('Royal Circle ALERT: Matteo did not answer their safety timer');
    expect(texts[0]?.body).toContain(positionMapsUrl(SHARED_POSITION));
    // The position was kept for the alert only.
    const alerted = await watchOf(c.plan.id, c.him.member.id);
    expect(alerted).toMatchObject({
      alertReason: 'timer',
      locationLat: null,
      locationLng: null,
      locationAt: null,
    });
    expect((await request(t.app, 'GET', `/api/date-status/${tokenOf(c.statusUrl)}`)).json().timer.state).toBe(
      'alerted',
    );
    // The code word after an alert tells the contact's page they are safe.
    const safe = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/ok`, {
      code_word: 'blue heron',
    });
    expect(safe.json().timer.state).toBe('safe');
    expect((await request(t.app, 'GET', `/api/date-status/${tokenOf(c.statusUrl)}`)).json().timer.state).toBe(
      'safe',
    );
  });

  it('ends with the code word (case and spacing aside): no question, no alert, the position deleted', async () => {
    const c = await timerSet();
    await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/location`, SHARED_POSITION);
    const wrong = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/ok`, {
      code_word: 'Red Heron',
    });
    expect(wrong.statusCode).toBe(403);
    // The refusal says that and nothing more.
    expect(wrong.json()).toEqual({
      error: { code: 'WRONG_CODE_WORD', message: DATE_SAFETY_TEXT.wrongCodeWord },
    });
    const right = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/ok`, {
      code_word: '  BLUE   heron ',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().timer).toEqual({
      state: 'safe',
      check_at: c.checkAt.toISOString(),
      location_shared: false,
    });
    expect(await watchOf(c.plan.id, c.him.member.id)).toMatchObject({
      timerCodeHash: null,
      locationLat: null,
      locationLng: null,
      locationAt: null,
    });
    await watchOverDates(t.app.ctx, c.checkAt);
    await watchOverDates(t.app.ctx, at(c.checkAt, 60));
    expect((await watchOf(c.plan.id, c.him.member.id))?.timerAskedAt).toBeNull();
    expect(await alertMailsTo(c.contact.email)).toEqual([]);
    expect(await alertTextsTo(c.contact.phone)).toEqual([]);
    const over = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/ok`, {
      code_word: 'blue heron',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(DATE_SAFETY_TEXT.noTimer);
    // A new timer may be set once the last has ended.
    const next = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer`, {
      check_at: at(c.checkAt, 30).toISOString(),
      code_word: 'green finch',
    });
    expect(next.json().timer.state).toBe('running');
  });

  it(`takes ${CODE_WORD_MAX_TRIES} wrong code words, then no more, and runs on to its alert`, async () => {
    const c = await timerSet();
    for (let i = 0; i < CODE_WORD_MAX_TRIES; i += 1)
      expect(
        (await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/ok`, { code_word: `guess ${i}` }))
          .statusCode,
      ).toBe(403);
    const locked = await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/ok`, {
      code_word: 'Blue Heron',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(DATE_SAFETY_TEXT.tooManyTries);
    await watchOverDates(t.app.ctx, c.checkAt);
    await watchOverDates(t.app.ctx, at(c.checkAt, SAFETY_TIMER_ANSWER_MINUTES));
    expect(await alertMailsTo(c.contact.email)).toHaveLength(1);
  });

  it('SOS alerts the contact at once, once for a double tap, and works across a block', async () => {
    const c = await timerSet();
    await post(c.him.session, `/api/date-plans/${c.plan.id}/timer/location`, SHARED_POSITION);
    const before = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.him.member.id));
    const sos = await post(c.him.session, `/api/date-plans/${c.plan.id}/sos`);
    expect(sos.statusCode, sos.body).toBe(200);
    expect(sos.json().timer).toMatchObject({ state: 'alerted', location_shared: false });
    expect((await post(c.him.session, `/api/date-plans/${c.plan.id}/sos`)).statusCode).toBe(200);
    const mails = await alertMailsTo(c.contact.email);
    expect(mails.map((m) => m.subject)).toEqual(['Matteo pressed SOS']);
    expect(mails[0]?.textBody).toContain('Matteo pressed the SOS button in Royal Circle at');
    expect(mails[0]?.textBody).toContain(positionMapsUrl(SHARED_POSITION));
    expect(mails[0]?.textBody).toContain('With: Sofia, a member whose identity Royal Circle has verified.');
    expectNothingPrivate(mails[0]?.textBody ?? '', c);
    const texts = await alertTextsTo(c.contact.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/^Royal Circle ALERT: Matteo pressed SOS at /);
    // Discreet: nothing appears on the member's own phone.
    const after = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.him.member.id));
    expect(after).toHaveLength(before.length);
    // The timer it replaced does not alert again.
    await watchOverDates(t.app.ctx, at(c.checkAt, 60));
    expect(await alertMailsTo(c.contact.email)).toHaveLength(1);

    // She blocks him; the plan is cancelled; his SOS still goes through, later on.
    await block(t.app, c.her.member.id, c.him.member.id);
    await settleDuePlans(t.app.ctx);
    expect(
      (await request(t.app, 'GET', `/api/date-plans/${c.plan.id}`, { session: c.him.session })).statusCode,
    ).toBe(404);
    expect((await post(c.him.session, `/api/date-plans/${c.plan.id}/sos`)).statusCode).toBe(200);
    await sendSos(t.app.ctx, {
      actor: await actorFor(t.app, c.him.member),
      planId: c.plan.id,
      now: new Date(Date.now() + 10 * MINUTE),
    });
    expect(await alertMailsTo(c.contact.email)).toHaveLength(2);
    const status = (await request(t.app, 'GET', `/api/date-status/${tokenOf(c.statusUrl)}`)).json();
    expect(status).toMatchObject({ status: 'Called off', timer: { state: 'alerted' } });
  });
});

describe('every safety route', () => {
  const routes = (planId: string): Array<['GET' | 'POST', string, unknown]> => [
    ['GET', `/api/date-plans/${planId}/watch`, undefined],
    ['POST', `/api/date-plans/${planId}/share`, {}],
    [
      'POST',
      `/api/date-plans/${planId}/timer`,
      { check_at: new Date(Date.now() + HOUR).toISOString(), code_word: 'blue heron' },
    ],
    ['POST', `/api/date-plans/${planId}/timer/ok`, { code_word: 'blue heron' }],
    ['POST', `/api/date-plans/${planId}/timer/location`, SHARED_POSITION],
    ['POST', `/api/date-plans/${planId}/sos`, {}],
  ];

  it('refuses a signed-out caller (401) and a member the plan is not theirs (404)', async () => {
    const c = await plannedDate();
    const stranger = await signedInMember(t.app, { tier: 2 });
    await setContact(stranger.session, newContact());
    for (const [method, url, body] of routes(c.plan.id)) {
      const anonymous = await request(t.app, method, url, body === undefined ? {} : { body });
      expect(anonymous.statusCode, url).toBe(401);
      const theirs = await request(t.app, method, url, {
        session: stranger.session,
        ...(body === undefined ? {} : { body }),
      });
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.json().error.code).toBe('NOT_FOUND');
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of routes(unknown)) {
      const res = await request(t.app, method, url, {
        session: c.him.session,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect(
      await t.app.ctx.db.select().from(datePlanWatches).where(eq(datePlanWatches.userId, stranger.member.id)),
    ).toEqual([]);
  });

  it('refuses malformed bodies with VALIDATION_FAILED and the form’s words', async () => {
    const c = await plannedDate();
    const url = `/api/date-plans/${c.plan.id}`;
    const soon = new Date(Date.now() + HOUR).toISOString();
    const cases: Array<[string, unknown, string]> = [
      ['/timer', {}, 'Choose when we should check in with you'],
      [
        '/timer',
        { check_at: 'at eleven', code_word: 'blue heron' },
        'Choose when we should check in with you',
      ],
      ['/timer', { check_at: soon }, 'Choose a code word'],
      ['/timer', { check_at: soon, code_word: 'abc' }, DATE_SAFETY_TEXT.codeWordShort],
      ['/timer', { check_at: soon, code_word: 'x'.repeat(41) }, DATE_SAFETY_TEXT.codeWordLong],
      [
        '/timer',
        { check_at: new Date(Date.now() - MINUTE).toISOString(), code_word: 'blue heron' },
        DATE_SAFETY_TEXT.checkAtPast,
      ],
      [
        '/timer',
        { check_at: new Date(Date.now() + 61 * HOUR).toISOString(), code_word: 'blue heron' },
        DATE_SAFETY_TEXT.checkAtTooLate,
      ],
      ['/timer/ok', {}, 'Choose a code word'],
      ['/timer/ok', { code_word: 'ab' }, DATE_SAFETY_TEXT.codeWordShort],
      ['/timer/location', { lat: 91, lng: 0 }, 'That is not a position on the map'],
      ['/timer/location', { lat: 'here' }, 'Share a position'],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(c.him.session, `${url}${path}`, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error, `${path} ${JSON.stringify(body)}`).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
      });
    }
    expect(await watchOf(c.plan.id, c.him.member.id)).toBeUndefined();
  });

  it('refuses what the date’s state does not allow (409)', async () => {
    const proposed = await plannedDate({ accept: false });
    const url = `/api/date-plans/${proposed.plan.id}`;
    const timer = { check_at: new Date(Date.now() + HOUR).toISOString(), code_word: 'blue heron' };
    for (const [path, body, message] of [
      ['/share', {}, DATE_SAFETY_TEXT.notOn],
      ['/timer', timer, DATE_SAFETY_TEXT.notOn],
      ['/sos', {}, DATE_SAFETY_TEXT.notWatched],
      ['/timer/ok', { code_word: 'blue heron' }, DATE_SAFETY_TEXT.noTimer],
      ['/timer/location', SHARED_POSITION, DATE_SAFETY_TEXT.noTimer],
    ] as const) {
      const res = await post(proposed.him.session, `${url}${path}`, body);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().error, path).toEqual({ code: 'CONFLICT', message });
    }
    // No emergency contact: nobody to share with or alert.
    const alone = await plannedDate();
    await setContact(alone.him.session, { name: 'Mamma Rossi' });
    for (const [path, body] of [
      ['/share', {}],
      ['/timer', timer],
      ['/sos', {}],
    ] as const) {
      const res = await post(alone.him.session, `/api/date-plans/${alone.plan.id}${path}`, body);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().error.message, path).toBe(DATE_SAFETY_TEXT.noContact);
    }
    // Two days after the date it is over.
    const past = await plannedDate();
    await t.app.ctx.db
      .update(datePlans)
      .set({ startsAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(datePlans.id, past.plan.id));
    for (const path of ['/share', '/sos'])
      expect((await post(past.him.session, `/api/date-plans/${past.plan.id}${path}`)).statusCode, path).toBe(
        409,
      );
  });
});
