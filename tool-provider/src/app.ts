import { API, EMBED_TOKEN_PREFIX, type AnyEndpoint } from '@kib/core';
import { createRequire } from 'node:module';
import { parseLatex } from '@kib/checker';
import { LANGUAGE_COOKIE, resolveLanguage } from '@kib/i18n';
import compression from 'compression';
import cors from 'cors';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Sequelize } from 'sequelize';
import { siteAssets } from './assets/site-assets';
import { widgetAssets } from './assets/widget-assets';
import { registerAuthRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { PasswordBudget } from './auth/password-budget';
import { SessionEnds } from './auth/session-ends';
import { SessionEndsRepository } from './auth/session-ends.repository';
import { TokenRepository } from './auth/token.repository';
import { AccessTokens, resolveJwtSecret } from './auth/tokens';
import type { Config } from './config';
import { mediaOrigins } from './media/media-origins';
import { registerClassroomRoutes } from './classrooms/classroom.routes';
import { ActivityRepository } from './activities/activity.repository';
import { registerActivityRoutes } from './activities/activity.routes';
import { ActivityService, TEMP_STUDENT_TOKEN_TTL_SECONDS } from './activities/activity.service';
import { ContactRepository } from './contact/contact.repository';
import { ContentRepository } from './content/content.repository';
import { registerContentRoutes } from './content/content.routes';
import { LookupRepository } from './content/lookups.repository';
import { registerLookupRoutes } from './content/lookups.routes';
import { registerContactRoutes } from './contact/contact.routes';
import { registerGeographyRoutes } from './schools/geography.routes';
import { SchoolCodeRepository } from './schools/school-codes.repository';
import { registerSchoolCodeRoutes } from './schools/school-codes.routes';
import { SchoolCodeService } from './schools/school-codes.service';
import { SchoolAdminRepository } from './schools/school-admin.repository';
import { registerSchoolAdminRoutes } from './schools/school-admin.routes';
import { SchoolAdminService } from './schools/school-admin.service';
import { ContactService } from './contact/contact.service';
import type { DatabaseKind } from './db/database';
import { registerHealthRoutes, registerOpenApiRoute } from './health/health.routes';
import { dataDirInUse } from './health/write-probe';
import { ApiRouter } from './http/api-router';
import { AppError, errorHandler } from './http/errors';
import { largeBodyParser } from './http/large-bodies';
import { createLimiters, Limiter } from './http/rate-limit';
import type { Logger } from './logger';
import type { JobQueue, RetryPolicy } from './jobs/job-queue';
import { createMailer, type Mailer } from './mail/mailer';
import { ReviewsRepository } from './reviews/reviews.repository';
import { registerReviewRoutes } from './reviews/reviews.routes';
import { CreatorDraftsRepository, registerCreatorDraftRoutes } from './creator-drafts/creator-drafts';
import { ReviewsService } from './reviews/reviews.service';
import { UserRepository } from './users/user.repository';
import { initModels } from './db/models';
import { problemVisibility } from './problems/problem-visibility';
import { ProblemRepository } from './problems/problem.repository';
import { registerProblemRoutes } from './problems/problems.routes';
import { registerSolvingRoutes } from './solving/solving.routes';
import { PracticeRepository } from './adaptive/practice.repository';
import { registerPracticeRoutes } from './adaptive/practice.routes';
import { PracticeService } from './adaptive/practice.service';
import { SolvingService } from './solving/solving.service';
import { NumeralCache } from './solving/numeral-cache';
import { SolvingAccessRepository } from './solving/solving-access.repository';
import { StatRepository } from './solving/stat.repository';
import { PlatformOrigins, selfAndPlatforms } from './lti/shared/frame-ancestors';
import { LtiRepository } from './lti/shared/lti.repository';
import { mountLti11 } from './lti/v11/lti11.routes';
import { registerLtiRoutes } from './lti/shared/lti.routes';
import { LtiModules } from './lti/shared/lti-modules';
import { TeacherRepository } from './teachers/teacher.repository';
import { EmbedTokens } from './teachers/embed/embed-tokens';
import { registerEmbedRoutes } from './teachers/embed/embed.routes';
import { registerTeacherRoutes } from './teachers/teacher.routes';
import { TeacherService } from './teachers/teacher.service';
import { StudentRegistrationRepository } from './teachers/student-registration.repository';
import { ResultsRepository } from './teachers/results/results.repository';
import { registerResultsRoutes } from './teachers/results/results.routes';
import { ResultsService } from './teachers/results/results.service';
import { ModuleRepository } from './teachers/modules/module.repository';
import { registerModuleRoutes } from './teachers/modules/module.routes';
import { LearningStandardsRepository } from './learning-standards/learning-standards.repository';
import { registerLearningStandardRoutes } from './learning-standards/learning-standards.routes';
import { LearningStandardsService } from './learning-standards/learning-standards.service';
import { ModuleService } from './teachers/modules/module.service';
import { GradePassBack } from './lti/shared/grade-pass-back';
import { LtiAccountLinks } from './lti/shared/account-links';
import { LTI_SESSION_TTL_SECONDS, LtiLaunches } from './lti/shared/launch';
import { registerLtiAdminRoutes } from './lti/shared/lti-admin.routes';
import { ConsumerRegistry, PlatformRegistry } from './lti/shared/lti-registrations.service';
import { LtiLinkRepository } from './lti/shared/lti-links.repository';
import { LtiLinks } from './lti/shared/lti-links.service';
import { MembershipsClient } from './lti/v13/nrps';
import { PlatformTokens } from './lti/v13/platform-tokens';
import { SecretBox } from './lti/shared/secret-box';
import { Lti11Service } from './lti/v11/lti11.service';
import { OutcomeRepository } from './lti/v11/outcome.repository';
import { OutcomeSender } from './lti/v11/outcomes';
import { AgsScoreSender } from './lti/v13/ags';
import { Lti13OutcomeRepository } from './lti/v13/lti13-outcome.repository';
import { Lti13Repository } from './lti/v13/lti13.repository';
import { mountLti13 } from './lti/v13/lti13.routes';
import { mountDynamicRegistration } from './lti/v13/dynamic-registration.routes';
import { DynamicRegistration } from './lti/v13/dynamic-registration.service';
import { Lti13Service } from './lti/v13/lti13.service';
import { PlatformKeySets } from './lti/v13/platform-jwks';
import { ToolKeys } from './lti/v13/tool-keys';
import path from 'node:path';
import { CreationRepository } from './creation/creation.repository';
import { registerCreationRoutes } from './creation/creation.routes';
import { CreationService } from './creation/creation.service';
import { OpenAiCompatibleModel } from './creation-ai/ai-model';
import { registerCreationAiRoutes } from './creation-ai/creation-ai.routes';
import { AiJobs, aiRetryPolicy } from './creation-ai/ai-jobs';
import { sealer } from './crypto/sealed';
import { RegistrationJobs } from './teachers/registration-jobs';
import { FileParsers, type FileParsersOptions } from './parsing/file-parsers';
import { CreationAiService } from './creation-ai/creation-ai.service';
import { registerVariantsRoutes } from './creation-variants/variants.routes';
import { VariantsService } from './creation-variants/variants.service';
import { CreatorModuleRepository } from './creator-modules/creator-modules.repository';
import { registerCreatorModuleRoutes } from './creator-modules/creator-modules.routes';
import { CreatorModuleService } from './creator-modules/creator-modules.service';
import { CreatorStatsRepository } from './creator-stats/creator-stats.repository';
import { registerCreatorStatsRoutes } from './creator-stats/creator-stats.routes';
import { CreatorStatsService } from './creator-stats/creator-stats.service';
import { createMediaStorage } from './media/create-storage';
import { MediaRepository } from './media/media.repository';
import { mediaFiles, registerMediaRoutes } from './media/media.routes';
import { MathpixProvider } from './handwriting/handwriting-provider';
import { registerHandwritingRoutes } from './handwriting/handwriting.routes';
import { HandwritingService } from './handwriting/handwriting.service';
import { PhonePhotoRepository } from './phone-photos/phone-photo.repository';
import { registerPhonePhotoRoutes } from './phone-photos/phone-photo.routes';
import { PhonePhotoService } from './phone-photos/phone-photo.service';
import { PhonePhotoSockets } from './phone-photos/phone-photo.socket';
import { MediaService } from './media/media.service';
import type { MediaStorage } from './media/storage';

/** The version of the tool provider, as its package says (the API document's version). */
const KIB_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** What the app is built from. */
export interface AppDeps {
  config: Config;
  sequelize: Sequelize;
  databaseKind: DatabaseKind;
  logger: Logger;
  /** Overrides the configured mailer (tests). */
  mailer?: Mailer;
  /**
   * The background job queue (started): AI generations and bulk registrations are its jobs. Without
   * one (tests that do not need it) both answer 503.
   */
  jobs?: JobQueue;
  /** Replaces parts of how AI generations are retried (tests: shorter waits and leases). */
  aiRetry?: Partial<RetryPolicy>;
  /** Where the built widget bundle is (tests); the repository's widgets/dist by default. */
  widgetsDir?: string;
  /** Where the built site is (tests); the repository's site/dist by default. */
  siteDir?: string;
  /** The clock of LTI launches and grade sending (tests); the system clock by default. */
  ltiNow?: () => Date;
  /** How grades are posted to LMSs (tests); the global fetch by default. */
  outcomeFetch?: typeof fetch;
  /** Where pictures and videos are stored (tests); the configured store by default. */
  mediaStorage?: MediaStorage;
  /** The budget of password hashes (tests: one that counts the checks); Kib's, sized to this machine, by default. */
  passwords?: PasswordBudget;
  /** How long strangers' log-ins wait at an account under attack (tests: shorter); 3 s by default. */
  loginSlowdownMs?: number;
  /** The bounds of the threads that parse uploaded files (tests: smaller ones); Kib's by default. */
  parsers?: FileParsersOptions;
}

/** The assembled application and the pieces tests look at. */
export interface KibApp {
  app: Express;
  api: ApiRouter;
  mailer: Mailer;
  accessTokens: AccessTokens;
  /** Pictures and videos: their store, checks and addresses. */
  media: MediaService;
  /** The LTI 1.1 adapter: launches, the grade outbox's sender (started by the server), platform origins. */
  lti: { service: Lti11Service; origins: PlatformOrigins };
  /** Where grades go back to LMSs: the Basic Outcomes and AGS outboxes and their senders. */
  grades: GradePassBack;
  /** The LTI 1.3 adapter: launches, Kib's signing keys, the AGS score outbox's sender (started by the server). */
  lti13: { service: Lti13Service; keys: ToolKeys };
  /** The phone-photo socket: attached to the HTTP server that listens, closed with it. */
  sockets: PhonePhotoSockets;
  /** The workers of the app's background jobs (AI generations, bulk registrations), started by the server. */
  workers: { start(pollingSeconds?: number): Promise<void> };
  /**
   * The sessions that ended, which every access token is checked against in memory: read at once
   * after an end here; polled and listened for (other instances' ends) once the server starts it.
   */
  sessionEnds: SessionEnds;
  /** The threads that parse uploaded files (spreadsheets), closed with the server. */
  parsers: FileParsers;
}

/** Maximum JSON body size; larger requests get 413. */
const JSON_LIMIT = 200 * 1024;

/** Builds the Express application: security headers, parsers, language, authentication, the API. */
export async function createApp(deps: AppDeps): Promise<KibApp> {
  const { config, sequelize, logger } = deps;
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger,
    });
  const secret = await resolveJwtSecret(sequelize, config.jwtSecret);
  const sessionEnds = new SessionEnds({
    repo: new SessionEndsRepository(sequelize),
    kind: deps.databaseKind,
    logger,
    // A session's end is kept while a token it ends may be alive: the longest lifetime, and the
    // verification's clock tolerance with some margin.
    keepSeconds:
      Math.max(config.accessTokenTtl, TEMP_STUDENT_TOKEN_TTL_SECONDS, LTI_SESSION_TTL_SECONDS) + 60,
  });
  // Every session that ended before this start is known before the first request.
  await sessionEnds.catchUp();
  const accessTokens = new AccessTokens(secret, config.accessTokenTtl, sessionEnds);
  const limiters = createLimiters(sequelize);
  const users = new UserRepository(sequelize);
  const auth = new AuthService({
    sequelize,
    users,
    tokens: new TokenRepository(sequelize),
    accessTokens,
    sessionEnds,
    mailer,
    limiters,
    passwords: deps.passwords ?? new PasswordBudget(),
    logger,
    publicUrl: config.publicUrl,
    refreshTtlSeconds: config.refreshTokenTtl,
    refreshReuseGraceSeconds: config.refreshReuseGrace,
    loginSlowdownMs: deps.loginSlowdownMs,
  });
  const contact = new ContactService({
    contacts: new ContactRepository(sequelize),
    mailer,
    limiters,
    logger,
    infoEmail: config.infoEmail,
  });

  // The LaTeX parser builds its engine on first use (~150 ms): pay that at start, not in a student's check.
  parseLatex('x^{2}+1');
  const models = initModels(sequelize);
  const problems = new ProblemRepository(models);
  const canSeeUnpublished = problemVisibility(sequelize);
  const content = new ContentRepository(sequelize);
  const activityRepository = new ActivityRepository(sequelize);
  const solving = new SolvingService({
    problems,
    numerals: new NumeralCache(sequelize, problems),
    stats: new StatRepository(sequelize),
    access: new SolvingAccessRepository(sequelize),
    isDemoProblem: (id) => content.isDemoProblem(id),
    // A completed numeral changes the module's grade in the student's LMS: mark it for sending.
    onNumeralCompleted: (principal, problemId) => grades.progressChanged(principal.userId, problemId),
  });
  const secretBox = SecretBox.fromBase64(config.ltiSecretsKey);
  const ltiRepository = new LtiRepository(sequelize, secretBox);
  const lti13Repository = new Lti13Repository(sequelize, secretBox);
  const toolKeys = new ToolKeys(lti13Repository, deps.ltiNow);
  const platformTokens = new PlatformTokens({ keys: toolKeys, fetch: deps.outcomeFetch, now: deps.ltiNow });
  const outcomes = new OutcomeRepository(sequelize);
  const scores = new Lti13OutcomeRepository(sequelize);
  const ltiLinks = new LtiLinks({
    links: new LtiLinkRepository(sequelize),
    users: ltiRepository,
    activities: activityRepository,
    platforms: lti13Repository,
    memberships: new MembershipsClient({ tokens: platformTokens, fetch: deps.outcomeFetch }),
    grades: { basicOutcomes: outcomes, agsScores: scores },
    logger,
    now: deps.ltiNow,
  });
  const grades = new GradePassBack({
    basicOutcomes: {
      store: outcomes,
      sender: new OutcomeSender({
        outcomes,
        consumers: ltiRepository,
        logger,
        fetch: deps.outcomeFetch,
        now: deps.ltiNow,
      }),
    },
    agsScores: {
      store: scores,
      sender: new AgsScoreSender({
        outcomes: scores,
        platforms: lti13Repository,
        tokens: platformTokens,
        logger,
        scoreMaximum: config.ltiLineItemMaxScore,
        fetch: deps.outcomeFetch,
        now: deps.ltiNow,
      }),
    },
    logger,
    now: deps.ltiNow,
  });
  const launches = new LtiLaunches({
    users: ltiRepository,
    links: ltiLinks,
    grades,
    accessTokens,
    logger,
    now: deps.ltiNow,
  });
  const lti = new Lti11Service({
    repo: ltiRepository,
    launches,
    logger,
    lineItemMaxScore: config.ltiLineItemMaxScore,
    now: deps.ltiNow,
  });
  const platformOrigins = new PlatformOrigins(ltiRepository, logger);
  // The first start creates Kib's signing key, so the JWKS is never empty.
  await toolKeys.ensureActive();
  // With LTI_SECRETS_KEY, secrets stored before it was set are sealed now (idempotent).
  const sealed = (await ltiRepository.sealSecrets()) + (await lti13Repository.sealKeys());
  if (sealed > 0) logger.info({ sealed }, 'LTI secrets sealed with LTI_SECRETS_KEY');
  // Every secret opens now, or Kib does not start: a wrong or missing key shows here, not at a launch.
  await ltiRepository.listConsumers();
  const lti13 = new Lti13Service({
    repo: lti13Repository,
    users: ltiRepository,
    launches,
    keySets: new PlatformKeySets({ now: deps.ltiNow }),
    keys: toolKeys,
    publicUrl: config.publicUrl,
    logger,
    lineItemMaxScore: config.ltiLineItemMaxScore,
    idTokenMaxLifetime: config.ltiIdTokenMaxLifetime,
    now: deps.ltiNow,
  });

  const api = new ApiRouter({ checkResponses: config.env === 'test' });
  registerHealthRoutes(api, sequelize, deps.databaseKind, {
    dataDir: dataDirInUse(config) ? config.dataDir : null,
  });
  registerAuthRoutes(api, auth, { secure: config.cookieSecure, sameSite: config.cookieSameSite });
  registerContactRoutes(api, contact);
  registerProblemRoutes(api, problems, canSeeUnpublished, (userId, id) => content.accountMayOpen(userId, id));
  registerSolvingRoutes(api, solving, limiters.demoPerAddress);
  registerContentRoutes(api, content);
  registerLookupRoutes(api, new LookupRepository(sequelize));
  registerClassroomRoutes(api, sequelize, limiters);
  registerGeographyRoutes(api, sequelize);
  const teachers = new TeacherService({
    repo: new TeacherRepository(sequelize),
    registrations: new StudentRegistrationRepository(sequelize),
    codeLimiter: limiters.teacherCodePerAccount,
  });
  const registrationJobs = new RegistrationJobs({
    jobs: deps.jobs ?? null,
    teachers,
    sealed: sealer(secret, 'student-registration'),
    logger,
  });
  const parsers = new FileParsers(deps.parsers);
  registerTeacherRoutes(api, teachers, registrationJobs, parsers);
  const embedTokens = new EmbedTokens({ sequelize, guard: teachers });
  registerEmbedRoutes(api, embedTokens);
  const modules = new ModuleService({
    repo: new ModuleRepository(sequelize),
    subscriptions: teachers,
    activities: activityRepository,
    codeLimiter: limiters.moduleCodePerAddress,
    sessionEnds,
  });
  registerModuleRoutes(api, modules);
  registerLearningStandardRoutes(
    api,
    new LearningStandardsService(new LearningStandardsRepository(sequelize)),
  );
  registerPracticeRoutes(
    api,
    new PracticeService(new PracticeRepository(sequelize), {
      requireSubscription: (teacherId) => teachers.requireSubscription(teacherId),
    }),
  );
  registerResultsRoutes(
    api,
    new ResultsService({
      results: new ResultsRepository(sequelize),
      activities: activityRepository,
      teachers,
      pictureUrl: (key) => `${media.baseUrls().picture}/${key}`,
    }),
  );
  const accountLinks = new LtiAccountLinks({
    sequelize,
    verifyCredentials: (input, origin) => auth.verifyCredentials(input, origin),
    teachers: {
      hasValidSubscription: (teacherId) => teachers.hasValidSubscription(teacherId),
      modules: async (teacherId) => (await modules.list(teacherId, {})).modules,
      ensureCodes: (teacherId, moduleId) => modules.createCodes(teacherId, moduleId),
    },
  });
  const ltiModules = new LtiModules({
    modules: new ModuleRepository(sequelize),
    selections: { lti11: ltiRepository, lti13: lti13Repository },
    now: deps.ltiNow,
  });
  registerLtiRoutes(api, { launches, lti11: lti, lti13, links: ltiLinks, accountLinks, ltiModules });
  // A registration added, enabled or disabled here may frame Kib (or not) at once; one changed by
  // `npm run lti` is seen within the origins cache's minute.
  const registrationChanged = () => platformOrigins.invalidate();
  registerLtiAdminRoutes(api, {
    consumers: new ConsumerRegistry({ repo: ltiRepository, now: deps.ltiNow, onChange: registrationChanged }),
    platforms: new PlatformRegistry({
      repo: lti13Repository,
      keys: toolKeys,
      now: deps.ltiNow,
      onChange: registrationChanged,
    }),
    publicUrl: config.publicUrl,
    dynamicRegistration: config.ltiDynamicRegistration,
  });
  const schoolCodes = new SchoolCodeRepository(sequelize);
  registerSchoolCodeRoutes(api, new SchoolCodeService({ repo: schoolCodes }));
  registerSchoolAdminRoutes(
    api,
    new SchoolAdminService({
      repo: new SchoolAdminRepository(sequelize),
      schoolCodes,
      mailer,
      logger,
      codeLimiter: limiters.schoolCodePerAccount,
      publicUrl: config.publicUrl,
    }),
  );
  registerActivityRoutes(
    api,
    new ActivityService({
      activities: activityRepository,
      accessTokens,
      sessionEnds,
      codeLimiter: limiters.moduleCodePerAddress,
      registrationLimiter: limiters.tempStudentPerAddress,
    }),
  );
  const mediaRepo = new MediaRepository(sequelize);
  const media = new MediaService({
    storage: deps.mediaStorage ?? createMediaStorage(config),
    repo: mediaRepo,
    publicUrl: config.publicUrl,
    pictureBaseUrl: config.media.pictureBaseUrl,
    videoBaseUrl: config.media.videoBaseUrl,
    secret,
    logger,
  });
  const handwriting = new HandwritingService({
    provider: config.handwriting ? new MathpixProvider(config.handwriting) : null,
    limiter: limiters.handwritingPerSolver,
    logger,
  });
  registerMediaRoutes(api, media, { handwriting: handwriting.configured });
  registerHandwritingRoutes(api, handwriting);
  const phonePhotos = new PhonePhotoService({
    repo: new PhonePhotoRepository(sequelize),
    media,
    mediaRepo,
    handwriting,
    assertMayAnswer: (principal, numeralId) => solving.assertMayAnswer(principal, numeralId),
    limiter: limiters.phonePhotoPerSolver,
    secret,
    publicUrl: config.publicUrl,
    logger,
  });
  registerPhonePhotoRoutes(api, phonePhotos);
  registerCreationRoutes(
    api,
    new CreationService({
      sequelize,
      repo: new CreationRepository(sequelize, models),
      media,
      mediaRepo,
      logger,
    }),
  );
  registerVariantsRoutes(api, new VariantsService({ repo: new CreationRepository(sequelize, models) }));
  const aiJobs = new AiJobs({
    jobs: deps.jobs ?? null,
    service: new CreationAiService({
      model: config.ai ? new OpenAiCompatibleModel(config.ai) : null,
      limiter: config.ai
        ? new Limiter(sequelize, {
            name: 'ai-creator',
            points: config.ai.requestsPerHour,
            durationSeconds: 3600,
          })
        : null,
      logger,
    }),
    logger,
    policy: { ...aiRetryPolicy(config.ai?.timeoutMs ?? 60_000), ...deps.aiRetry },
  });
  registerCreationAiRoutes(api, aiJobs);
  registerReviewRoutes(
    api,
    new ReviewsService({
      sequelize,
      repo: new ReviewsRepository(sequelize),
      mailer,
      logger,
      publicUrl: config.publicUrl,
    }),
  );
  registerCreatorStatsRoutes(api, new CreatorStatsService({ repo: new CreatorStatsRepository(sequelize) }));
  registerCreatorDraftRoutes(api, new CreatorDraftsRepository(sequelize));
  registerCreatorModuleRoutes(
    api,
    new CreatorModuleService({
      repo: new CreatorModuleRepository(sequelize),
      modules: new ModuleRepository(sequelize),
      activities: activityRepository,
      codeLimiter: limiters.moduleCodePerAddress,
      sessionEnds,
    }),
  );
  registerOpenApiRoute(api, { version: KIB_VERSION, publicUrl: config.publicUrl });

  const app = express();
  app.disable('x-powered-by');
  // Behind a balancer, which instance answered (logs, tests of several instances); only when named.
  const instance = config.instanceName;
  if (instance)
    app.use((_req, res, next) => {
      res.setHeader('X-Kib-Instance', instance);
      next();
    });
  app.set('trust proxy', trustProxy(config.trustProxy));
  // Kib opens inside the registered LMSs' iframes (frame-ancestors) and posts the teacher's
  // Content-Item choice back to them (form-action); X-Frame-Options cannot list origins, so it is off.
  app.use(platformOrigins.middleware());
  const origins = mediaOrigins(config.media);
  app.use(
    helmet({
      xFrameOptions: false,
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'"],
          // JSXGraph and MathLive set inline styles on the elements they draw.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', ...origins.pictures],
          // Videos from Kib or the configured CDN; blob: for a video the creator previews before saving.
          'media-src': ["'self'", 'blob:', ...origins.videos],
          'font-src': ["'self'", 'data:'],
          // The landing page's demo video, loaded only when the reader presses play.
          'frame-src': ['https://www.youtube-nocookie.com'],
          // The creation tool uploads large videos straight to the bucket of a presigned address.
          'connect-src': ["'self'", ...origins.uploads],
          'frame-ancestors': [selfAndPlatforms],
          'form-action': [selfAndPlatforms],
          'upgrade-insecure-requests': config.cookieSecure ? [] : null,
        },
      },
    }),
  );
  // Pictures and videos, with their own headers (before gzip: their bytes are compressed already).
  app.use(mediaFiles(media, logger));
  // Gzip for pages, scripts and JSON: a student's phone on a slow network downloads a third.
  app.use(compression());
  app.use('/widgets', widgetAssets(deps.widgetsDir));
  app.use(cookieParser());
  app.use((req, _res, next) => {
    const choice: unknown = req.cookies?.[LANGUAGE_COOKIE];
    req.language = resolveLanguage(typeof choice === 'string' ? choice : null, req.get('accept-language'));
    next();
  });
  mountLti11(app, lti, logger);
  mountLti13(app, lti13, toolKeys, logger);
  mountDynamicRegistration(
    app,
    new DynamicRegistration({
      repo: lti13Repository,
      publicUrl: config.publicUrl,
      open: config.ltiDynamicRegistration === 'open',
      allowLocalHttp: config.env !== 'production',
      addressPolicy: {
        loopback: config.env !== 'production',
        privateNetworks: config.ltiRegistrationPrivateNetworks === 'allow',
      },
      logger,
      // The new platform's origin may frame Kib at once, not after the origins cache expires.
      onRegistered: () => platformOrigins.invalidate(),
    }),
    logger,
    limiters.ltiRegistrationPerAddress,
  );
  // The classroom dashboards a page outside Kib reads with an embed token answer any origin: the
  // token is the only credential (no cookies), so the answer is shared with whoever holds it.
  const embedCors = cors({
    origin: '*',
    methods: ['GET'],
    allowedHeaders: ['authorization', 'accept', 'accept-language'],
    maxAge: 600,
  });
  for (const endpoint of Object.values(API) as AnyEndpoint[])
    if (endpoint.embed) {
      app.options(`/api${endpoint.path}`, embedCors);
      app.get(`/api${endpoint.path}`, embedCors);
    }
  // Who calls: read from the Authorization header before any body, so that a large body is read
  // only for a caller who may send it.
  app.use('/api', async (req, _res, next) => {
    req.principal = null;
    const header = req.get('authorization');
    const match = header ? /^(?:Bearer|JWT)\s+(\S+)$/i.exec(header) : null;
    if (header && !match)
      req.authError = AppError.unauthenticated('session-expired', 'errors.session-expired');
    if (match?.[1]) {
      const token = match[1];
      req.principal = await (
        token.startsWith(EMBED_TOKEN_PREFIX) ? embedTokens.verify(token) : accessTokens.verify(token)
      ).catch(() => null);
      if (!req.principal)
        req.authError = AppError.unauthenticated('session-expired', 'errors.session-expired');
    }
    next();
  });
  // A bulk upload declares a larger body, read only for a caller who may send it
  // (largeBodyParser); the default parser below then leaves the parsed body alone. Matched as a
  // route (its method, its whole path), not as a prefix: createregisterstudents/'s limit must not
  // become that of createregisterstudents/file/ below it.
  for (const endpoint of Object.values(API) as AnyEndpoint[])
    if (endpoint.maxBodyBytes && endpoint.body)
      app[endpoint.method](
        `/api${endpoint.path}`,
        largeBodyParser(
          { ...endpoint, maxBodyBytes: endpoint.maxBodyBytes },
          JSON_LIMIT,
          limiters.largeBodyPerAccount,
        ),
      );
  app.use('/api', express.json({ limit: JSON_LIMIT }));
  app.use('/api', api.router);
  app.use('/api', (_req, _res, next) => next(new AppError(404, 'route-not-found')));
  app.use(siteAssets(deps.siteDir));
  app.use(errorHandler(logger));
  return {
    app,
    api,
    mailer,
    accessTokens,
    media,
    lti: { service: lti, origins: platformOrigins },
    grades,
    lti13: { service: lti13, keys: toolKeys },
    sockets: new PhonePhotoSockets(phonePhotos, logger),
    sessionEnds,
    parsers,
    workers: {
      async start(pollingSeconds?: number) {
        await aiJobs.start(pollingSeconds);
        await registrationJobs.start(pollingSeconds);
      },
    },
  };
}

function trustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
