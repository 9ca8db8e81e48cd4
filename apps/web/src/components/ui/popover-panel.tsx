import { Popover } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The panel of a top-bar popover (notifications, quick settings): below its button, aligned to its
 * end, on the app's surface. It is never taller than the room between the top bar and the bottom
 * navigation (`max-h-popover` in styles.css; from lg the navigation is a side rail and takes none),
 * so a long panel scrolls inside itself instead of running over the navigation or off the screen.
 * Give it a width, its own height cap (`[--popover-max-height:…]`, 40rem unless set) and the
 * overflow of whatever part of it scrolls.
 */
export function PopoverPanel({ className, ...props }: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className={cn(
          'max-h-popover z-50 rounded-2xl border border-border bg-surface text-foreground shadow-[0_24px_60px_-20px_rgba(27,11,51,0.45)]',
          className,
        )}
        {...props}
      />
    </Popover.Portal>
  );
}
