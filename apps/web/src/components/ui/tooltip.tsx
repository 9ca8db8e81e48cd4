import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A short hint on hover and keyboard focus. The trigger must stay focusable, so for a "disabled"
 * control use aria-disabled rather than the disabled attribute (disabled elements get no events).
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            collisionPadding={8}
            className="z-50 rounded-lg bg-royal-950 px-3 py-1.5 font-medium text-ivory text-xs shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-royal-950" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
