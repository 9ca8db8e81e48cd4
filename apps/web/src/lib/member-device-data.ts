// What this browser keeps for the signed-in member outside the server's session, and forgets when
// they sign out (issue 40): a shared phone must not go on receiving their pushes, nor keep the text
// of messages they wrote offline and never sent.

/** The member who turned pushes on for this browser (features/settings/push-device.ts). */
export const PUSH_OWNER_KEY = 'rc.push-owner';

/** A member's offline chat queue is kept under this prefix and their id (features/messages). */
export const CHAT_OUTBOX_KEY_PREFIX = 'rc.chat-outbox.';

/**
 * Lets go of this browser's push subscription (the push service then answers the server 410 and the
 * server drops it: no session is needed for that) and of the chat queues. Never fails.
 */
export async function forgetMemberDeviceData(): Promise<void> {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key === PUSH_OWNER_KEY || key.startsWith(CHAT_OUTBOX_KEY_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept in it.
  }
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // No worker or no push here: nothing to let go of.
  }
}
