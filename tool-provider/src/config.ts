import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the tool provider reads, with its default. The README's configuration
 * table is written from this schema; keep them together.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED: bool.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24 * 3600),
  REFRESH_REUSE_GRACE: z.coerce.number().int().min(0).max(300).default(10),
  COOKIE_SECURE: bool.optional(),
  COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kib <no-reply@kib.localhost>'),
  INFO_EMAIL: z.string().email().default('info@kib.localhost'),
  TRUST_PROXY: z.string().default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'letters, digits, ".", "_" or "-" (at most 64)' })
    .optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  AI_MAX_TOKENS: z.coerce.number().int().min(256).max(100_000).default(4000),
  AI_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  LTI_DYNAMIC_REGISTRATION: z.enum(['open', 'closed']).optional(),
  LTI_REGISTRATION_PRIVATE_NETWORKS: z.enum(['allow', 'refuse']).optional(),
  LTI_LINE_ITEM_MAX_SCORE: z.coerce.number().int().min(1).max(10000).default(100),
  LTI_ID_TOKEN_MAX_LIFETIME: z.coerce.number().int().min(60).max(86_400).default(3600),
  LTI_SECRETS_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32, {
      message: 'the base64 of 32 random bytes (openssl rand -base64 32)',
    })
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  MEDIA_PICTURE_BASE_URL: z.string().url().optional(),
  MEDIA_VIDEO_BASE_URL: z.string().url().optional(),
  HANDWRITING_APP_ID: z.string().optional(),
  HANDWRITING_APP_KEY: z.string().optional(),
  HANDWRITING_BASE_URL: z.string().url().default('https://api.mathpix.com'),
});

/** Resolved configuration of one tool-provider process. */
export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Address users reach the site at; links in e-mails point here. */
  publicUrl: string;
  /** A PostgreSQL URL, or undefined for the embedded database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  seed: boolean;
  /** HMAC secret of access tokens; undefined means "generate one and keep it in the database". */
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Seconds during which a just-rotated refresh token may be presented again (two tabs at once). */
  refreshReuseGrace: number;
  /** Secure flag of cookies; undefined means "secure unless the public URL is http on localhost". */
  cookieSecure: boolean;
  cookieSameSite: 'lax' | 'strict' | 'none';
  smtpUrl: string | undefined;
  mailFrom: string;
  infoEmail: string;
  trustProxy: string;
  logLevel: string;
  /** This process's name among several behind a balancer, sent as `X-Kib-Instance` when set. */
  instanceName: string | undefined;
  /**
   * Whether LMSs may register themselves at /lti/1.3/register (LTI Dynamic Registration); closed
   * unless set in production, open elsewhere.
   */
  ltiDynamicRegistration: 'open' | 'closed';
  /** May a registering LMS's URLs be on private networks (an intranet Moodle)? */
  ltiRegistrationPrivateNetworks: 'allow' | 'refuse';
  /** Seals LTI consumer secrets and Kib's private keys in the database (base64 of 32 bytes). */
  ltiSecretsKey: string | undefined;
  /**
   * The maximum of the grade column an activity picked in the LMS creates (LTI 1.1 Content-Item and
   * LTI 1.3 deep linking), and the maximum AGS scores are sent out of.
   */
  ltiLineItemMaxScore: number;
  /** The longest lifetime (exp - iat, seconds) of an LTI 1.3 id_token Kib accepts. */
  ltiIdTokenMaxLifetime: number;
  /**
   * AI-assisted creation through an OpenAI-compatible chat-completions endpoint: null (not
   * configured) unless AI_BASE_URL and AI_MODEL are both set.
   */
  ai: AiConfig | null;
  /**
   * Where pictures and videos are stored: the local disk under `dataDir/media` unless an
   * S3-compatible bucket is configured (S3_BUCKET and its credentials).
   */
  media: MediaConfig;
  /**
   * The handwriting recognition service (a Mathpix-v3-compatible API): null when HANDWRITING_APP_ID
   * or HANDWRITING_APP_KEY is unset, and handwriting then answers that it is not configured.
   */
  handwriting: { appId: string; appKey: string; baseUrl: string } | null;
}

/** Where the creator area's pictures and videos are stored and served from. */
export interface MediaConfig {
  /** The S3-compatible store, or null for the local disk. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  } | null;
  /** Where browsers load pictures from (a CDN or the bucket); Kib's own /media/pictures otherwise. */
  pictureBaseUrl: string | undefined;
  /** Where browsers load videos from; Kib's own /media/videos otherwise. */
  videoBaseUrl: string | undefined;
}

/** The model AI-assisted creation calls, and the bounds of its cost. */
export interface AiConfig {
  /** The endpoint's base URL (the part before `/chat/completions`). */
  baseUrl: string;
  /** The bearer key, when the endpoint needs one. */
  apiKey: string | undefined;
  model: string;
  /** How long one generation may take, in ms, before the creator is told. */
  timeoutMs: number;
  /** The most tokens one answer of the model may use. */
  maxTokens: number;
  /** The most generations one creator may ask for in an hour (counted in the database). */
  requestsPerHour: number;
}

/**
 * The address users reach a server at once it listens on `port`: PUBLIC_URL, or, when PUBLIC_URL
 * is unset and PORT is 0 (any free port), the address derived from the port actually chosen.
 */
export function listeningPublicUrl(config: Pick<Config, 'port' | 'publicUrl'>, port: number): string {
  return config.port === 0 && config.publicUrl === 'http://localhost:0'
    ? `http://localhost:${port}`
    : config.publicUrl;
}

/** Parses the environment into a Config; throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL || undefined,
    // Relative to where the command was typed (npm sets INIT_CWD), not to the workspace folder.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    seed: e.SEED && e.NODE_ENV !== 'production',
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshReuseGrace: e.REFRESH_REUSE_GRACE,
    cookieSecure: e.COOKIE_SECURE ?? !local,
    cookieSameSite: e.COOKIE_SAMESITE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    infoEmail: e.INFO_EMAIL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    instanceName: e.INSTANCE_NAME,
    ltiDynamicRegistration: e.LTI_DYNAMIC_REGISTRATION ?? (e.NODE_ENV === 'production' ? 'closed' : 'open'),
    ltiSecretsKey: e.LTI_SECRETS_KEY,
    ltiRegistrationPrivateNetworks:
      e.LTI_REGISTRATION_PRIVATE_NETWORKS ?? (e.NODE_ENV === 'production' ? 'refuse' : 'allow'),
    ltiLineItemMaxScore: e.LTI_LINE_ITEM_MAX_SCORE,
    ltiIdTokenMaxLifetime: e.LTI_ID_TOKEN_MAX_LIFETIME,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.AI_API_KEY || undefined,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
            maxTokens: e.AI_MAX_TOKENS,
            requestsPerHour: e.AI_REQUESTS_PER_HOUR,
          }
        : null,
    media: {
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
      pictureBaseUrl: e.MEDIA_PICTURE_BASE_URL?.replace(/\/+$/, ''),
      videoBaseUrl: e.MEDIA_VIDEO_BASE_URL?.replace(/\/+$/, ''),
    },
    handwriting:
      e.HANDWRITING_APP_ID && e.HANDWRITING_APP_KEY
        ? {
            appId: e.HANDWRITING_APP_ID,
            appKey: e.HANDWRITING_APP_KEY,
            baseUrl: e.HANDWRITING_BASE_URL.replace(/\/+$/, ''),
          }
        : null,
  };
}
