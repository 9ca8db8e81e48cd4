import type { AppContext } from '../context';
import { expireMatches } from '../modules/matches';
import { moderatePendingPhotos } from '../modules/moderation';
import { MODERATION_JOB } from '../modules/photos';
import type { JobDefinition } from './queue';

/**
 * Every background job and its schedule. Later work adds retention, purges, reconciliation and
 * e-mail delivery here.
 */
export function scheduledJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      // A match whose 48 hours pass before both members have written closes, and both are told.
      name: 'match-expiry',
      cron: '* * * * *',
      run: () => expireMatches(ctx),
    },
    {
      // New photos are scored on this server; an upload queues a run at once, the schedule is the
      // safety net (a queue hiccup, an instance that stopped mid-run).
      name: MODERATION_JOB,
      cron: '* * * * *',
      run: () => moderatePendingPhotos(ctx),
    },
  ];
}
