import { okSchema, type SandboxPlanAction, sandboxPlanSchema, TIERS } from '@royal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { apiPaths, paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { SandboxFrame } from '../components/sandbox-frame';

const PORTAL_KEY = ['sandbox-portal'] as const;

/**
 * /sandbox/portal — the payment sandbox's stand-in for a provider's plan management page (TEST
 * MODE): cancel at the period end, cancel now, or resume; each sends the sandbox's signed webhook.
 */
export default function SandboxPortalRoute() {
  const queryClient = useQueryClient();
  const plan = useQuery({
    queryKey: PORTAL_KEY,
    queryFn: ({ signal }) => api.get(apiPaths.sandboxPortal, { schema: sandboxPlanSchema, signal }),
  });
  const change = useMutation({
    mutationFn: (action: SandboxPlanAction) =>
      api.post(apiPaths.sandboxPortal, { action }, { schema: okSchema }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PORTAL_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
  const tier = plan.data ? TIERS[plan.data.tier_level] : undefined;
  return (
    <SandboxFrame title="Manage your plan">
      {plan.isPending ? (
        <Spinner className="mx-auto mt-8" />
      ) : plan.isError ? (
        <LoadErrorPanel
          className="mt-6"
          title="No plan to manage"
          message={plan.error.message}
          onRetry={() => void plan.refetch()}
          retrying={plan.isFetching}
        />
      ) : (
        <>
          <dl className="mt-6 grid gap-3 rounded-2xl bg-surface-muted p-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-medium text-foreground">{tier?.name}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Renews</dt>
              <dd className="font-medium text-foreground" data-testid="portal-renewal">
                {plan.data.cancel_at_period_end
                  ? 'Ends at the close of this period'
                  : plan.data.current_period_end
                    ? new Date(plan.data.current_period_end).toLocaleDateString(undefined, {
                        dateStyle: 'long',
                      })
                    : '—'}
              </dd>
            </div>
          </dl>
          <div className="mt-6 grid gap-2">
            {plan.data.cancel_at_period_end ? (
              <Button variant="gold" disabled={change.isPending} onClick={() => change.mutate('resume')}>
                Keep my plan
              </Button>
            ) : (
              <Button
                variant="outline"
                disabled={change.isPending}
                onClick={() => change.mutate('cancel_at_period_end')}
              >
                Cancel at the end of the period
              </Button>
            )}
            <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate('cancel_now')}>
              Cancel now
            </Button>
          </div>
        </>
      )}
      {change.isError && (
        <p role="alert" className="mt-3 text-center text-rose-600 text-sm">
          {change.error.message}
        </p>
      )}
      <Button asChild variant="ghost" className="mt-4 w-full">
        <Link to={paths.subscription}>Back to the app</Link>
      </Button>
    </SandboxFrame>
  );
}
