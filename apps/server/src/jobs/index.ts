import type { AppContext } from '../context';
import { expireMatches } from '../modules/matches';
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
  ];
}
