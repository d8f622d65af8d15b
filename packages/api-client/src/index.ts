/** The API client, its errors and the payload and response types of the calls it makes. */
export {
  ApiClient,
  type ApiEndpoints,
  type CallArgs,
  ApiError,
  NetworkError,
  type ApiClientOptions,
  type AttemptPayload,
  type AttemptResponse,
  type HintsResponse,
  type NumeralStat,
} from './client';
/** The shapes of the site's calls: sign-up, content lists, a student's classrooms. */
export type {
  ContentProblems,
  CoursesResponse,
  CurrentUser,
  JoinClassroomResponse,
  NamedContent,
  NumeralSummary,
  ProblemSummary,
  StudentClassrooms,
} from './site.types';
