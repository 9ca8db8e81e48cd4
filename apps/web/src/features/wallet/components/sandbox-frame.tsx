import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The payment sandbox's page frame (checkout and plan management): a card under a TEST MODE banner,
 * so nobody mistakes it for a real provider's page.
 */
export function SandboxFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-md rounded-3xl border border-border bg-surface p-6 shadow-2xl">
        <p
          role="note"
          className="flex items-center justify-center gap-2 rounded-full bg-amber-400 px-4 py-1.5 font-bold text-amber-950 text-sm uppercase tracking-[0.2em]"
        >
          <FlaskConical aria-hidden="true" className="size-4" />
          Test mode
        </p>
        <h1 className="mt-5 text-center font-display text-3xl text-foreground">{title}</h1>
        {subtitle && <p className="mt-1 text-center text-muted-foreground text-sm">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
