import { twoFactorStatusSchema } from '@royal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * Whether this admin may do admin work (decision 057): two-factor on, and this session confirmed
 * with it. The server refuses every admin route otherwise; the page sends them where to fix it.
 */
export const useAdminSecondFactor = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: () => api.get(apiPaths.twoFactor, { schema: twoFactorStatusSchema }),
    enabled,
  });
