import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { EventRecipes } from '../db/outbox';
import { relayStrandedEvents, STRANDED_AFTER_MS } from '../db/relay';
import { pausePoint } from '../lib/pause-point';
import { SWIPE_EVENTS_RECIPE, swipeEventsRecipe } from '../modules/discovery';
import { sendQueuedEmails } from '../modules/mail';
import { SENT_MESSAGE_RECIPE, sentMessageRecipe } from '../modules/messaging';
import { sendPushes } from '../modules/push';
import { sendQueuedSms } from '../modules/sms';
import { TRANSFER_EVENTS_RECIPE, transferEventsRecipe } from '../modules/wallet';
import type { MailTransport } from '../ports/mail';
import type { PushSender } from '../ports/push';
import type { SmsTransport } from '../ports/sms';

/** How often each instance's delivery worker looks at the outboxes. */
export const DELIVERY_INTERVAL_MS = 1_000;

/** How long the mail transport may take to accept one e-mail before the hand-over counts as refused. */
export const MAIL_SEND_TIMEOUT_MS = 30_000;

/**
 * How long a push service may take to accept one push. Shorter than the mail's: a push is sent with
 * no transaction open (modules/push/delivery.ts), but a pass waits for its slowest sends.
 */
export const PUSH_SEND_TIMEOUT_MS = 10_000;

/** Where the restart tests stop the server: a mail pass has handed an e-mail over, its row is not committed. */
export const MAIL_BEFORE_COMMIT = 'mail.before-commit';

/**
 * Every rebuild of events recorded by reference, by the name the recording statement gives its row
 * (decision 034): the worker publishes a dead process's events with the code that built them.
 */
export function eventRecipes(ctx: AppContext): EventRecipes {
  return {
    [SENT_MESSAGE_RECIPE]: (body, work) => sentMessageRecipe(ctx, body, work),
    [SWIPE_EVENTS_RECIPE]: (body, work) => swipeEventsRecipe(body, work),
    [TRANSFER_EVENTS_RECIPE]: (body, work) => transferEventsRecipe(body, work),
  };
}

/**
 * One pass of the delivery worker: the events a dead process left (older than STRANDED_AFTER_MS),
 * then the queued e-mails, texts and pushes. Tests call it directly; the worker runs the four apart.
 */
export async function deliverOnce(ctx: AppContext, recipes = eventRecipes(ctx)) {
  return {
    events: await relayEvents(ctx, recipes),
    emails: await sendEmails(ctx),
    texts: await sendTexts(ctx),
    pushes: await pushOnce(ctx),
  };
}

const relayEvents = (ctx: AppContext, recipes: EventRecipes) =>
  relayStrandedEvents({ ...ctx.units, recipes });

const sendEmails = (ctx: AppContext, sendTimeoutMs = MAIL_SEND_TIMEOUT_MS) =>
  sendQueuedEmails({
    db: ctx.db,
    log: ctx.log,
    transport: withSendTimeout(ctx.mail, sendTimeoutMs),
    beforeCommit: () => pausePoint(ctx.config, MAIL_BEFORE_COMMIT),
  });

const sendTexts = (ctx: AppContext, sendTimeoutMs = MAIL_SEND_TIMEOUT_MS) =>
  sendQueuedSms({ db: ctx.db, log: ctx.log, transport: withSmsTimeout(ctx.sms, sendTimeoutMs) });

const pushOnce = (ctx: AppContext, sendTimeoutMs = PUSH_SEND_TIMEOUT_MS) =>
  sendPushes({ db: ctx.db, log: ctx.log, sender: withPushTimeout(ctx.push, sendTimeoutMs) });

/**
 * The transport with each hand-over bounded. A transport that never answers would hold its e-mail's
 * transaction and row lock for ever (on PGlite, the one connection every request needs); after the
 * timeout the hand-over counts as a refusal and is tried again later with the same id, which lets a
 * downstream server recognise one that did go out (ports/mail.ts).
 */
export function withSendTimeout(transport: MailTransport, timeoutMs: number): MailTransport {
  return { kind: transport.kind, send: bounded((email) => transport.send(email), timeoutMs, 'mail') };
}

/** The SMS transport bounded the same way, for the same reason (ports/sms.ts). */
export function withSmsTimeout(transport: SmsTransport, timeoutMs: number): SmsTransport {
  return { kind: transport.kind, send: bounded((sms) => transport.send(sms), timeoutMs, 'SMS') };
}

/**
 * The push sender bounded the same way: a push service that never answers would hold its pass (and
 * the pushes behind it), though no transaction, until its lease ran out.
 */
export function withPushTimeout(sender: PushSender, timeoutMs: number): PushSender {
  const send = bounded(
    ([target, push]: Parameters<PushSender['send']>) => sender.send(target, push),
    timeoutMs,
    'push',
  );
  return { kind: sender.kind, send: (target, push) => send([target, push]) };
}

function bounded<M>(send: (message: M) => Promise<void>, timeoutMs: number, what: string) {
  return (message: M) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the ${what} transport did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      send(message)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
}

export type DeliveryTimings = {
  /** The first pass of each loop (STRANDED_AFTER_MS). */
  firstPassAfterMs: number;
  /** Between a pass's end and the next (DELIVERY_INTERVAL_MS). */
  intervalMs: number;
  /** MAIL_SEND_TIMEOUT_MS (a text's hand-over is bounded by it too). */
  mailSendTimeoutMs: number;
  /** PUSH_SEND_TIMEOUT_MS. */
  pushSendTimeoutMs: number;
};

/**
 * The delivery worker, on every instance (the row locks share the work out): four loops, one each
 * for the events, the e-mails, the texts and the pushes, so that a slow or silent transport never
 * holds the others up.
 * Each runs a pass every DELIVERY_INTERVAL_MS, never two at once. The first waits STRANDED_AFTER_MS,
 * so the members of an instance that has just restarted are back on their sockets (they retry after
 * 1, 2 and 5 s) before the events it left behind go out.
 */
export function startDeliveryWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
  timings: Partial<DeliveryTimings> = {},
) {
  const {
    firstPassAfterMs = STRANDED_AFTER_MS,
    intervalMs = DELIVERY_INTERVAL_MS,
    mailSendTimeoutMs = MAIL_SEND_TIMEOUT_MS,
    pushSendTimeoutMs = PUSH_SEND_TIMEOUT_MS,
  } = timings;
  const recipes = eventRecipes(ctx);
  const every = { firstPassAfterMs, intervalMs, log };
  const loops = [
    repeatPass(() => relayEvents(ctx, recipes), { ...every, failure: 'event delivery pass failed' }),
    repeatPass(() => sendEmails(ctx, mailSendTimeoutMs), { ...every, failure: 'mail delivery pass failed' }),
    repeatPass(() => sendTexts(ctx, mailSendTimeoutMs), { ...every, failure: 'SMS delivery pass failed' }),
    repeatPass(() => pushOnce(ctx, pushSendTimeoutMs), { ...every, failure: 'push delivery pass failed' }),
  ];
  return {
    /** Stops the timers and waits for the passes under way. */
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}

/** Runs `pass` after `firstPassAfterMs`, then `intervalMs` after each pass ends, logging its failures. */
function repeatPass(
  pass: () => Promise<unknown>,
  options: { firstPassAfterMs: number; intervalMs: number; log: FastifyBaseLogger; failure: string },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = pass()
        .then(() => undefined)
        .catch((error) => options.log.error({ err: error }, options.failure))
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(options.intervalMs);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(options.firstPassAfterMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
