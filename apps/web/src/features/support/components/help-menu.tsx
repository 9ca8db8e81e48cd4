import { ChevronRight, CircleHelp, Flag, Headset, type LucideIcon, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** The Help dialog's pages besides its menu. */
export type HelpView = 'faq' | 'contact' | 'report';

type HelpCard = { label: string; description: string; Icon: LucideIcon } & (
  | { view: HelpView }
  | { to: string }
);

const HELP_CARDS: readonly HelpCard[] = [
  { label: 'FAQ', description: 'Answers to common questions', Icon: CircleHelp, view: 'faq' },
  {
    label: 'Contact Support',
    description: 'Get in touch with the Royal Circle team',
    Icon: Headset,
    view: 'contact',
  },
  {
    label: 'Safety Center',
    description: 'Safety settings, safe meeting places and appeals',
    Icon: ShieldCheck,
    to: paths.safety,
  },
  {
    label: 'Report an Issue',
    description: 'Tell us about a problem with the app',
    Icon: Flag,
    view: 'report',
  },
];

const CARD =
  'flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-2xl border border-border p-3 text-left transition hover:bg-surface-muted';

/** The four ways to get help: three open a page of the dialog, the Safety Center is a screen. */
export function HelpMenu({ onOpen, onLeave }: { onOpen: (view: HelpView) => void; onLeave: () => void }) {
  return (
    <ul className="mt-4 flex flex-col gap-2">
      {HELP_CARDS.map((card) => (
        <li key={card.label}>
          {'view' in card ? (
            <button
              type="button"
              data-help-view={card.view}
              onClick={() => onOpen(card.view)}
              className={CARD}
            >
              <CardBody {...card} />
            </button>
          ) : (
            <Link to={card.to} onClick={onLeave} className={CARD}>
              <CardBody {...card} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function CardBody({ label, description, Icon }: { label: ReactNode; description: string; Icon: LucideIcon }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-muted text-primary dark:text-gold-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex flex-1 flex-col">
        <span className="font-semibold">{label}</span>
        <span className="text-muted-foreground text-sm">{description}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </>
  );
}
