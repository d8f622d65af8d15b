import { z } from 'zod';

/** Minimum password length (spec 01 §9). */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * An e-mail with at least two domain segments; any top-level domain text is accepted (spec 01 §5).
 * Messages are i18n keys; the server and the forms translate them.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An e-mail address, trimmed, at most 254 characters, with at least two domain segments. */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.too-long')
  .regex(EMAIL_PATTERN, 'validation.email-invalid');

const PasswordSchema = z
  .string()
  .min(1, 'validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.password-too-short')
  .max(256, 'validation.too-long');

const NameSchema = z.string().trim().max(150, 'validation.too-long').default('');

/** The user types a person may register as (spec 01 §5). */
export const USER_TYPES = ['student', 'teacher', 'schoolAdmin'] as const;
/** One of USER_TYPES. */
export type UserType = (typeof USER_TYPES)[number];

/**
 * Sign-up (POST auth/users/): the spec's rules — valid e-mail, password of at least 6 characters,
 * the repeat matching, isStudent and isTeacher not both, userType student/teacher/schoolAdmin (when
 * absent it follows the checkboxes: teacher when isTeacher, else student).
 */
export const RegistrationSchema = z
  .object({
    email: EmailSchema,
    firstName: NameSchema,
    lastName: NameSchema,
    password: PasswordSchema,
    rePassword: z.string().max(256, 'validation.too-long'),
    isStudent: z.boolean().default(false),
    isTeacher: z.boolean().default(false),
    userType: z.enum(USER_TYPES, 'validation.user-type-invalid').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.rePassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['rePassword'], message: 'validation.passwords-mismatch' });
    }
    if (v.isStudent && v.isTeacher) {
      ctx.addIssue({ code: 'custom', path: ['isTeacher'], message: 'validation.role-exclusive' });
    }
    if ((v.userType === 'student' && v.isTeacher) || (v.userType === 'teacher' && v.isStudent)) {
      ctx.addIssue({ code: 'custom', path: ['userType'], message: 'validation.role-exclusive' });
    }
  })
  .transform((v) => ({
    email: v.email,
    firstName: v.firstName,
    lastName: v.lastName,
    password: v.password,
    userType: v.userType ?? (v.isTeacher ? 'teacher' : 'student'),
  }));
/** A validated sign-up. */
export type Registration = z.output<typeof RegistrationSchema>;
/** A sign-up as a form sends it (POST auth/users/), before the schema's defaults and transform. */
export type RegistrationInput = z.input<typeof RegistrationSchema>;

/** Log-in (POST auth/jwt/create/). Only presence and size are checked: a wrong value is a failed login. */
export const LoginSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').max(254, 'validation.too-long'),
  password: z.string().min(1, 'validation.required').max(256, 'validation.too-long'),
});
/** A log-in request. */
export type Login = z.infer<typeof LoginSchema>;

const UidSchema = z.string().min(1, 'validation.required').max(64, 'validation.too-long');
const TokenSchema = z.string().min(1, 'validation.required').max(256, 'validation.too-long');

/** Account activation (POST auth/users/activation/): the uid and token of the e-mailed link. */
export const ActivationSchema = z.object({ uid: UidSchema, token: TokenSchema });
/** An activation request. */
export type Activation = z.infer<typeof ActivationSchema>;

/** Password-reset request (POST auth/users/reset_password/). */
export const ResetPasswordSchema = z.object({ email: EmailSchema });

/** New password (POST auth/users/reset_password_confirm/): uid, token, the new password twice. */
export const ResetPasswordConfirmSchema = z
  .object({
    uid: UidSchema,
    token: TokenSchema,
    newPassword: PasswordSchema,
    reNewPassword: z.string().max(256, 'validation.too-long'),
  })
  .refine((v) => v.newPassword === v.reNewPassword, {
    path: ['reNewPassword'],
    message: 'validation.passwords-mismatch',
  });
/** A validated password reset. */
export type ResetPasswordConfirm = z.infer<typeof ResetPasswordConfirmSchema>;

/** Contact form (POST contact_form/): name, e-mail and message; the server strips HTML. */
export const ContactMessageSchema = z.object({
  // contact_messages.name is varchar(150).
  name: z.string().trim().min(1, 'validation.required').max(150, 'validation.too-long'),
  email: EmailSchema,
  message: z.string().trim().min(1, 'validation.required').max(5000, 'validation.too-long'),
});
/** A contact message as sent by the landing page. */
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** The claims of a Kib access token (snake_case, as the spec's clients decode them). */
export interface AccessClaims {
  user_id: number;
  groups: string[];
  token_type: 'access';
}

/** The current user as `auth/users/me/` returns it (camelCase in code, snake_case on the wire). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  groups: z.array(z.string()),
  language: z.enum(['es', 'en']),
  isDemo: z.boolean(),
});

/** The current user as `auth/users/me/` returns it. */
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * What sign-up answers (201): the account as it was asked for, without its id. A sign-up with an
 * address that already has an account gets the same answer, byte for byte, so sign-up cannot tell
 * who has an account (the owner is told by mail instead).
 */
export const SignedUpSchema = CurrentUserSchema.omit({ id: true });

/** What sign-up answers. */
export type SignedUp = z.infer<typeof SignedUpSchema>;
