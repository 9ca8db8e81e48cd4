import { pushSubscriptionInputSchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { PUSH_OWNER_KEY } from '@/lib/member-device-data';
import { getPushKey, removePushSubscription, savePushSubscription } from './api/push-subscription';

// Push on this device (issue 40): the browser is asked for notifications only when the member taps
// 'Turn on notifications' (never on a page load); its subscription is then given to the server. A
// browser keeps one subscription whoever signs in, so the device remembers which member turned it
// on: for anyone else it shows as off, and turning it on moves it to them.

/** Where pushes stand on this device for the member. */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** The service worker starts with the app; a page that has none by then will not get one. */
const WORKER_WAIT_MS = 10_000;
export const WORKER_NOT_READY = 'Notifications are not ready on this page yet. Reload it and try again.';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The bytes of a base64url key (the VAPID public key, as the server gives it). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(PUSH_OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(memberId: string | null) {
  try {
    if (memberId) localStorage.setItem(PUSH_OWNER_KEY, memberId);
    else localStorage.removeItem(PUSH_OWNER_KEY);
  } catch {
    // Not remembered: the next visit shows the device as off, and turning it on again is harmless.
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function readyWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(WORKER_NOT_READY)), WORKER_WAIT_MS);
  });
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

async function stateOnThisDevice(memberId: string): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await currentSubscription().catch(() => null);
  return subscription && readOwner() === memberId ? 'on' : 'off';
}

async function turnOn(memberId: string): Promise<PushDeviceState> {
  // First, while the tap still counts as the member's (some browsers ask only then).
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { public_key } = await getPushKey();
  const applicationServerKey = keyBytes(public_key);
  const registration = await readyWorker();
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's keys changed): the browser refuses a second one beside it.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const fresh = subscription === null;
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  try {
    await savePushSubscription(pushSubscriptionInputSchema.parse(subscription.toJSON()));
  } catch (error) {
    // A subscription the server does not know would only fail later: let go of one made just now.
    if (fresh) await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  writeOwner(memberId);
  return 'on';
}

async function turnOff(): Promise<PushDeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    // The server forgets it first: no push is sent to a device that said no.
    await removePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  writeOwner(null);
  return 'off';
}

/** Pushes on this device for `memberId`: where they stand, and turning them on or off. */
export function usePushDevice(memberId: string) {
  const [state, setState] = useState<PushDeviceState>('checking');
  useEffect(() => {
    let current = true;
    void stateOnThisDevice(memberId).then((found) => {
      if (current) setState(found);
    });
    return () => {
      current = false;
    };
  }, [memberId]);

  const on = useMutation({
    mutationFn: () => turnOn(memberId),
    onSuccess: setState,
    onError: (error) => toast.error('Could not turn on notifications', { description: errorMessage(error) }),
  });
  const off = useMutation({
    mutationFn: turnOff,
    onSuccess: setState,
    onError: (error) => toast.error('Could not turn off notifications', { description: errorMessage(error) }),
  });
  return {
    state,
    pending: on.isPending || off.isPending,
    turnOn: () => on.mutate(),
    turnOff: () => off.mutate(),
  };
}
