import { referralSchema } from '@royal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The member's own referral code, its uses left this month and the link to share. */
export function useReferral() {
  return useQuery({
    queryKey: queryKeys.referral,
    queryFn: () => api.get(apiPaths.referral, { schema: referralSchema }),
  });
}
