import type { Me } from '@royal/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { PhotoBlurProvider } from '@/components/ui/photo-blur';
import { applyAppIdentity, readAppIdentity } from '@/lib/app-identity';
import { useHydrated } from '@/lib/use-hydrated';
import { appNameOf, useAppFace } from '../app-face';
import { QUICK_HIDE_KEY, syncAppLockCookie } from '../app-lock-cookie';
import { locksOnOpen, markSeen, pinDue, usePinRecord } from '../app-pin';
import { concealAllBut } from '../conceal';
import { readStored, removeStored, writeStored } from '../device-store';
import { NEUTRAL_TITLE, tabTitle } from '../tab-title';
import { LockScreen } from './lock-screen';
import { NeutralPage } from './neutral-page';

/** Two presses of Escape this close together hide the screen. */
export const DOUBLE_ESCAPE_MS = 800;
/** How often a visible, unused app checks whether its idle time has run out. */
const IDLE_CHECK_MS = 5_000;
/** The last use is written down at most this often (it only has to survive a reload). */
const SEEN_WRITE_MS = 10_000;

/** What covers the member area: the PIN's lock, or the neutral page of quick-hide. */
type Cover = 'lock' | 'neutral' | null;

const QuickHideContext = createContext<(() => void) | null>(null);

/** Hides the screen at once (quick-hide); null outside the member area. */
export function useQuickHide(): (() => void) | null {
  return useContext(QuickHideContext);
}

/** How the app opens for the member on this device: hidden if this tab was, locked if the PIN is due. */
function coverOnOpen(memberId: string): Cover {
  if (typeof window === 'undefined') return null;
  if (readStored('session', QUICK_HIDE_KEY) === memberId) return 'neutral';
  return locksOnOpen(memberId) ? 'lock' : null;
}

export type DiscretionGateProps = {
  member: Me;
  /** Unread notifications, for the tab's title. */
  unread: number;
  /** The member's 'Discreet notifications' (undefined until the settings load: discreet meanwhile). */
  discreetNotifications: boolean | undefined;
  /** The member's 'Blur photos until tapped'. */
  blurPhotos: boolean;
  children: ReactNode;
};

/**
 * The discretion package around the member area (issue 40): the app PIN, asked on opening and after
 * the member's idle time, before anything of the member's is drawn; quick-hide (Escape twice, or the
 * top bar's button) that puts a neutral page in place of the screen at once; the tab's title and
 * icon; and blurred photos. The session stays throughout: what is hidden is kept as it was.
 *
 * A page rendered on the server (docs/decisions/017) is hydrated as it was drawn; a cover due on
 * this device comes right after (the server cannot know of it: see app-lock-cookie.ts).
 */
export function DiscretionGate({
  member,
  unread,
  discreetNotifications,
  blurPhotos,
  children,
}: DiscretionGateProps) {
  const hydrated = useHydrated();
  const record = usePinRecord(member.id);
  const face = useAppFace();
  const [cover, setCover] = useState<Cover>(() => coverOnOpen(member.id));
  // The member area is drawn once the member is in: never behind a lock they have not passed yet.
  const [opened, setOpened] = useState(cover === null);
  // Each cover starts the photos' reveals over.
  const [covers, setCovers] = useState(0);
  const shown = hydrated ? cover : null;
  const lastFocus = useRef<Element | null>(null);

  const coverWith = useCallback((next: Exclude<Cover, null>) => {
    lastFocus.current = document.activeElement;
    setCover(next);
    setCovers((count) => count + 1);
  }, []);
  const hide = useCallback(() => coverWith('neutral'), [coverWith]);
  const uncover = useCallback(() => {
    markSeen(member.id);
    setCover(null);
    setOpened(true);
  }, [member.id]);

  // A lock without a PIN (removed in another tab) locks nothing. (Not while hydrating: the PIN is
  // read only once the page is the browser's.)
  useEffect(() => {
    if (hydrated && cover === 'lock' && !record) uncover();
  }, [hydrated, cover, record, uncover]);

  // The cover goes in a place of its own on <body>, and everything else out of sight, before the
  // next paint.
  const [host, setHost] = useState<HTMLElement | null>(null);
  const covered = shown !== null;
  useLayoutEffect(() => {
    if (!covered) return;
    const element = document.createElement('div');
    element.dataset.discretionCover = '';
    document.body.append(element);
    const restore = concealAllBut(element);
    setHost(element);
    return () => {
      restore();
      element.remove();
      setHost(null);
      const focused = lastFocus.current;
      if (focused instanceof HTMLElement && focused.isConnected) focused.focus({ preventScroll: true });
    };
  }, [covered]);

  // A hidden screen stays hidden through a reload of this tab.
  useEffect(() => {
    if (!hydrated) return;
    if (cover === 'neutral') writeStored('session', QUICK_HIDE_KEY, member.id);
    else removeStored('session', QUICK_HIDE_KEY);
    syncAppLockCookie();
  }, [hydrated, cover, member.id]);
  useEffect(
    () => () => {
      removeStored('session', QUICK_HIDE_KEY);
      syncAppLockCookie();
    },
    [],
  );

  // The tab: a neutral title and icon while hidden; the app's name (and unread count) otherwise.
  const appName = appNameOf(face);
  const title =
    shown === 'neutral'
      ? NEUTRAL_TITLE
      : shown === 'lock'
        ? appName
        : tabTitle({ appName, unread, discreet: discreetNotifications ?? true });
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    applyAppIdentity(shown === 'neutral' ? 'neutral' : face);
  }, [shown, face]);
  useEffect(
    () => () => {
      document.title = appNameOf(readAppIdentity());
      applyAppIdentity();
    },
    [],
  );

  // Escape twice. An Escape that something on the page used (it closed a dialog) does not count.
  useEffect(() => {
    if (shown !== null) return;
    let last = Number.NEGATIVE_INFINITY;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.repeat || event.isComposing) return;
      if (event.defaultPrevented) {
        last = Number.NEGATIVE_INFINITY;
        return;
      }
      const now = performance.now();
      if (now - last <= DOUBLE_ESCAPE_MS) {
        last = Number.NEGATIVE_INFINITY;
        hide();
      } else last = now;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, hide]);

  // The PIN again after the member's idle time: out of sight that long ('Immediately': as soon as the
  // app is out of sight), or on screen but unused that long.
  useEffect(() => {
    if (shown !== null || !record) return;
    let lastActive = Date.now();
    let writtenAt = 0;
    const note = (at: number) => {
      writtenAt = at;
      markSeen(member.id, at);
    };
    const active = () => {
      lastActive = Date.now();
      if (lastActive - writtenAt >= SEEN_WRITE_MS) note(lastActive);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        lastActive = Date.now();
        note(lastActive);
        if (record.lock_after_ms === 0) coverWith('lock');
      } else if (pinDue(record, Date.now() - lastActive)) coverWith('lock');
    };
    const idle =
      record.lock_after_ms > 0
        ? setInterval(() => {
            if (document.visibilityState === 'visible' && Date.now() - lastActive >= record.lock_after_ms)
              coverWith('lock');
          }, IDLE_CHECK_MS)
        : undefined;
    const onLeave = () => note(lastActive);
    note(lastActive);
    const activity = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const type of activity) window.addEventListener(type, active, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(idle);
      for (const type of activity) window.removeEventListener(type, active, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
    };
  }, [shown, record, member.id, coverWith]);

  const ownPhotos = useMemo(
    () => [member.avatar, ...member.photos.map((photo) => photo.url)],
    [member.avatar, member.photos],
  );

  return (
    <QuickHideContext value={hide}>
      <PhotoBlurProvider enabled={blurPhotos} ownPhotos={ownPhotos} resetKey={covers}>
        {(!hydrated || opened) && children}
      </PhotoBlurProvider>
      {host &&
        shown &&
        createPortal(
          shown === 'neutral' ? (
            <NeutralPage memberId={member.id} record={record} onReturn={uncover} />
          ) : record ? (
            <LockScreen memberId={member.id} record={record} appName={appName} onUnlocked={uncover} />
          ) : null,
          host,
        )}
    </QuickHideContext>
  );
}
