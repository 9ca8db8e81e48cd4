import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** An on/off switch (Radix, role="switch"); label it with a <label htmlFor> or aria-labelledby. */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={cn(
        // The 44 px touch target is the padded box; the visible track is drawn by the inner span.
        'group relative inline-flex h-11 w-14 shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="absolute h-6 w-11 rounded-full bg-stone-300 transition-colors group-data-[state=checked]:bg-primary dark:bg-royal-700"
      />
      <RadixSwitch.Thumb className="relative block size-5 -translate-x-2.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-2.5" />
    </RadixSwitch.Root>
  );
}
