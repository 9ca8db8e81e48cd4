import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type StatusPanelProps = {
  Icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Buttons or links under the text. */
  children?: ReactNode;
  tone?: 'default' | 'danger' | 'royal';
  /** Heading level of the title (h2 by default; h1 when the panel is the whole page). */
  as?: 'h1' | 'h2' | 'h3';
  className?: string;
};

const TONES = {
  default: 'bg-surface-muted text-primary dark:text-gold-300',
  danger: 'bg-rose-100 text-rose-700 dark:bg-rose-900/50 dark:text-rose-200',
  royal: 'bg-royal-950 text-gold-300 ring-1 ring-gold-400/50',
} as const;

/** An empty, error or refusal state: icon, title, a line of text and what to do next. */
export function StatusPanel({
  Icon,
  title,
  description,
  children,
  tone = 'default',
  as: Heading = 'h2',
  className,
}: StatusPanelProps) {
  return (
    <section
      className={cn(
        'flex flex-col items-center rounded-3xl border border-border bg-surface px-6 py-10 text-center shadow-[0_20px_60px_-30px_rgba(44,20,80,0.35)]',
        className,
      )}
    >
      <span className={cn('flex size-14 shrink-0 items-center justify-center rounded-2xl', TONES[tone])}>
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="mt-4 font-display text-2xl text-foreground">{title}</Heading>
      {description && <p className="mt-2 max-w-sm text-muted-foreground">{description}</p>}
      {children && <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div>}
    </section>
  );
}
