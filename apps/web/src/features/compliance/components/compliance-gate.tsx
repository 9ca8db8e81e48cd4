import { useState } from 'react';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { CrownMark } from '@/components/ui/crown';
import { RoyalBackdrop } from '@/components/ui/royal-backdrop';
import { useCurrentMember, useSignOut } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useFinishGate } from '../api/compliance';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../legal-text';
import { nextMemberStep } from '../next-step';
import { AgeCheckModal } from './age-check-modal';
import { LegalDocumentModal } from './legal-document-modal';

const STEP_LABELS = { terms: 'Step 1 of 3', privacy: 'Step 2 of 3', age: 'Step 3 of 3' } as const;

/**
 * The compliance gate (spec part 2 §2, §4): before anything of the member area renders — its frame,
 * its data, the realtime connection — the member meets the open steps as sequential modals over the
 * royal backdrop. The stored record (me.compliance) decides the first open step.
 */
export function ComplianceGate() {
  const me = useCurrentMember();
  const { signOut, isPending: declining } = useSignOut();
  const finish = useFinishGate();
  // The ID confirmation stays until the member continues, though the record already says done.
  const [confirming, setConfirming] = useState(false);
  const step = nextMemberStep(me);
  if (!step && !confirming) return <Outlet />;

  const decline = () =>
    signOut(paths.signIn).then(
      () => toast('Signed out', { description: 'You need to accept to use Royal Circle.' }),
      (error) => toast.error('Error', { description: errorMessage(error) }),
    );

  return (
    <div className="relative min-h-dvh bg-royal-950">
      <RoyalBackdrop />
      <div className="relative flex justify-center pt-8 text-gold-300">
        <CrownMark className="size-10" />
      </div>
      {step === 'terms' && (
        <LegalDocumentModal
          key="terms"
          document={TERMS_OF_SERVICE}
          step={STEP_LABELS.terms}
          onDecline={decline}
          declining={declining}
        />
      )}
      {step === 'privacy' && (
        <LegalDocumentModal
          key="privacy"
          document={PRIVACY_POLICY}
          step={STEP_LABELS.privacy}
          onDecline={decline}
          declining={declining}
        />
      )}
      {(step === 'age' || confirming) && (
        <AgeCheckModal
          step={STEP_LABELS.age}
          onSubmitted={() => setConfirming(true)}
          onFinished={() => {
            void finish().then(() => setConfirming(false));
          }}
        />
      )}
    </div>
  );
}
