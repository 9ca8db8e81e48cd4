import { APP_VERSION } from '@royal/shared';
import { CircleHelp, Flag, Headset, type LucideIcon, ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { paths } from '@/lib/paths';

type HelpItem = { label: string; description: string; Icon: LucideIcon; to?: string };

const HELP_ITEMS: readonly HelpItem[] = [
  { label: 'FAQ', description: 'Answers to common questions', Icon: CircleHelp },
  { label: 'Contact Support', description: 'Get in touch with the Royal Circle team', Icon: Headset },
  {
    label: 'Safety Center',
    description: 'Safety settings, safe meeting places and appeals',
    Icon: ShieldCheck,
    to: paths.safety,
  },
  { label: 'Report an Issue', description: 'Tell us about a problem', Icon: Flag },
];

/** Help & Support (settings panel and More menu): where to get help, and the app version. */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="w-[min(28rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader title="Help & Support" description="We are here for you, day and night." />
        <ul className="mt-4 flex flex-col gap-2">
          {HELP_ITEMS.map(({ label, description, Icon, to }) => {
            const body = (
              <>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-muted text-primary dark:text-gold-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold">{label}</span>
                  <span className="text-muted-foreground text-sm">{description}</span>
                </span>
              </>
            );
            return (
              <li key={label}>
                {to ? (
                  <Link
                    to={to}
                    onClick={() => onOpenChange(false)}
                    className="flex min-h-11 items-center gap-3 rounded-2xl border border-border p-3 transition hover:bg-surface-muted"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="flex items-center gap-3 rounded-2xl border border-border p-3">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-center text-muted-foreground text-sm">App Version {APP_VERSION}</p>
      </ModalContent>
    </Dialog.Root>
  );
}
