import {
  type AdminMemberDetail,
  ENFORCEMENT_FAILED_TEXT,
  MEMBER_BANNED_TOAST,
  MEMBER_SUSPENDED_TOAST,
  RESTRICTION_LIFTED_TOAST,
} from '@royal/shared';
import { Ban, ShieldCheck, ShieldOff, Timer } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { type Enforcement, useEnforce, useMemberEnforcement } from '../api/enforcement';
import { ActionFacts, actionHeadline, whenText } from './action-summary';
import { EnforcementDialog, type EnforcementVerb } from './enforcement-dialog';

const SUCCESS: Readonly<Record<EnforcementVerb, string>> = {
  suspend: MEMBER_SUSPENDED_TOAST,
  ban: MEMBER_BANNED_TOAST,
  lift: RESTRICTION_LIFTED_TOAST,
};

/**
 * The Users detail's enforcement part (decision 060): whether the member is suspended or banned now,
 * and why; Suspend and Ban when they are not, Lift when they are; their earlier actions. An admin
 * cannot be acted on, so for an admin it only says so.
 */
export function EnforcementPanel({ member }: { member: Pick<AdminMemberDetail, 'id' | 'name' | 'roles'> }) {
  const id = useId();
  const enforcement = useMemberEnforcement(member.id);
  const enforce = useEnforce(member.id);
  const [verb, setVerb] = useState<EnforcementVerb | null>(null);
  const isAdmin = member.roles.includes('admin');

  const confirm = (request: Enforcement) =>
    enforce.mutate(request, {
      onSuccess: (action) => {
        toast.success(SUCCESS[request.verb], {
          description: request.verb === 'lift' ? member.name : `${member.name}: ${actionHeadline(action)}`,
        });
        setVerb(null);
      },
      onError: (error) => toast.error(ENFORCEMENT_FAILED_TEXT, { description: errorMessage(error) }),
    });

  const live = enforcement.data?.live ?? null;
  const earlier = enforcement.data?.history.filter((action) => action.id !== live?.id) ?? [];
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-2xl border border-border bg-surface p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-foreground">
        Access
      </h3>
      {enforcement.isPending && (
        <div role="status">
          <span className="sr-only">Loading access...</span>
          <Skeleton className="h-12 w-full" />
        </div>
      )}
      {enforcement.isError && (
        <p role="alert" className="text-danger text-sm">
          {errorMessage(enforcement.error)}
        </p>
      )}
      {enforcement.isSuccess && (
        <>
          {live ? (
            <div className="grid gap-2 rounded-xl border border-danger/40 bg-surface-muted p-3">
              <p className="flex items-center gap-2 font-semibold text-danger text-sm">
                {live.kind === 'ban' ? (
                  <Ban aria-hidden="true" className="size-4" />
                ) : (
                  <Timer aria-hidden="true" className="size-4" />
                )}
                {actionHeadline(live)}
              </p>
              <ActionFacts action={live} />
            </div>
          ) : (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <ShieldCheck aria-hidden="true" className="size-4" />
              Not suspended or banned
            </p>
          )}
          {isAdmin ? (
            <p className="text-muted-foreground text-sm">Admins cannot be suspended or banned.</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {live ? (
                <Button variant="outline" onClick={() => setVerb('lift')}>
                  <ShieldOff aria-hidden="true" className="size-4" />
                  Lift
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => setVerb('suspend')}>
                    <Timer aria-hidden="true" className="size-4" />
                    Suspend
                  </Button>
                  <Button variant="outline" onClick={() => setVerb('ban')}>
                    <Ban aria-hidden="true" className="size-4" />
                    Ban
                  </Button>
                </>
              )}
            </div>
          )}
          {earlier.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-foreground">
                Earlier actions ({earlier.length})
              </summary>
              <ul className="mt-2 grid gap-2">
                {earlier.map((action) => (
                  <li
                    key={action.id}
                    className="grid gap-1 rounded-xl border border-border bg-surface-muted p-3"
                  >
                    <p className="font-medium text-foreground">
                      {action.kind === 'ban' ? 'Ban' : 'Suspension'} of {whenText(action.created_at)}
                    </p>
                    <ActionFacts action={action} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      {verb && (
        <EnforcementDialog
          verb={verb}
          memberName={member.name}
          pending={enforce.isPending}
          onConfirm={confirm}
          onClose={() => setVerb(null)}
        />
      )}
    </section>
  );
}
