import type { PushPayload } from '@royal/shared';
import { APP_FACES, type AppIdentity } from '../app-identity';

// What the service worker shows for a push (src/sw.ts): the server's payload (pushPayloadSchema,
// checked here by hand: zod would multiply the worker's size for four strings) in this device's face.

/** The words of a push that says nothing (shared DISCREET_NOTIFICATION_TEXT; a test keeps them equal). */
export const NEUTRAL_TEXT = 'New activity';
/** Where a tap goes when the push names nowhere usable. */
const HOME = '/app';

/** The notification's icon (beside the text) and badge (the status bar's monochrome mark) per face. */
const NOTICE_ICONS: Record<AppIdentity, { icon: string; badge: string }> = {
  royal: { icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' },
  neutral: { icon: '/icons/neutral-192.png', badge: '/icons/neutral-badge-96.png' },
};

export type PushNotice = {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { link: string } };
};

/** A path inside the app (one slash, then not another: `//host` would leave it), else the home. */
export function appLink(link: unknown): string {
  return typeof link === 'string' && /^\/(?![/\\])/.test(link) ? link : HOME;
}

function readPayload(data: unknown): PushPayload | null {
  if (!data || typeof data !== 'object') return null;
  const { title, body, link, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  if (typeof link !== 'string' || !link.startsWith('/')) return null;
  return { title, body, link, tag };
}

/**
 * The notification for a push's data (its JSON, or undefined when it had none or unreadable). A
 * payload that is not one still shows a notification (the browser requires one for every push:
 * `userVisibleOnly`), the neutral one. On a device that chose the neutral face, the icons are the
 * plain ones and the app's royal name, which a discreet push carries as its title, is the neutral one.
 */
export function pushNotice(data: unknown, face: AppIdentity): PushNotice {
  const name = APP_FACES[face].name;
  const payload = readPayload(data) ?? { title: name, body: NEUTRAL_TEXT, link: HOME, tag: 'activity' };
  const title = payload.title === APP_FACES.royal.name ? name : payload.title;
  return {
    title,
    options: {
      body: payload.body,
      tag: payload.tag,
      ...NOTICE_ICONS[face],
      data: { link: appLink(payload.link) },
    },
  };
}
