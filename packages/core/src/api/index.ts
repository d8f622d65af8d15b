export { GROUPS, HOME_ROUTE_BY_GROUP, type GroupName } from './groups';
export {
  ActivationSchema,
  ContactMessageSchema,
  EmailSchema,
  LoginSchema,
  PASSWORD_MIN_LENGTH,
  RegistrationSchema,
  ResetPasswordConfirmSchema,
  ResetPasswordSchema,
  USER_TYPES,
  type AccessClaims,
  type Activation,
  type ContactMessage,
  type CurrentUser,
  type Login,
  type Registration,
  type ResetPasswordConfirm,
  type UserType,
} from './auth.schemas';
export {
  AttemptRequestSchema,
  MAX_ATTEMPT_SECONDS,
  SolutionDataRequestSchema,
  type AttemptRequest,
} from './solving.schemas';
export {
  AddStudentRequestSchema,
  CoursesQuerySchema,
  PathIdSchema,
  SubtopicsQuerySchema,
} from './content.schemas';
