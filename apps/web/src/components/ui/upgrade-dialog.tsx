import { Lock } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from './button';
import { ModalContent } from './modal';

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The refusal to explain, e.g. lockedProfileMessage(3) or swipeBlock(me).message. */
  message: string;
  title?: string;
};

/** "Upgrade Required": why an action needs a higher (or paid-up) tier, with Close and Upgrade. */
export function UpgradeDialog({
  open,
  onOpenChange,
  message,
  title = 'Upgrade Required',
}: UpgradeDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent>
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-royal-950 text-gold-300 ring-1 ring-gold-400/50">
          <Lock aria-hidden="true" className="size-6" />
        </div>
        <Dialog.Title className="mt-4 font-display text-2xl">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-muted-foreground">{message}</Dialog.Description>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Dialog.Close asChild>
            <Button variant="outline">Close</Button>
          </Dialog.Close>
          <Button variant="gold" asChild>
            <Link to={paths.subscription} onClick={() => onOpenChange(false)}>
              Upgrade
            </Link>
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}
