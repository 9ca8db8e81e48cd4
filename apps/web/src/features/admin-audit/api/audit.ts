import { auditPageSchema } from '@royal/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The Audit Log's filters, as the API names them; an empty one is left out. */
export type AuditFilters = { actor_id: string; member_id: string; target_id: string; action: string };
export const NO_AUDIT_FILTERS: AuditFilters = { actor_id: '', member_id: '', target_id: '', action: '' };

const queryOf = (filters: AuditFilters, cursor: string | null) => {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminAudit(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.adminAudit(queryOf(filters, pageParam)), { schema: auditPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

/** The audit log, newest first, a page at a time, with the filters given. */
export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(auditLogQueryOptions(filters));
