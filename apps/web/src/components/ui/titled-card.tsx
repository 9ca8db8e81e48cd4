import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/**
 * A titled card of a settings-like page (Edit Profile's sections, Advanced Settings): a heading with
 * its icon that names the section for assistive technology. `id` is the heading's, when the page
 * links to it; otherwise one is made.
 */
export function TitledCard({
  Icon,
  title,
  children,
  id,
}: {
  Icon: LucideIcon;
  title: string;
  children: ReactNode;
  id?: string;
}) {
  const madeId = useId();
  const titleId = id ?? madeId;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-3xl border border-border bg-surface p-4 shadow-[0_12px_32px_-24px_rgba(44,20,80,0.45)] sm:p-5"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-display text-foreground text-xl">
        <Icon aria-hidden="true" className="size-5 text-primary dark:text-gold-300" />
        {title}
      </h2>
      {children}
    </section>
  );
}
