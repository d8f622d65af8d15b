import type { ApiClient } from '@kib/api-client';
import type { AddLtiConsumer, AddLtiPlatform } from '@kib/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api';

/** The cache key of the LTI registrations. */
export const REGISTRATIONS_KEY = ['lti-registrations'] as const;

/** Every LMS connected to Kib, Kib's keys and addresses (GET lti/admin/registrations/). */
export function useRegistrations() {
  const api = useApi();
  return useQuery({
    queryKey: REGISTRATIONS_KEY,
    queryFn: () => api.endpoints.ltiRegistrations(),
  });
}

/** The changes a platform admin makes, each a call of the admin API. */
export const LTI_ADMIN = {
  addConsumer: (api: ApiClient, input: AddLtiConsumer) => api.endpoints.addLtiConsumer({ body: input }),
  rotateSecret: (api: ApiClient, { key, graceHours }: { key: string; graceHours: number }) =>
    api.endpoints.rotateLtiConsumerSecret({ params: { key }, body: { graceHours } }),
  setConsumerEnabled: (api: ApiClient, { key, enabled }: { key: string; enabled: boolean }) =>
    api.endpoints.setLtiConsumerEnabled({ params: { key }, body: { enabled } }),
  addPlatform: (api: ApiClient, input: AddLtiPlatform) => api.endpoints.addLtiPlatform({ body: input }),
  addDeployment: (api: ApiClient, { id, deploymentId }: { id: number; deploymentId: string }) =>
    api.endpoints.addLtiDeployment({ params: { id: String(id) }, body: { deploymentId } }),
  setPlatformEnabled: (api: ApiClient, { id, enabled }: { id: number; enabled: boolean }) =>
    api.endpoints.setLtiPlatformEnabled({ params: { id: String(id) }, body: { enabled } }),
  rotateKey: (api: ApiClient, { graceHours }: { graceHours: number }) =>
    api.endpoints.rotateLtiKey({ body: { graceHours } }),
};

/** A change of the registrations (one of {@link LTI_ADMIN}); when it succeeds, the list is read again. */
export function useRegistrationChange<I, O>(change: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => change(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REGISTRATIONS_KEY }),
  });
}
