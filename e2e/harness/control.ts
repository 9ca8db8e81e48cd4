import { createServer, type IncomingMessage } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../apps/server/src/app';
import { datePlans, events, peerTransfers, profiles, userBlocks } from '../../apps/server/src/db/schema';
import { lapseEndedSubscriptions } from '../../apps/server/src/modules/billing';
import { settleDuePlans } from '../../apps/server/src/modules/date-plans';
import { releaseDueTransfers } from '../../apps/server/src/modules/wallet';
import { freePort } from '../../apps/server/test/free-port';
import type { SmtpTestServer } from '../../apps/server/test/smtp';

/** What global setup hands the actions besides the app: the SMTP server the app sends its e-mail to. */
type ControlDeps = { app: App; smtp: SmtpTestServer };

/**
 * What a journey needs that no member can do in the app, done in global setup's process (the only
 * one holding the embedded database) when a journey asks, so that it happens at the moment the
 * journey needs it: a block (the app has no block button yet), a held transfer's cool-off over and the
 * release job run, a plan run out and the lapse job run. Each runs the server's own job code, not a
 * copy of it. Listens on loopback only, for the journeys' workers (`harnessControl` in fixtures.ts).
 */
const ACTIONS = {
  /** `blocker_id` blocks `blocked_id`, as the safety center's block writes it. */
  block: async ({ app }: ControlDeps, body: Record<string, string>) => {
    await app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: required(body, 'blocker_id'), blockedId: required(body, 'blocked_id') });
    return {};
  },
  /** The held transfer's cool-off is over and the release job runs (it settles every due transfer). */
  'release-transfer': async ({ app }: ControlDeps, body: Record<string, string>) => {
    await app.ctx.db
      .update(peerTransfers)
      .set({ releaseAt: sql`now() - interval '1 second'` })
      .where(eq(peerTransfers.id, required(body, 'transfer_id')));
    return releaseDueTransfers(app.ctx);
  },
  /** The member's plan ran out a minute ago without a renewal, and the lapse job runs. */
  'lapse-plan': async ({ app }: ControlDeps, body: Record<string, string>) => {
    await app.ctx.db
      .update(profiles)
      .set({ tierSubscriptionEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(profiles.userId, required(body, 'user_id')));
    return { lapsed: await lapseEndedSubscriptions(app.ctx) };
  },
  /**
   * The night has come for event `event_id`: it started two hours ago and its Freakoff opened five
   * minutes ago (an event cannot be created in the past, and journeys cannot wait until 2 AM).
   */
  'open-freakoff': async ({ app }: ControlDeps, body: Record<string, string>) => {
    await app.ctx.db
      .update(events)
      .set({
        dateTime: sql`now() - interval '2 hours'`,
        freakoffEnabled: true,
        freakoffStartTime: sql`now() - interval '5 minutes'`,
      })
      .where(eq(events.id, required(body, 'event_id')));
    return {};
  },
  /**
   * Date plan `plan_id` is set for `minutes` from now (negative: it began that long ago), since a
   * plan is proposed at least an hour ahead and journeys cannot wait for it. Answers the place's
   * position, for the browser's geolocation at the date.
   */
  'date-plan-time': async ({ app }: ControlDeps, body: Record<string, string>) => {
    const minutes = Number(required(body, 'minutes'));
    const [plan] = await app.ctx.db
      .update(datePlans)
      .set({ startsAt: new Date(Date.now() + minutes * 60_000) })
      .where(eq(datePlans.id, required(body, 'plan_id')))
      .returning({ lat: datePlans.placeLat, lng: datePlans.placeLng });
    if (!plan) throw new Error('no such plan');
    return plan;
  },
  /** No-show claim on plan `plan_id` was made a day and a minute ago, undisputed; the settlement job runs. */
  'settle-date-plan': async ({ app }: ControlDeps, body: Record<string, string>) => {
    await app.ctx.db
      .update(datePlans)
      .set({ claimedAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(datePlans.id, required(body, 'plan_id')));
    return settleDuePlans(app.ctx);
  },
  /**
   * The first e-mail to `to` (whose subject matches `subject`, a regular expression, when given) that
   * reached the SMTP server, waiting for it up to 30 s: the app sends from its outbox every few seconds.
   */
  mail: async ({ smtp }: ControlDeps, body: Record<string, string>) => {
    const subject = body.subject ? new RegExp(body.subject) : undefined;
    const mail = await smtp.waitForMail(required(body, 'to'), { subject, timeoutMs: 30_000 });
    return { subject: mail.subject, text: mail.text, html: mail.html };
  },
} as const;

export type ControlAction = keyof typeof ACTIONS;

function required(body: Record<string, string>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new Error(`${name} is required`);
  return value;
}

async function readJson(request: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

/** Starts the control server: POST /<action> with a JSON body answers the action's result as JSON. */
export async function startControl(deps: ControlDeps): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (request, response) => {
    const name = request.url?.slice(1) ?? '';
    const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name as ControlAction] : undefined;
    if (request.method !== 'POST' || !action) {
      response.writeHead(404).end();
      return;
    }
    try {
      const result = await action(deps, await readJson(request));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
