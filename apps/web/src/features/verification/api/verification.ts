import { type IdType, myVerificationSchema, verificationRequestSchema } from '@royal/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { uploadForm } from '@/lib/upload';

export const getMyVerification = (signal?: AbortSignal) =>
  api.get(apiPaths.myVerification, { schema: myVerificationSchema, signal });

export const myVerificationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myVerification,
    queryFn: ({ signal }) => getMyVerification(signal),
  });

export const useMyVerification = () => useQuery(myVerificationQueryOptions());

export type WizardDraft = { selfie: File; id: File; idType: IdType };

/** Sends the wizard's selfie and ID for admin review, reporting upload progress. */
export function submitVerification(draft: WizardDraft, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('id_type', draft.idType);
  form.append('selfie', draft.selfie);
  form.append('id', draft.id);
  return uploadForm(apiPaths.verificationRequests, form, { schema: verificationRequestSchema, onProgress });
}

/** After a submission: the status (pending) and the member (verified later) are read again. */
export function useRefreshVerification() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.myVerification }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
}
