import { APP_VERSION } from '@royal/shared';
import { CircleHelp, Flag, Headset, type LucideIcon, ShieldCheck, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
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
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-royal-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-foreground shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-display text-2xl">Help & Support</Dialog.Title>
              <Dialog.Description className="mt-1 text-muted-foreground text-sm">
                We are here for you, day and night.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-2 -mr-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-surface-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <ul className="mt-5 flex flex-col gap-2">
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
