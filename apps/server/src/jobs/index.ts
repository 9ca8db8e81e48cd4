import type { AppContext } from '../context';
import { expireMatches } from '../modules/matches';
import { purgeVerificationImages } from '../modules/verification';
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
      // ID and selfie images are deleted 72 hours after the verification decision (DESIGN "Files").
      name: 'verification-image-purge',
      cron: '*/5 * * * *',
      run: () => purgeVerificationImages(ctx).then(() => undefined),
    },
  ];
}
