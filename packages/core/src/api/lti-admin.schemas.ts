import { z } from 'zod';

/** Hours an old consumer secret or signing key keeps working after a rotation, unless told otherwise. */
export const LTI_DEFAULT_GRACE_HOURS = 72;
/** The longest grace period of a rotation: 90 days. */
export const LTI_MAX_GRACE_HOURS = 24 * 90;
/** The most origins one consumer or platform may list. */
export const LTI_MAX_ORIGINS = 20;
/** The most deployments one platform may be registered with at once. */
export const LTI_MAX_DEPLOYMENTS = 50;

/** A trimmed text that must not be empty. Messages are i18n keys; the server and the forms translate them. */
const required = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.too-long');

/** An LTI 1.1 consumer key: printable ASCII without spaces, as OAuth 1.0 carries it. */
export const LtiConsumerKeySchema = required(255).regex(/^[\x21-\x7e]+$/, 'validation.lti-consumer-key');

/**
 * The origins an LMS is reached at (`https://moodle.example`, `https://*.example.org`,
 * `http://localhost:*`), as typed; the server keeps only well-formed ones and names any other.
 */
const OriginsSchema = z
  .array(z.string().max(300, 'validation.too-long'))
  .max(LTI_MAX_ORIGINS, 'validation.too-many')
  .transform((origins) => origins.map((o) => o.trim()).filter(Boolean))
  .default([]);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** An http(s) URL of a platform's endpoint. */
const EndpointUrlSchema = required(2000).refine(isHttpUrl, 'validation.url');

/** How many hours the replaced secret or key keeps working. */
const GraceHoursSchema = z
  .number('validation.grace-hours')
  .min(0, 'validation.grace-hours')
  .max(LTI_MAX_GRACE_HOURS, 'validation.grace-hours')
  .default(LTI_DEFAULT_GRACE_HOURS);

/** POST lti/admin/consumers/: registers an LMS for LTI 1.1; Kib makes its secret. */
export const AddLtiConsumerSchema = z.object({
  consumerKey: LtiConsumerKeySchema,
  name: required(200),
  allowedOrigins: OriginsSchema,
});
/** What AddLtiConsumerSchema accepts, parsed. */
export type AddLtiConsumer = z.infer<typeof AddLtiConsumerSchema>;

/** POST lti/admin/platforms/: registers an LMS for LTI 1.3 (what its tool configuration shows). */
export const AddLtiPlatformSchema = z.object({
  // As `npm run lti` always took it: room to spare in the keys that carry an issuer (≤ 500).
  issuer: required(240),
  clientId: required(255),
  name: required(200),
  authLoginUrl: EndpointUrlSchema,
  authTokenUrl: EndpointUrlSchema,
  jwksUrl: EndpointUrlSchema,
  allowedOrigins: OriginsSchema,
  deployments: z.array(required(255)).max(LTI_MAX_DEPLOYMENTS, 'validation.too-many').default([]),
});
/** What AddLtiPlatformSchema accepts, parsed. */
export type AddLtiPlatform = z.infer<typeof AddLtiPlatformSchema>;

/** POST lti/admin/platforms/{id}/deployments/: one more deployment of a platform. */
export const AddLtiDeploymentSchema = z.object({ deploymentId: required(255) });

/** POST lti/admin/consumers/{key}/rotate-secret/ and lti/admin/keys/rotate/: the grace period in hours. */
export const LtiRotationSchema = z.object({ graceHours: GraceHoursSchema });

/** PATCH lti/admin/consumers/{key}/ and lti/admin/platforms/{id}/: enables or disables it. */
export const LtiRegistrationStateSchema = z.object({ enabled: z.boolean('validation.required') });

/** An LTI 1.1 consumer as its administrators see it (never its secret). */
export const LtiConsumerRegistrationSchema = z.object({
  consumerKey: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  createdAt: z.string(),
  /** Until when the secret before the last rotation still works; null when none does any more. */
  previousSecretUntil: z.string().nullable(),
  /** When it was disabled; null while it is enabled. */
  disabledAt: z.string().nullable(),
});
/** An LTI 1.1 consumer as its administrators see it. */
export type LtiConsumerRegistration = z.infer<typeof LtiConsumerRegistrationSchema>;

/** An LTI 1.3 platform as its administrators see it. */
export const LtiPlatformRegistrationSchema = z.object({
  id: z.number().int(),
  issuer: z.string(),
  clientId: z.string(),
  name: z.string(),
  authLoginUrl: z.string(),
  authTokenUrl: z.string(),
  jwksUrl: z.string(),
  allowedOrigins: z.array(z.string()),
  deployments: z.array(z.string()),
  createdAt: z.string(),
  /** When it was disabled; null while it is enabled. */
  disabledAt: z.string().nullable(),
});
/** An LTI 1.3 platform as its administrators see it. */
export type LtiPlatformRegistration = z.infer<typeof LtiPlatformRegistrationSchema>;

/** One of Kib's published LTI 1.3 signing keys. */
export const LtiToolKeySchema = z.object({
  kid: z.string(),
  createdAt: z.string(),
  /** The key Kib signs with now; the others are published until they retire. */
  active: z.boolean(),
  /** When a replaced key leaves the keyset; null for the active key. */
  retiresAt: z.string().nullable(),
});
/** One of Kib's published LTI 1.3 signing keys. */
export type LtiToolKey = z.infer<typeof LtiToolKeySchema>;

/** Kib's own addresses an administrator copies into an LMS. */
export const LtiToolUrlsSchema = z.object({
  /** LTI 1.1: the tool URL. */
  lti11LaunchUrl: z.string(),
  /** LTI 1.3: the initiate login URL. */
  lti13LoginUrl: z.string(),
  /** LTI 1.3: the redirection URI (also the tool URL). */
  lti13RedirectUri: z.string(),
  /** LTI 1.3: the public keyset URL. */
  lti13KeysetUrl: z.string(),
  /** LTI 1.3 dynamic registration: the URL pasted into the LMS. */
  lti13RegistrationUrl: z.string(),
  /** Whether dynamic registration accepts new platforms now (LTI_DYNAMIC_REGISTRATION). */
  dynamicRegistration: z.enum(['open', 'closed']),
});
/** Kib's own addresses an administrator copies into an LMS. */
export type LtiToolUrls = z.infer<typeof LtiToolUrlsSchema>;

/** GET lti/admin/registrations/: every LMS registered, Kib's keys and Kib's addresses. */
export const LtiRegistrationsSchema = z.object({
  consumers: z.array(LtiConsumerRegistrationSchema),
  platforms: z.array(LtiPlatformRegistrationSchema),
  keys: z.array(LtiToolKeySchema),
  toolUrls: LtiToolUrlsSchema,
});
/** What GET lti/admin/registrations/ answers. */
export type LtiRegistrations = z.infer<typeof LtiRegistrationsSchema>;

/** A consumer and its new secret, answered once (when it is added and when its secret is rotated). */
export const LtiConsumerSecretSchema = z.object({
  consumer: LtiConsumerRegistrationSchema,
  secret: z.string(),
});
/** A consumer and its new secret. */
export type LtiConsumerSecret = z.infer<typeof LtiConsumerSecretSchema>;

/** POST lti/admin/keys/rotate/: the new key's id and the keys published now. */
export const LtiKeyRotationSchema = z.object({ kid: z.string(), keys: z.array(LtiToolKeySchema) });
/** What POST lti/admin/keys/rotate/ answers. */
export type LtiKeyRotation = z.infer<typeof LtiKeyRotationSchema>;
