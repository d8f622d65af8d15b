import {
  AddLtiConsumerSchema,
  AddLtiDeploymentSchema,
  AddLtiPlatformSchema,
  LtiConsumerKeySchema,
  LtiRegistrationStateSchema,
  LtiRotationSchema,
  PathIdSchema,
  type LtiRegistrations,
} from '@kib/core';
import type { Response } from 'express';
import { roles } from '../http/access';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import { toolUrls, type ConsumerRegistry, type PlatformRegistry } from './lti-registrations.service';

/** Only platform admins manage the LMSs connected to Kib. */
const PLATFORM_ADMIN = roles('Platform Admin');

/** Answers with secrets (and the lists around them) are never stored by a browser or a proxy. */
function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

/** The consumer key of a path, as the schema reads keys; a malformed one is no consumer (404). */
function consumerKeyOf(params: Record<string, string>): string {
  const key = LtiConsumerKeySchema.safeParse(params.key);
  if (!key.success) throw new AppError(404, 'not-found', { key: 'errors.lti-consumer-unknown' });
  return key.data;
}

/** The platform id of a path; a malformed one is no platform (404). */
function platformIdOf(params: Record<string, string>): number {
  const id = PathIdSchema.safeParse(params.id);
  if (!id.success) throw new AppError(404, 'not-found', { key: 'errors.lti-platform-unknown' });
  return id.data;
}

/**
 * The platform admin's API of LTI registrations (the same registries as `npm run lti`): every LMS
 * connected to Kib and Kib's addresses and keys; adding consumers and platforms, rotating secrets
 * and keys, disabling and enabling.
 */
export function registerLtiAdminRoutes(
  api: ApiRouter,
  deps: {
    consumers: ConsumerRegistry;
    platforms: PlatformRegistry;
    publicUrl: string;
    dynamicRegistration: 'open' | 'closed';
  },
): void {
  const { consumers, platforms } = deps;

  api.define({
    method: 'get',
    path: '/lti/admin/registrations/',
    access: PLATFORM_ADMIN,
    handle: async ({ res }) => {
      noStore(res);
      const body: LtiRegistrations = {
        consumers: await consumers.list(),
        platforms: await platforms.list(),
        keys: await platforms.keys(),
        toolUrls: toolUrls(deps.publicUrl, deps.dynamicRegistration),
      };
      return { body };
    },
  });

  api.define({
    method: 'post',
    path: '/lti/admin/consumers/',
    access: PLATFORM_ADMIN,
    body: AddLtiConsumerSchema,
    handle: async ({ body, res }) => {
      noStore(res);
      return { status: 201, body: await consumers.add(body) };
    },
  });

  api.define({
    method: 'post',
    path: '/lti/admin/consumers/:key/rotate-secret/',
    access: PLATFORM_ADMIN,
    body: LtiRotationSchema,
    handle: async ({ body, params, res }) => {
      noStore(res);
      return { body: await consumers.rotateSecret(consumerKeyOf(params), body.graceHours) };
    },
  });

  api.define({
    method: 'patch',
    path: '/lti/admin/consumers/:key/',
    access: PLATFORM_ADMIN,
    body: LtiRegistrationStateSchema,
    handle: async ({ body, params }) => ({
      body: await consumers.setEnabled(consumerKeyOf(params), body.enabled),
    }),
  });

  api.define({
    method: 'post',
    path: '/lti/admin/platforms/',
    access: PLATFORM_ADMIN,
    body: AddLtiPlatformSchema,
    handle: async ({ body }) => ({ status: 201, body: await platforms.add(body) }),
  });

  api.define({
    method: 'post',
    path: '/lti/admin/platforms/:id/deployments/',
    access: PLATFORM_ADMIN,
    body: AddLtiDeploymentSchema,
    handle: async ({ body, params }) => ({
      status: 201,
      body: await platforms.addDeployment(platformIdOf(params), body.deploymentId),
    }),
  });

  api.define({
    method: 'patch',
    path: '/lti/admin/platforms/:id/',
    access: PLATFORM_ADMIN,
    body: LtiRegistrationStateSchema,
    handle: async ({ body, params }) => ({
      body: await platforms.setEnabled(platformIdOf(params), body.enabled),
    }),
  });

  api.define({
    method: 'post',
    path: '/lti/admin/keys/rotate/',
    access: PLATFORM_ADMIN,
    body: LtiRotationSchema,
    handle: async ({ body }) => ({ status: 201, body: await platforms.rotateKey(body.graceHours) }),
  });
}
