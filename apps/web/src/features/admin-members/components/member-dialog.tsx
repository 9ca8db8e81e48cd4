import {
  ADMIN_LOAD_USERS_FAILED_TEXT,
  ADMIN_TIER_UPDATED_TITLE,
  ADMIN_UPDATE_TIER_FAILED_TEXT,
  ADMIN_UPDATE_VERIFICATION_FAILED_TEXT,
  ADMIN_USER_VERIFIED_TEXT,
  ADMIN_VERIFICATION_REMOVED_TEXT,
  type AdminMemberDetail,
  adminTierUpdatedText,
  formatCents,
  groupedInteger,
  REPORT_STATUSES,
  type ReportStatus,
  relativeTime,
  type TierLevel,
} from '@royal/shared';
import { ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { toast } from 'sonner';
import { LabelledSelect } from '@/components/ui/data-table-filters';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { TierBadge } from '@/components/ui/tier-badge';
import { EnforcementPanel } from '@/features/admin-enforcement';
import { errorMessage } from '@/lib/api';
import { useAdminMember, useUpdateMember } from '../api/members';
import { dayOf } from './dates';
import { TIER_OPTIONS } from './member-filters';

const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  reviewing: 'Reviewing',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs uppercase tracking-wide">{term}</dt>
      <dd className="font-medium text-foreground">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-border p-4">
      <h3 className="font-semibold text-foreground">{title}</h3>
      {children}
    </section>
  );
}

/**
 * One member's detail for the admins (spec part 2 §2, the detail view): who they are, money,
 * counts, reports against them, sessions; the tier dropdown and the verify toggle, each with its
 * spec toast. Closing it takes `?member=` off the URL.
 */
export function MemberDialog({ memberId, onClose }: { memberId: string; onClose: () => void }) {
  const member = useAdminMember(memberId);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <ModalContent className="w-[min(48rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader
          title={member.data?.name ?? 'User'}
          description={member.data?.email ?? (member.isPending ? 'Loading user...' : undefined)}
        />
        <div className="mt-4">
          {member.isPending ? (
            <div role="status" className="grid gap-3">
              <span className="sr-only">Loading user...</span>
              <Skeleton className="h-24 w-full rounded-2xl" />
              <Skeleton className="h-32 w-full rounded-2xl" />
            </div>
          ) : member.isError ? (
            <LoadErrorPanel
              title={ADMIN_LOAD_USERS_FAILED_TEXT}
              message={errorMessage(member.error)}
              onRetry={() => void member.refetch()}
              retrying={member.isFetching}
            />
          ) : (
            <MemberDetail member={member.data} />
          )}
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

function MemberDetail({ member }: { member: AdminMemberDetail }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact term="Tier">
          <TierBadge tier={member.tier_level} label="full" />
        </Fact>
        <Fact term="Wallet balance">
          {member.wallet_balance_cents === null ? 'No wallet' : formatCents(member.wallet_balance_cents)}
        </Fact>
        <Fact term="Views">{groupedInteger(member.view_count)}</Fact>
        <Fact term="Likes">{groupedInteger(member.like_count)}</Fact>
        <Fact term="Joined">{dayOf(member.created_at)}</Fact>
        <Fact term="Last active">{member.last_active ? relativeTime(member.last_active) : 'Never'}</Fact>
        <Fact term="Subscription">
          {member.tier_subscription_active
            ? member.tier_subscription_ends_at
              ? `Active until ${dayOf(member.tier_subscription_ends_at)}`
              : 'Active'
            : 'None'}
          {member.is_sponsored && ' (sponsored)'}
        </Fact>
        <Fact term="Standing">{member.suspended ? 'Suspended or banned' : 'In good standing'}</Fact>
        <Fact term="Roles">{member.roles.join(', ')}</Fact>
      </dl>

      <MemberControls member={member} />

      <Section title={`Reports against them (${member.reports_against.total})`}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {REPORT_STATUSES.map((status) => (
            <Fact key={status} term={REPORT_STATUS_LABELS[status]}>
              {member.reports_against.by_status[status] ?? 0}
            </Fact>
          ))}
        </dl>
      </Section>

      <Section title={`Sessions (${member.sessions.length})`}>
        {member.sessions.length === 0 ? (
          <p className="text-muted-foreground text-sm">No open sessions.</p>
        ) : (
          <ul className="divide-y divide-border">
            {member.sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="font-medium text-foreground">{session.device}</span>
                <span className="text-muted-foreground">
                  Signed in {dayOf(session.created_at)} · active {relativeTime(session.last_active)}
                  {session.second_factor_confirmed && (
                    <span className="ml-2 inline-flex items-center gap-1 text-foreground">
                      <ShieldCheck aria-hidden="true" className="size-3.5" />
                      Two-factor confirmed
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <EnforcementPanel member={member} />
    </div>
  );
}

/** The spec's tier dropdown (0–4) and verify toggle; each change is saved at once, with its toast. */
function MemberControls({ member }: { member: AdminMemberDetail }) {
  const id = useId();
  const tier = useUpdateMember(member.id);
  const verify = useUpdateMember(member.id);

  const setTier = (level: TierLevel) =>
    tier.mutate(
      { tier_level: level },
      {
        onSuccess: () =>
          toast.success(ADMIN_TIER_UPDATED_TITLE, { description: adminTierUpdatedText(level) }),
        onError: (error) => toast.error(ADMIN_UPDATE_TIER_FAILED_TEXT, { description: errorMessage(error) }),
      },
    );
  const setVerified = (verified: boolean) =>
    verify.mutate(
      { verified },
      {
        onSuccess: () => toast.success(verified ? ADMIN_USER_VERIFIED_TEXT : ADMIN_VERIFICATION_REMOVED_TEXT),
        onError: (error) =>
          toast.error(ADMIN_UPDATE_VERIFICATION_FAILED_TEXT, { description: errorMessage(error) }),
      },
    );

  return (
    <div className="flex flex-wrap items-end gap-6 rounded-2xl border border-border bg-surface-muted p-4">
      <LabelledSelect
        label="Tier"
        value={String(tier.isPending ? tier.variables.tier_level : member.tier_level)}
        disabled={tier.isPending}
        onChange={(value) => setTier(Number(value) as TierLevel)}
        options={TIER_OPTIONS}
      />
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-verified`}
          checked={verify.isPending ? verify.variables.verified : member.verified}
          disabled={verify.isPending}
          onCheckedChange={setVerified}
        />
        <label htmlFor={`${id}-verified`} className="font-semibold text-foreground text-sm">
          Verified
        </label>
      </div>
    </div>
  );
}
