import { Dialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A centred Radix dialog panel with the app's overlay: use inside `<Dialog.Root>` and give it a
 * `<Dialog.Title>` and `<Dialog.Description>` (Radix labels the dialog with them).
 */
export function ModalContent({ className, children, ...props }: ComponentProps<typeof Dialog.Content>) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-royal-950/65 backdrop-blur-sm motion-safe:animate-[fade-in_0.2s_ease-out]" />
      <Dialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-center text-foreground shadow-2xl focus:outline-none',
          className,
        )}
        {...props}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
