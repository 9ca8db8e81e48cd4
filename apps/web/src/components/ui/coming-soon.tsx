import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { CrownMark } from './crown';

export type ComingSoonProps = {
  /** The screen's name, shown as the page heading. */
  title: string;
  description?: string;
  /** Where the "back" link goes; the member home by default, none with `null`. */
  backTo?: { to: string; label: string } | null;
};

/** A placeholder panel for a screen that is not open yet. */
export function ComingSoon({
  title,
  description = 'We are polishing this part of the Royal Circle. It opens here soon.',
  backTo = { to: paths.app, label: 'Back to Swipe' },
}: ComingSoonProps) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="relative mx-auto mt-4 w-full max-w-xl motion-safe:animate-fade-in overflow-hidden rounded-3xl border border-border bg-surface px-6 py-12 text-center shadow-[0_20px_60px_-30px_rgba(44,20,80,0.45)]"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto size-56 rounded-full bg-gradient-to-b from-gold-300/40 to-royal-400/10 blur-3xl"
      />
      <div className="relative mx-auto flex size-16 items-center justify-center rounded-2xl bg-royal-950 ring-1 ring-gold-400/50">
        <CrownMark className="size-9" />
      </div>
      <p className="relative mt-6 inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-3 py-1 font-semibold text-accent-foreground text-xs uppercase tracking-[0.2em]">
        <Sparkles aria-hidden="true" className="size-3.5" />
        Coming soon
      </p>
      <h1 id="coming-soon-title" className="relative mt-4 font-display text-3xl text-foreground">
        {title}
      </h1>
      <p className="relative mx-auto mt-3 max-w-sm text-muted-foreground">{description}</p>
      {backTo && (
        <Link
          to={backTo.to}
          className="relative mt-8 inline-flex min-h-11 items-center justify-center rounded-full border border-border px-5 font-semibold text-foreground text-sm transition hover:bg-surface-muted"
        >
          {backTo.label}
        </Link>
      )}
    </section>
  );
}
