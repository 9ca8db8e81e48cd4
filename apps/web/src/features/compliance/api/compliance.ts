import {
  acceptDocumentBodySchema,
  type Compliance,
  complianceSchema,
  type IdType,
  type Me,
  verificationRequestSchema,
} from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { uploadForm } from '@/lib/upload';

type AcceptBody = z.infer<typeof acceptDocumentBodySchema>;

export const acceptDocument = (document: 'terms' | 'privacy', body: AcceptBody) =>
  api.post(apiPaths.complianceAccept(document), acceptDocumentBodySchema.parse(body), {
    schema: complianceSchema,
  });

export const skipAgeCheck = () =>
  api.post(apiPaths.complianceSkipAge, undefined, { schema: complianceSchema });

export function uploadId(input: { idType: IdType; file: File }, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('id_type', input.idType);
  form.append('id', input.file);
  return uploadForm(apiPaths.complianceId, form, { schema: verificationRequestSchema, onProgress });
}

/** Writes the gate's new state into the signed-in member, so the next step shows at once. */
function useSetCompliance() {
  const queryClient = useQueryClient();
  return (compliance: Compliance) =>
    queryClient.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, compliance } : me));
}

export function useAcceptDocument(document: 'terms' | 'privacy') {
  const setCompliance = useSetCompliance();
  return useMutation({
    mutationFn: (version: string) => acceptDocument(document, { version }),
    onSuccess: setCompliance,
  });
}

export function useSkipAgeCheck() {
  const setCompliance = useSetCompliance();
  return useMutation({ mutationFn: skipAgeCheck, onSuccess: setCompliance });
}

/** Re-reads the member once the gate is finished (the ID upload's confirmation was shown). */
export function useFinishGate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.me });
}
