import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { EventRecipes } from '../db/outbox';
import { relayStrandedEvents, STRANDED_AFTER_MS } from '../db/relay';
import { pausePoint } from '../lib/pause-point';
import { SWIPE_EVENTS_RECIPE, swipeEventsRecipe } from '../modules/discovery';
import { sendQueuedEmails } from '../modules/mail';
import { SENT_MESSAGE_RECIPE, sentMessageRecipe } from '../modules/messaging';

/** How often each instance's delivery worker looks at the outboxes. */
export const DELIVERY_INTERVAL_MS = 1_000;

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
  };
}

/**
 * One pass of the delivery worker: the events a dead process left (older than STRANDED_AFTER_MS),
 * then the queued e-mails. Tests call it directly.
 */
export async function deliverOnce(ctx: AppContext, recipes = eventRecipes(ctx)) {
  const events = await relayStrandedEvents({ ...ctx.units, recipes });
  const emails = await sendQueuedEmails({
    db: ctx.db,
    log: ctx.log,
    transport: ctx.mail,
    beforeCommit: () => pausePoint(ctx.config, MAIL_BEFORE_COMMIT),
  });
  return { events, emails };
}

/**
 * The delivery worker, on every instance (the row locks share the work out): a pass every
 * DELIVERY_INTERVAL_MS, never two at once. The first waits STRANDED_AFTER_MS, so the members of an
 * instance that has just restarted are back on their sockets (they retry after 1, 2 and 5 s) before
 * the events it left behind go out.
 */
export function startDeliveryWorker(ctx: AppContext, log: FastifyBaseLogger) {
  const recipes = eventRecipes(ctx);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = deliverOnce(ctx, recipes)
        .then(() => undefined)
        .catch((error) => log.error({ err: error }, 'delivery pass failed'))
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(DELIVERY_INTERVAL_MS);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(STRANDED_AFTER_MS);
  return {
    /** Stops the timer and waits for a pass under way. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
