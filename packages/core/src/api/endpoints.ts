import { ACTIVITY_ENDPOINTS } from './activities.endpoints';
import { AUTH_ENDPOINTS } from './auth.endpoints';
import { CLASSROOM_ENDPOINTS } from './classrooms.endpoints';
import { CREATOR_ENDPOINTS } from './creator.endpoints';
import { CREATOR_AI_ENDPOINTS } from './creator-ai.endpoints';
import { CREATOR_VARIANT_ENDPOINTS } from './creator-variants.endpoints';
import { CREATOR_MODULE_ENDPOINTS } from './creator-modules.endpoints';
import { CREATOR_REVIEW_ENDPOINTS } from './creator-reviews.endpoints';
import { CREATOR_STATS_ENDPOINTS } from './creator-stats.endpoints';
import { CONTACT_ENDPOINTS } from './contact.endpoints';
import { CONTENT_ENDPOINTS } from './content.endpoints';
import { GEOGRAPHY_ENDPOINTS } from './geography.endpoints';
import { HANDWRITING_ENDPOINTS } from './handwriting.endpoints';
import { LEARNING_STANDARD_ENDPOINTS } from './learning-standards.endpoints';
import { LOOKUP_ENDPOINTS } from './lookups.endpoints';
import { LTI_ADMIN_ENDPOINTS } from './lti-admin.endpoints';
import { LTI_ENDPOINTS } from './lti.endpoints';
import { META_ENDPOINTS } from './meta.endpoints';
import { SCHOOL_ADMIN_ENDPOINTS } from './school-admin.endpoints';
import { SCHOOL_CODE_ENDPOINTS } from './school-codes.endpoints';
import { PRACTICE_ENDPOINTS } from './practice.endpoints';
import { SOLVING_ENDPOINTS } from './solving.endpoints';
import { TEACHER_EMBED_ENDPOINTS } from './teacher-embed.endpoints';
import { TEACHER_MODULE_ENDPOINTS } from './teacher-modules.endpoints';
import { TEACHER_RESULT_ENDPOINTS } from './teacher-results.endpoints';
import { TEACHER_ENDPOINTS } from './teacher.endpoints';

/**
 * Every endpoint of the API below `/api`, by name: the one declaration the server serves, the
 * client calls and `GET /api/openapi.json` describes.
 */
export const API = {
  ...META_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...CONTACT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...LOOKUP_ENDPOINTS,
  ...GEOGRAPHY_ENDPOINTS,
  ...CLASSROOM_ENDPOINTS,
  ...TEACHER_ENDPOINTS,
  ...TEACHER_MODULE_ENDPOINTS,
  ...LEARNING_STANDARD_ENDPOINTS,
  ...TEACHER_RESULT_ENDPOINTS,
  ...TEACHER_EMBED_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  ...SOLVING_ENDPOINTS,
  ...PRACTICE_ENDPOINTS,
  ...HANDWRITING_ENDPOINTS,
  ...LTI_ENDPOINTS,
  ...LTI_ADMIN_ENDPOINTS,
  ...SCHOOL_CODE_ENDPOINTS,
  ...SCHOOL_ADMIN_ENDPOINTS,
  ...CREATOR_ENDPOINTS,
  ...CREATOR_AI_ENDPOINTS,
  ...CREATOR_VARIANT_ENDPOINTS,
  ...CREATOR_MODULE_ENDPOINTS,
  ...CREATOR_REVIEW_ENDPOINTS,
  ...CREATOR_STATS_ENDPOINTS,
};

/** The name of an endpoint of {@link API}. */
export type EndpointName = keyof typeof API;
