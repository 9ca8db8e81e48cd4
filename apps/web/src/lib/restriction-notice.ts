import { type AccountRestriction, restrictionOf } from '@royal/shared';

// Why a member was just suspended or banned, carried from their open tab (the `account.restricted`
// realtime event, which ends the session) to the sign-in screen that tab is sent to. Kept in this
// tab's sessionStorage only: it holds no more than the member is shown there, and leaves with the tab.

const KEY = 'rc.restriction-notice';

export function rememberRestriction(restriction: AccountRestriction): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(restriction));
  } catch {
    // Storage refused (private mode, full): the sign-in screen will tell them at their next sign-in.
  }
}

/** The notice left for the sign-in screen, read once: a reload of the screen shows it no more. */
export function takeRestriction(): AccountRestriction | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return stored ? restrictionOf(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}
