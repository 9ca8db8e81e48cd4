import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDarkModeSync } from '@/features/settings';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/** The signed-in frame: fixed top bar and bottom navigation around a centered content column. */
export function MemberLayout() {
  useDarkModeSync();
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main-content" tabIndex={-1} className="pt-topbar pb-bottomnav safe-x focus:outline-none">
        <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <BottomNav />
    </div>
  );
}
