import { isAdmin } from '@royal/shared';
import { ShieldAlert } from 'lucide-react';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { VerificationTab } from '../components/verification-tab';

/**
 * Temporary admin-only page for the Verification tab, until the /admin tab registry (issue 10)
 * mounts <VerificationTab />. The server refuses its data to non-admins either way.
 */
export default function AdminVerificationPage() {
  const me = useCurrentMember();
  if (!isAdmin(me)) {
    return (
      <StatusPanel
        Icon={ShieldAlert}
        tone="danger"
        title="Admins only"
        description="This page is for the admin team."
      />
    );
  }
  return (
    <section className="grid gap-4">
      <h1 className="font-display text-3xl">Verification</h1>
      <VerificationTab />
    </section>
  );
}
