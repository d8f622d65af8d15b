import type { ApiClient } from '@kib/api-client';
import { phonePhotoSocketUrl, type PhonePhotoCapability } from '@kib/widgets';
import { useMemo } from 'react';

/**
 * The solver's `phonePhoto` on a page whose solver may answer (a logged-in student, a code student
 * with their token client): POST phone_photo/sessions/ through `api` and the socket on the site's
 * origin. Undefined when `enabled` is false (the demo pages, where nobody is logged in).
 */
export function usePhonePhoto(api: ApiClient, enabled = true): PhonePhotoCapability | undefined {
  return useMemo(
    () =>
      enabled
        ? {
            openSession: (numeralId: number) => api.endpoints.phonePhotoSession({ body: { numeralId } }),
            socketUrl: phonePhotoSocketUrl(window.location.origin),
          }
        : undefined,
    [api, enabled],
  );
}
