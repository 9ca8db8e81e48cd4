import { Popover } from 'radix-ui';
import { type ComponentProps, useMemo } from 'react';
import { cn } from '@/lib/cn';
import { bothRefs } from '@/lib/refs';
import { useScrollEdges } from '@/lib/scroll-edges';

/**
 * The panel of a top-bar popover (notifications, quick settings): below its button, aligned to its
 * end, on the app's surface. It is never taller than the room between the top bar and the bottom
 * navigation (`max-h-popover` in styles.css; from lg the navigation is a side rail and takes none),
 * so a long panel scrolls inside itself instead of running over the navigation or off the screen,
 * with a fade at its bottom edge while more is below. Give it a width, its own height cap
 * (`[--popover-max-height:…]`, 40rem unless set), its padding as `--panel-pad` and the overflow of
 * whatever part of it scrolls.
 */
export function PopoverPanel({ className, ref, ...props }: ComponentProps<typeof Popover.Content>) {
  const [scrollRef, edges] = useScrollEdges<HTMLDivElement>();
  const panelRef = useMemo(() => bothRefs(ref, scrollRef), [ref, scrollRef]);
  return (
    <Popover.Portal>
      <Popover.Content
        ref={panelRef}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        data-more-below={edges.more || undefined}
        className={cn(
          'max-h-popover scroll-fade z-50 rounded-2xl border border-border bg-surface p-(--panel-pad) text-foreground shadow-[0_24px_60px_-20px_rgba(27,11,51,0.45)] [--panel-pad:0px]',
          className,
        )}
        {...props}
      />
    </Popover.Portal>
  );
}
