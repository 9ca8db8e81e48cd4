import { onTestFinished, vi } from 'vitest';

// A browser that can take pushes, for tests (happy-dom has no service worker, Push API or
// notifications): its permission, the member's answer when asked, its service worker's push manager.

/** The server's VAPID public key in the tests (base64url of these 65 bytes). */
export const TEST_VAPID_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
export const TEST_VAPID_KEY = btoa(String.fromCharCode(...TEST_VAPID_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

export const TEST_ENDPOINT = 'https://push.example.test/send/device-1';

class FakeSubscription {
  readonly endpoint = TEST_ENDPOINT;
  readonly options: { applicationServerKey: ArrayBuffer | null };
  readonly unsubscribe: () => Promise<boolean>;
  constructor(key: ArrayBuffer | null, onUnsubscribe: () => void) {
    this.options = { applicationServerKey: key };
    this.unsubscribe = vi.fn(async () => {
      onUnsubscribe();
      return true;
    });
  }
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
  }
}

type Permission = NotificationPermission;

export function fakePushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: {
  permission?: Permission;
  /** What the member answers when the browser asks. */
  answer?: Permission;
  /** A subscription already on this device (another visit, another member). */
  subscribed?: boolean;
} = {}) {
  let current: FakeSubscription | null = null;
  const keep = (key: ArrayBuffer | null) => {
    const subscription = new FakeSubscription(key, () => {
      if (current === subscription) current = null;
    });
    current = subscription;
    return subscription;
  };
  if (subscribed) keep(TEST_VAPID_BYTES.buffer.slice(0));

  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) =>
      keep(options.applicationServerKey.slice().buffer),
    ),
  };
  const registration = { pushManager };
  const state = { permission };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  onTestFinished(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });
  return { pushManager, requestPermission, subscription: () => current };
}
