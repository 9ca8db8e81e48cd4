import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ComponentProps, type ReactNode, useMemo, useRef } from 'react';
import { cn } from '@/lib/cn';
import { bothRefs } from '@/lib/refs';
import { useScrollEdges } from '@/lib/scroll-edges';

/**
 * A centred Radix dialog panel with the app's overlay: use inside `<Dialog.Root>` and give it a
 * `<Dialog.Title>` and `<Dialog.Description>` (Radix labels the dialog with them), or a
 * `<ModalHeader>`, which keeps the title and a close button in reach while the rest scrolls.
 *
 * The panel fits the screen at any size: less padding on narrow screens (`--panel-pad`), and when
 * its content is taller than the screen the panel scrolls, with a fade at its bottom edge for as
 * long as there is more below (`scroll-fade` in styles.css).
 */
export function ModalContent({
  className,
  children,
  ref,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Dialog.Content>) {
  const [scrollRef, edges] = useScrollEdges<HTMLDivElement>();
  const panelRef = useMemo(() => bothRefs(ref, scrollRef), [ref, scrollRef]);
  // What had the focus when the dialog opened. Radix gives it back to a Dialog.Trigger only, and
  // the app's dialogs are opened by ordinary buttons (most through the URL): on close the focus fell
  // to the page, and a keyboard member had to start again from the top.
  const opener = useRef<Element | null>(null);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-royal-950/65 backdrop-blur-sm motion-safe:animate-[fade-in_0.2s_ease-out]" />
      <Dialog.Content
        ref={panelRef}
        data-scrolled={edges.scrolled || undefined}
        data-more-below={edges.more || undefined}
        className={cn(
          'scroll-fade group/modal fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[min(26rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-3xl border border-border bg-surface p-(--panel-pad) text-center text-foreground shadow-2xl [--panel-pad:1rem] focus:outline-none min-[360px]:[--panel-pad:1.25rem] sm:max-h-[calc(100dvh-2rem)] sm:[--panel-pad:1.5rem]',
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Radix asks before it moves the focus into the panel: the opener still has it.
          opener.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = opener.current;
          if (event.defaultPrevented || !(back instanceof HTMLElement) || !back.isConnected) return;
          event.preventDefault();
          back.focus();
        }}
        {...props}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * A modal's title row, which stays at the top of the panel while its body scrolls (with a hairline
 * once something is scrolled under it), with a close button; the description follows and scrolls.
 * Sticky offsets count from inside the panel's padding, hence the negative top: it reaches the edge.
 */
export function ModalHeader({
  title,
  description,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <>
      <div
        className={cn(
          'sticky top-[calc(var(--panel-pad)*-1)] z-10 -mx-(--panel-pad) -mt-(--panel-pad) flex items-start justify-between gap-3 border-transparent border-b bg-surface px-(--panel-pad) pt-(--panel-pad) pb-2 text-left group-data-scrolled/modal:border-border',
          className,
        )}
      >
        <Dialog.Title className="min-w-0 font-display text-2xl text-foreground">{title}</Dialog.Title>
        <Dialog.Close
          aria-label="Close"
          className="-mt-1.5 -mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition hover:bg-surface-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      {description && (
        <Dialog.Description className="text-left text-muted-foreground text-sm">
          {description}
        </Dialog.Description>
      )}
    </>
  );
}
