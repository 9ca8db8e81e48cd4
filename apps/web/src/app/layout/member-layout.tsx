import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { ConfirmEmailBanner, useCurrentMember } from '@/features/auth';
import { DiscretionGate } from '@/features/discretion';
import { ChatOutboxProvider } from '@/features/messages';
import { useNotifications } from '@/features/notifications';
import { useDarkModeSync, useMemberSettings } from '@/features/settings';
import { RealtimeProvider, useRealtimeState } from '@/lib/realtime-context';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/**
 * The signed-in frame: a fixed top bar, the navigation (bottom bar on phones, side rail from lg)
 * and the content column: one width for every member page (styles.css `content-column`, decision 043);
 * pages fill it and hold only running text to the reading measure.
 */
export function MemberLayout() {
  useDarkModeSync();
  const me = useCurrentMember();
  const settings = useMemberSettings().data;
  const unread = useNotifications().data?.unread_count ?? 0;
  // The discretion package (issue 40) goes around all of it: behind the app PIN nothing of the
  // member's is drawn, not even the live connection's notices.
  return (
    <DiscretionGate
      member={me}
      unread={unread}
      discreetNotifications={settings?.discreet_notifications}
      blurPhotos={settings?.blur_photos ?? false}
    >
      <RealtimeProvider>
        {/* Messages written offline go out when the connection returns, wherever the member is. */}
        <ChatOutboxProvider>
          <MemberFrame />
        </ChatOutboxProvider>
      </RealtimeProvider>
    </DiscretionGate>
  );
}

/** A quiet note while the live connection is down (after it had been up): updates resume on reconnect. */
function OfflineNote() {
  const { state, everJoined } = useRealtimeState();
  if (!everJoined || state === 'joined') return null;
  return (
    <p
      role="status"
      className="fixed top-[calc(var(--topbar-height,4rem)+0.5rem)] left-1/2 z-40 -translate-x-1/2 rounded-full border border-border bg-surface/95 px-3 py-1 text-muted-foreground text-xs shadow"
    >
      Reconnecting… live updates paused
    </p>
  );
}

function MemberFrame() {
  return (
    <div className="min-h-dvh">
      <OfflineNote />
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <TopBar />
      <BottomNav />
      <main
        id="main-content"
        tabIndex={-1}
        className="pt-topbar pb-bottomnav pl-sidenav safe-x focus:outline-none"
      >
        {/* A phone on its side keeps little height: a slimmer margin above and below the page. */}
        <div className="content-column py-6 [@media(max-height:500px)]:py-2">
          <ConfirmEmailBanner />
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
