import { API, LtiConsumerKeySchema, PathIdSchema } from '@kib/core';
import type { Response } from 'express';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/errors';
import { toolUrls, type ConsumerRegistry, type PlatformRegistry } from './lti-registrations.service';

/** Answers with secrets (and the lists around them) are never stored by a browser or a proxy. */
function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

/** The consumer key of a path, as the schema reads keys; a malformed one is no consumer (404). */
function consumerKeyOf(params: { key: string }): string {
  const key = LtiConsumerKeySchema.safeParse(params.key);
  if (!key.success) throw new AppError(404, 'not-found', { key: 'errors.lti-consumer-unknown' });
  return key.data;
}

/** The platform id of a path; a malformed one is no platform (404). */
function platformIdOf(params: { id: string }): number {
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

  api.handle(API.ltiRegistrations, {
    handle: async ({ res }) => {
      noStore(res);
      return {
        body: {
          consumers: await consumers.list(),
          platforms: await platforms.list(),
          keys: await platforms.keys(),
          toolUrls: toolUrls(deps.publicUrl, deps.dynamicRegistration),
        },
      };
    },
  });

  api.handle(API.addLtiConsumer, {
    handle: async ({ body, res }) => {
      noStore(res);
      return { body: await consumers.add(body) };
    },
  });

  api.handle(API.rotateLtiConsumerSecret, {
    handle: async ({ body, params, res }) => {
      noStore(res);
      return { body: await consumers.rotateSecret(consumerKeyOf(params), body.graceHours) };
    },
  });

  api.handle(API.setLtiConsumerEnabled, {
    handle: async ({ body, params }) => ({
      body: await consumers.setEnabled(consumerKeyOf(params), body.enabled),
    }),
  });

  api.handle(API.addLtiPlatform, {
    handle: async ({ body }) => ({ body: await platforms.add(body) }),
  });

  api.handle(API.addLtiDeployment, {
    handle: async ({ body, params }) => ({
      body: await platforms.addDeployment(platformIdOf(params), body.deploymentId),
    }),
  });

  api.handle(API.setLtiPlatformEnabled, {
    handle: async ({ body, params }) => ({
      body: await platforms.setEnabled(platformIdOf(params), body.enabled),
    }),
  });

  api.handle(API.rotateLtiKey, {
    handle: async ({ body }) => ({ body: await platforms.rotateKey(body.graceHours) }),
  });
}
