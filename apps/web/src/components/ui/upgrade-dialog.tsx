import type { TierLevel } from '@royal/shared';
import { Crown, Lock, type LucideIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from './button';
import { ModalContent } from './modal';
import { TierPlan } from './tier-plan';

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The refusal to explain, e.g. lockedProfileMessage(3) or swipeBlock(me).message. */
  message: string;
  /** The plan that unlocks the action: its name, monthly price and benefits are shown. */
  tier?: TierLevel;
  title?: string;
  /** The main action instead of Upgrade (e.g. "Get a Super Likes Pack" to the One-Time Boosts tab). */
  action?: { label: string; to: string; Icon?: LucideIcon };
  /** Another way through, shown between the main action and Close (e.g. spending a token). */
  alternative?: ReactNode;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus); default: back to the opener. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * "Upgrade Required": why an action needs a higher (or paid-up) tier, the plan that unlocks it,
 * Upgrade as the main action and Close.
 */
export function UpgradeDialog({
  open,
  onOpenChange,
  message,
  tier,
  title = 'Upgrade Required',
  action,
  alternative,
  onCloseAutoFocus,
}: UpgradeDialogProps) {
  const upgradeRef = useRef<HTMLAnchorElement>(null);
  const ActionIcon = action?.Icon ?? Crown;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent
        // Upgrade is the main action, so it takes the focus (Radix would skip links and pick Close).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          upgradeRef.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-royal-950 text-gold-300 ring-1 ring-gold-400/50">
          <Lock aria-hidden="true" className="size-6" />
        </div>
        <Dialog.Title className="mt-4 font-display text-2xl">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-muted-foreground">{message}</Dialog.Description>
        {tier !== undefined && <TierPlan tier={tier} className="mt-5" />}
        <div className="mt-6 flex flex-col gap-2">
          <Button variant="gold" size="lg" asChild>
            <Link ref={upgradeRef} to={action?.to ?? paths.subscription} onClick={() => onOpenChange(false)}>
              <ActionIcon aria-hidden="true" className="size-4.5" />
              {action?.label ?? 'Upgrade'}
            </Link>
          </Button>
          {alternative}
          <Dialog.Close asChild>
            <Button variant="ghost">Close</Button>
          </Dialog.Close>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}
