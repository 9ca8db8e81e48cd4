import { migrationResultSchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

/** Start Migration: the seed's 50 sample members plus the ambassador (admins, demo mode only). */
export function useStartMigration() {
  return useMutation({
    mutationFn: () => api.post(apiPaths.devMigration, {}, { schema: migrationResultSchema }),
  });
}
