import type { Migration } from '../migrator';
import * as domainModel from './0001-domain-model';
import * as auth from './0002-auth';
import * as simplifyForm from './0003-simplify-form';
import * as demoCourses from './0004-demo-courses';
import * as activityCodes from './0005-activity-codes';
import * as lti11 from './0006-lti11';
import * as lti13 from './0007-lti13';
import * as ltiResourceLinks from './0008-lti-resource-links';
import * as ltiPlatformStorage from './0009-lti-platform-storage';
import * as tempStudentActivity from './0010-temp-student-activity';
import * as ltiRegistrationAdmin from './0011-lti-registration-admin';
import * as lti13IssuerKeys from './0012-lti13-issuer-keys';
import * as mathTypeDataJsonb from './0013-math-type-data-jsonb';
import * as teacherResultsIndexes from './0014-teacher-results-indexes';
import * as ltiAccountLinks from './0015-lti-account-links';
import * as classroomEmbedTokens from './0016-classroom-embed-tokens';
import * as referenceGeography from './0017-reference-geography';
import * as schoolCodeRevocation from './0018-school-code-revocation';
import * as schoolClassrooms from './0019-school-classrooms';
import * as demoPresets from './0020-demo-presets';
import * as creatorArea from './0021-creator-area';
import * as problemReviews from './0022-problem-reviews';
import * as learningStandards from './0023-learning-standards';
import * as tempActivities from './0024-temp-activities';
import * as creatorStats from './0025-creator-stats';
import * as phonePhotos from './0027-phone-photos';
import * as gradeGiveUps from './0028-grade-give-ups';
import * as contentVersion from './0029-content-version';
import * as sessionEnds from './0030-session-ends';
import * as answerTests from './0031-answer-tests';
import * as creatorDrafts from './0032-creator-drafts';
import * as adaptive from './0033-adaptive';

/**
 * Every migration, in order. Listed explicitly (not globbed at run time) so the same code runs under
 * tsx, vitest and any bundler; `migrations.test.ts` fails when a file here is missing from the list.
 */
export const MIGRATIONS: readonly ({ name: string } & Migration)[] = [
  { name: '0001-domain-model', ...domainModel },
  { name: '0002-auth', ...auth },
  { name: '0003-simplify-form', ...simplifyForm },
  { name: '0004-demo-courses', ...demoCourses },
  { name: '0005-activity-codes', ...activityCodes },
  { name: '0006-lti11', ...lti11 },
  { name: '0007-lti13', ...lti13 },
  { name: '0008-lti-resource-links', ...ltiResourceLinks },
  { name: '0009-lti-platform-storage', ...ltiPlatformStorage },
  { name: '0010-temp-student-activity', ...tempStudentActivity },
  { name: '0011-lti-registration-admin', ...ltiRegistrationAdmin },
  { name: '0012-lti13-issuer-keys', ...lti13IssuerKeys },
  { name: '0013-math-type-data-jsonb', ...mathTypeDataJsonb },
  { name: '0014-teacher-results-indexes', ...teacherResultsIndexes },
  { name: '0015-lti-account-links', ...ltiAccountLinks },
  { name: '0016-classroom-embed-tokens', ...classroomEmbedTokens },
  { name: '0017-reference-geography', ...referenceGeography },
  { name: '0018-school-code-revocation', ...schoolCodeRevocation },
  { name: '0019-school-classrooms', ...schoolClassrooms },
  { name: '0020-demo-presets', ...demoPresets },
  { name: '0021-creator-area', ...creatorArea },
  { name: '0022-problem-reviews', ...problemReviews },
  { name: '0023-learning-standards', ...learningStandards },
  { name: '0024-temp-activities', ...tempActivities },
  { name: '0025-creator-stats', ...creatorStats },
  { name: '0027-phone-photos', ...phonePhotos },
  { name: '0028-grade-give-ups', ...gradeGiveUps },
  { name: '0029-content-version', ...contentVersion },
  { name: '0030-session-ends', ...sessionEnds },
  { name: '0031-answer-tests', ...answerTests },
  { name: '0032-creator-drafts', ...creatorDrafts },
  { name: '0033-adaptive', ...adaptive },
];
