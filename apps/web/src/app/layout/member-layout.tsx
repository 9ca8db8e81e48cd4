import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useDarkModeSync } from '@/features/settings';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/**
 * The signed-in frame: a fixed top bar, the navigation (bottom bar on phones, side rail from lg)
 * and the content, which may use the width it gets (screens cap their own reading width).
 */
export function MemberLayout() {
  useDarkModeSync();
  return (
    <div className="min-h-dvh">
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
        <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:max-w-6xl lg:px-10">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
