import type { MatchSummary } from '@royal/shared';
import { Heart } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { ModalContent } from '@/components/ui/modal';
import { useCurrentMember } from '@/features/auth';
import { chatPath } from '@/lib/paths';

export type MatchDialogProps = {
  /** The match to celebrate; null keeps the dialog closed. */
  match: MatchSummary | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus); default: back to the opener. */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The celebration after a mutual like: both photos, "It's a Match!", Send a Message / Keep Swiping. */
export function MatchDialog({ match, onClose, onCloseAutoFocus }: MatchDialogProps) {
  const me = useCurrentMember();
  const navigate = useNavigate();
  const member = match?.member;

  return (
    <Dialog.Root open={match !== null} onOpenChange={(open) => !open && onClose()}>
      {match && member && (
        <ModalContent
          onCloseAutoFocus={onCloseAutoFocus}
          className="theme-night overflow-hidden border-gold-400/40 bg-gradient-to-b from-royal-800 via-royal-900 to-royal-950 text-ivory"
        >
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-20 mx-auto size-64 rounded-full bg-gold-400/30 blur-3xl"
          />
          <div className="relative mt-2 flex items-center justify-center">
            <MemberAvatar
              name={me.name}
              src={me.avatar}
              size="lg"
              className="-rotate-6 border-4 border-gold-300 shadow-xl"
            />
            <span className="z-10 -mx-4 flex size-12 items-center justify-center rounded-full bg-gold-400 text-royal-950 shadow-lg ring-4 ring-royal-900">
              <Heart aria-hidden="true" className="size-6 fill-current" />
            </span>
            <MemberAvatar
              name={member.name}
              src={member.avatar}
              size="lg"
              className="rotate-6 border-4 border-gold-300 shadow-xl"
            />
          </div>
          <Dialog.Title className="relative mt-6 font-display text-4xl text-gold-foil">
            It's a Match!
          </Dialog.Title>
          <Dialog.Description className="relative mt-2 text-ivory/90">
            You and <span className="font-semibold text-gold-200">{member.name}</span> liked each other!
          </Dialog.Description>
          <div className="relative mt-7 flex flex-col gap-3">
            <Button
              variant="gold"
              size="lg"
              onClick={() => {
                onClose();
                navigate(chatPath(match.id));
              }}
            >
              Send a Message
            </Button>
            <Dialog.Close asChild>
              <Button variant="glass" size="lg">
                Keep Swiping
              </Button>
            </Dialog.Close>
          </div>
        </ModalContent>
      )}
    </Dialog.Root>
  );
}
