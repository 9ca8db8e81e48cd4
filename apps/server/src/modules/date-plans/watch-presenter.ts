import type { DateWatch } from '@royal/shared';
import type { AppContext } from '../../context';
import { statusUrl, timerStateOf, type WatchRow } from './watch-row';

/** The member's own watch over a plan: what they shared, their timer, the last alert. */
export function presentWatch(ctx: Pick<AppContext, 'secrets' | 'config'>, row: WatchRow | null): DateWatch {
  const state = timerStateOf(row);
  return {
    shared_at: row?.sharedAt?.toISOString() ?? null,
    status_url: row ? statusUrl(ctx, row.id) : null,
    timer: {
      state,
      check_at: state === 'off' ? null : (row?.timerCheckAt?.toISOString() ?? null),
      location_shared: row?.locationAt != null,
    },
    alerted_at: row?.alertedAt?.toISOString() ?? null,
  };
}
