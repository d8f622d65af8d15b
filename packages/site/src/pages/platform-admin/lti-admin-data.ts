import type { ApiClient } from '@kib/api-client';
import type {
  AddLtiConsumer,
  AddLtiPlatform,
  LtiConsumerRegistration,
  LtiConsumerSecret,
  LtiKeyRotation,
  LtiPlatformRegistration,
  LtiRegistrations,
} from '@kib/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api';

/** The cache key of the LTI registrations. */
export const REGISTRATIONS_KEY = ['lti-registrations'] as const;

/** Every LMS connected to Kib, Kib's keys and addresses (GET lti/admin/registrations/). */
export function useRegistrations() {
  const api = useApi();
  return useQuery({
    queryKey: REGISTRATIONS_KEY,
    queryFn: () => api.request<LtiRegistrations>('GET', 'lti/admin/registrations/'),
  });
}

const consumerPath = (key: string) => `lti/admin/consumers/${encodeURIComponent(key)}/`;
const platformPath = (id: number) => `lti/admin/platforms/${id}/`;

/** The changes a platform admin makes, each a call of the admin API. */
export const LTI_ADMIN = {
  addConsumer: (api: ApiClient, input: AddLtiConsumer) =>
    api.request<LtiConsumerSecret>('POST', 'lti/admin/consumers/', input),
  rotateSecret: (api: ApiClient, { key, graceHours }: { key: string; graceHours: number | null }) =>
    api.request<LtiConsumerSecret>('POST', `${consumerPath(key)}rotate-secret/`, { graceHours }),
  setConsumerEnabled: (api: ApiClient, { key, enabled }: { key: string; enabled: boolean }) =>
    api.request<LtiConsumerRegistration>('PATCH', consumerPath(key), { enabled }),
  addPlatform: (api: ApiClient, input: AddLtiPlatform) =>
    api.request<LtiPlatformRegistration>('POST', 'lti/admin/platforms/', input),
  addDeployment: (api: ApiClient, { id, deploymentId }: { id: number; deploymentId: string }) =>
    api.request<LtiPlatformRegistration>('POST', `${platformPath(id)}deployments/`, { deploymentId }),
  setPlatformEnabled: (api: ApiClient, { id, enabled }: { id: number; enabled: boolean }) =>
    api.request<LtiPlatformRegistration>('PATCH', platformPath(id), { enabled }),
  rotateKey: (api: ApiClient, { graceHours }: { graceHours: number | null }) =>
    api.request<LtiKeyRotation>('POST', 'lti/admin/keys/rotate/', { graceHours }),
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
