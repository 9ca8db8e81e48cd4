import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * Rendering errors of a screen (spec part 2 §2), used as a route `errorElement`. React Router logs
 * the error; the member sees only this. Try Again reloads (a new deploy's chunks, fresh state).
 */
export function RouteErrorBoundary({ fullScreen = false }: { fullScreen?: boolean }) {
  const Wrapper = fullScreen ? 'main' : 'section';
  return (
    <Wrapper
      role={fullScreen ? undefined : 'alert'}
      className={
        fullScreen
          ? 'flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-center'
          : 'mx-auto mt-6 flex max-w-md flex-col items-center rounded-3xl border border-border bg-surface px-6 py-10 text-center'
      }
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-200">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 font-display text-2xl">Something went wrong</h1>
      <p className="mt-2 max-w-sm text-muted-foreground">
        An unexpected error occurred. Don't worry, your data is safe.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          Try Again
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home} reloadDocument>
            Go Home
          </Link>
        </Button>
      </div>
    </Wrapper>
  );
}
