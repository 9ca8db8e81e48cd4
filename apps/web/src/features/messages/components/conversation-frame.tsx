import { ChevronLeft } from 'lucide-react';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { showsTwoPanes } from './use-chat-route';

export const BACK_TO_MESSAGES_LABEL = 'Back to messages';

/**
 * The frame of the conversation side of Messages, whatever it holds (a chat, its loading, a link to
 * no chat): a region named by its heading, with a header that starts with the way back to the list.
 * From lg the list stays beside it, so the back button is for phones and tablets only, and so is
 * Escape as the way back (on a desktop, Escape belongs to the popovers and menus over the page).
 */
export function ConversationFrame({
  labelledBy,
  onBack,
  header,
  children,
  className,
  ref,
}: {
  /** The id of the heading that names the region (the member's name, or the state's title). */
  labelledBy: string;
  onBack: () => void;
  /** The header's content after the back button. */
  header: ReactNode;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLElement>;
}) {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (showsTwoPanes()) return;
    event.preventDefault();
    onBack();
  }

  return (
    <section
      ref={ref}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      className={cn('flex h-full min-h-0 flex-col', className)}
    >
      <header className="flex items-center gap-2 border-border border-b px-2 py-2 lg:gap-3 lg:px-4 lg:py-3">
        <Button
          variant="ghost"
          size="icon"
          aria-label={BACK_TO_MESSAGES_LABEL}
          onClick={onBack}
          className="lg:hidden"
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </Button>
        {header}
      </header>
      {children}
    </section>
  );
}
