import { APP_VERSION } from '@royal/shared';
import { ChevronLeft } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { hasFinePointer } from '@/lib/focus';
import { FaqPanel } from './faq-panel';
import { HelpMenu, type HelpView } from './help-menu';
import { SupportRequestPanel } from './support-request-panel';

export const BACK_TO_HELP_LABEL = 'All help topics';

const HEADERS: Readonly<Record<HelpView | 'menu', { title: string; description: string }>> = {
  menu: { title: 'Help & Support', description: 'We are here for you, day and night.' },
  faq: { title: 'FAQ', description: 'Answers to what members ask us most.' },
  contact: {
    title: 'Contact Support',
    description: 'Write to the Royal Circle team. Only our team reads it.',
  },
  report: {
    title: 'Report an Issue',
    description: 'Something not working as it should? Tell us what happened and where.',
  },
};

/**
 * Help & Support (the settings panel and the More menu): the FAQ, a message to the team, the Safety
 * Center, a problem report, and the app version. Each card opens its page inside the dialog, with the
 * way back to the menu; closing the dialog starts it at the menu again.
 */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [view, setView] = useState<HelpView | null>(null);
  const { title, description } = HEADERS[view ?? 'menu'];

  const changeOpen = (next: boolean) => {
    if (!next) setView(null);
    onOpenChange(next);
  };

  // The card pressed is gone with the menu: on a touch screen the focus goes to the way back (with a
  // keyboard the page's first field has taken it). Back at the menu, it returns to the card the
  // member left by.
  const back = useRef<HTMLButtonElement>(null);
  const left = useRef<HelpView | null>(null);
  useEffect(() => {
    if (view !== null && !hasFinePointer()) back.current?.focus();
    if (view === null && left.current) {
      document.querySelector<HTMLElement>(`[data-help-view="${left.current}"]`)?.focus();
    }
    left.current = view;
  }, [view]);

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <ModalContent className="w-[min(30rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader title={title} description={description} />
        {view === null ? (
          <>
            <HelpMenu onOpen={setView} onLeave={() => changeOpen(false)} />
            <p className="mt-6 text-center text-muted-foreground text-sm">App Version {APP_VERSION}</p>
          </>
        ) : (
          <>
            <Button ref={back} variant="ghost" className="-ml-3 mt-2 px-3" onClick={() => setView(null)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {BACK_TO_HELP_LABEL}
            </Button>
            {view === 'faq' && <FaqPanel onContactSupport={() => setView('contact')} />}
            {view === 'contact' && (
              <SupportRequestPanel
                key="contact"
                messageLabel="How can we help?"
                onDone={() => changeOpen(false)}
              />
            )}
            {view === 'report' && (
              <SupportRequestPanel
                key="report"
                initialTopic="bug"
                messageLabel="What went wrong, and where in the app?"
                onDone={() => changeOpen(false)}
              />
            )}
          </>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}
