import { endpoint, roles } from './contract';
import {
  AddLtiConsumerSchema,
  AddLtiDeploymentSchema,
  AddLtiPlatformSchema,
  LtiConsumerRegistrationSchema,
  LtiConsumerSecretSchema,
  LtiKeyRotationSchema,
  LtiPlatformRegistrationSchema,
  LtiRegistrationStateSchema,
  LtiRegistrationsSchema,
  LtiRotationSchema,
} from './lti-admin.schemas';

const TAG = 'lti-admin';

/** Only platform admins manage the LMSs connected to Kib. */
const PLATFORM_ADMIN = roles('Platform Admin');

/**
 * The platform admin's management of LTI registrations (the same registries as `npm run lti`):
 * every LMS connected to Kib and Kib's addresses and keys; adding consumers and platforms, rotating
 * secrets and keys, disabling and enabling.
 */
export const LTI_ADMIN_ENDPOINTS = {
  ltiRegistrations: endpoint({
    method: 'get',
    path: '/lti/admin/registrations/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: "Every LMS registered (LTI 1.1 consumers, LTI 1.3 platforms), Kib's signing keys and addresses",
    response: LtiRegistrationsSchema,
  }),
  addLtiConsumer: endpoint({
    method: 'post',
    path: '/lti/admin/consumers/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: 'Registers an LTI 1.1 consumer; its new secret is answered this once',
    body: AddLtiConsumerSchema,
    response: LtiConsumerSecretSchema,
    status: 201,
  }),
  rotateLtiConsumerSecret: endpoint({
    method: 'post',
    path: '/lti/admin/consumers/:key/rotate-secret/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: 'Gives a consumer a new secret (answered once); the old one works through the grace period',
    body: LtiRotationSchema,
    response: LtiConsumerSecretSchema,
  }),
  setLtiConsumerEnabled: endpoint({
    method: 'patch',
    path: '/lti/admin/consumers/:key/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: 'Enables or disables an LTI 1.1 consumer',
    body: LtiRegistrationStateSchema,
    response: LtiConsumerRegistrationSchema,
  }),
  addLtiPlatform: endpoint({
    method: 'post',
    path: '/lti/admin/platforms/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: 'Registers an LTI 1.3 platform with its endpoints, origins and deployments',
    body: AddLtiPlatformSchema,
    response: LtiPlatformRegistrationSchema,
    status: 201,
  }),
  addLtiDeployment: endpoint({
    method: 'post',
    path: '/lti/admin/platforms/:id/deployments/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: 'Registers one more deployment of an LTI 1.3 platform',
    body: AddLtiDeploymentSchema,
    response: LtiPlatformRegistrationSchema,
    status: 201,
  }),
  setLtiPlatformEnabled: endpoint({
    method: 'patch',
    path: '/lti/admin/platforms/:id/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary: 'Enables or disables an LTI 1.3 platform',
    body: LtiRegistrationStateSchema,
    response: LtiPlatformRegistrationSchema,
  }),
  rotateLtiKey: endpoint({
    method: 'post',
    path: '/lti/admin/keys/rotate/',
    access: PLATFORM_ADMIN,
    tag: TAG,
    summary:
      "Makes a new signing key Kib's active one; the replaced key stays published through the grace period",
    body: LtiRotationSchema,
    response: LtiKeyRotationSchema,
    status: 201,
  }),
};
