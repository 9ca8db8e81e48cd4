// Which face the installed app shows on this device (issue 40, the discretion package): the royal
// name and crown, or the neutral "Circle" with a plain icon. A device choice, not a member setting:
// it is about who can see this phone's home screen. The installed name comes from the manifest the
// page links when the app is installed, so the link is switched as soon as the choice is read.
// The service worker is told too: its notifications wear the same face (lib/service-worker).

import { tellWorker } from './service-worker/protocol';

export const APP_IDENTITIES = ['royal', 'neutral'] as const;
export type AppIdentity = (typeof APP_IDENTITIES)[number];

const STORAGE_KEY = 'rc.app-identity';

/** What each face links: its manifest, its icon for the tab and the home screen, its name. */
export const APP_FACES: Record<
  AppIdentity,
  { name: string; manifest: string; icon: string; touchIcon: string }
> = {
  royal: {
    name: 'Royal Circle',
    manifest: '/manifest.webmanifest',
    icon: '/favicon.svg',
    touchIcon: '/icons/apple-touch-icon.png',
  },
  neutral: {
    name: 'Circle',
    manifest: '/manifest-neutral.webmanifest',
    icon: '/icons/neutral.svg',
    touchIcon: '/icons/neutral-apple-touch-icon.png',
  },
};

export function readAppIdentity(): AppIdentity {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'neutral' ? 'neutral' : 'royal';
  } catch {
    // Storage refused (a private window's quota, a locked-down browser): the default face.
    return 'royal';
  }
}

/** Points the page's manifest and icon links at `identity`'s face (creating the links if missing). */
export function applyAppIdentity(identity: AppIdentity = readAppIdentity()) {
  const face = APP_FACES[identity];
  linkTo('manifest', face.manifest);
  linkTo('icon', face.icon);
  linkTo('apple-touch-icon', face.touchIcon);
}

/** Saves the choice on this device and applies it at once. */
export function chooseAppIdentity(identity: AppIdentity) {
  try {
    if (identity === 'royal') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, identity);
  } catch {
    // Not saved: applies for this visit only.
  }
  applyAppIdentity(identity);
  tellWorker({ type: 'APP_FACE', face: identity });
}

function linkTo(rel: string, href: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
