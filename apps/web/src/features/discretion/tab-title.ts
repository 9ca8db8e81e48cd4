import { DISCREET_NOTIFICATION_TEXT } from '@royal/shared';

/** What the tab says while the screen is hidden: an ordinary page's title. */
export const NEUTRAL_TITLE = 'Reading list';

/**
 * The tab's title in the member area: the app's name on this device ('Royal Circle', or 'Circle' for
 * the neutral face); with something unread, its count before it ('(3) Royal Circle'), or only
 * 'New activity' for a member with discreet notifications (no count, no name: issue 40).
 */
export function tabTitle({
  appName,
  unread,
  discreet,
}: {
  appName: string;
  unread: number;
  discreet: boolean;
}): string {
  if (!(unread > 0)) return appName;
  if (discreet) return DISCREET_NOTIFICATION_TEXT;
  return `(${unread > 99 ? '99+' : unread}) ${appName}`;
}
