import { Link } from 'react-router';
import { CrownMark } from '@/components/ui/crown';
import { paths } from '@/lib/paths';

/** Any unknown path (spec part 2 §2). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-center">
      <CrownMark className="size-14" />
      <p className="mt-6 font-display text-7xl text-primary dark:text-gold-300">404</p>
      <h1 className="mt-2 font-display text-3xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link
        to={paths.home}
        className="mt-8 inline-flex min-h-11 items-center justify-center rounded-full bg-primary px-6 font-semibold text-primary-foreground text-sm shadow-sm transition hover:brightness-110"
      >
        Return to Home
      </Link>
    </main>
  );
}
