import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CrownMark } from '@/components/ui/crown';
import { RoyalBackdrop } from '@/components/ui/royal-backdrop';
import { paths } from '@/lib/paths';

/**
 * The frame of the pages a visitor sees before signing in (landing, waitlist): the night-royal
 * backdrop and a header with the name and Sign In. `homeLink` makes the name lead back to the
 * landing page (on the landing page itself it is plain text).
 */
export function PublicPage({ homeLink = false, children }: { homeLink?: boolean; children: ReactNode }) {
  const name = (
    <>
      <CrownMark className="size-7" />
      Royal Circle
    </>
  );
  return (
    <div className="relative min-h-dvh overflow-x-hidden theme-night bg-night text-ivory">
      <RoyalBackdrop />
      <header className="safe-top safe-x relative z-10">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-5">
          {homeLink ? (
            <Link
              to={paths.landing}
              className="flex min-h-11 items-center gap-2 font-display font-semibold text-xl"
            >
              {name}
            </Link>
          ) : (
            <span className="flex items-center gap-2 font-display font-semibold text-xl">{name}</span>
          )}
          <Link
            to={paths.signIn}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-gold-200 text-sm transition hover:bg-white/10"
          >
            Sign In
          </Link>
        </div>
      </header>
      {children}
    </div>
  );
}
