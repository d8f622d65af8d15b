import { z } from 'zod';
import { AUTHENTICATED, endpoint, PUBLIC } from './contract';
import {
  ActivationSchema,
  CurrentUserSchema,
  EmailSchema,
  LoginSchema,
  RegistrationSchema,
  ResetPasswordConfirmSchema,
  ResetPasswordSchema,
  SignedUpSchema,
} from './auth.schemas';

/** An answer that carries a new access token (the refresh token travels as an httpOnly cookie). */
export const AccessTokenSchema = z.object({ access: z.string() });

/** An answer that says what happened, translated. */
export const DetailSchema = z.object({ detail: z.string() });

const TAG = 'accounts';

/** The account endpoints of spec 01 §7 (djoser-compatible paths). */
export const AUTH_ENDPOINTS = {
  login: endpoint({
    method: 'post',
    path: '/auth/jwt/create/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Log in with e-mail and password: an access token, and the refresh cookie',
    body: LoginSchema,
    response: AccessTokenSchema,
  }),
  refreshSession: endpoint({
    method: 'post',
    path: '/auth/jwt/refresh/',
    access: PUBLIC,
    tag: TAG,
    summary: 'A new access token for the refresh cookie, which is rotated',
    response: AccessTokenSchema,
  }),
  logout: endpoint({
    method: 'post',
    path: '/auth/jwt/logout/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Ends the session of the refresh cookie',
    response: DetailSchema,
  }),
  register: endpoint({
    method: 'post',
    path: '/auth/users/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Signs up; the account is activated from the e-mail sent (the same answer for a taken address)',
    body: RegistrationSchema,
    response: SignedUpSchema,
    status: 201,
  }),
  activate: endpoint({
    method: 'post',
    path: '/auth/users/activation/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Activates an account with the link of its e-mail',
    body: ActivationSchema,
    response: z.object({ success: z.boolean(), detail: z.string() }),
  }),
  resendActivation: endpoint({
    method: 'post',
    path: '/auth/users/resend_activation/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Sends the activation e-mail again (answers the same whether the account exists or not)',
    body: z.object({ email: EmailSchema }),
    response: null,
  }),
  resetPassword: endpoint({
    method: 'post',
    path: '/auth/users/reset_password/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Sends a password-reset e-mail (answers the same whether the account exists or not)',
    body: ResetPasswordSchema,
    response: null,
  }),
  confirmPasswordReset: endpoint({
    method: 'post',
    path: '/auth/users/reset_password_confirm/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Sets a new password with the link of the reset e-mail',
    body: ResetPasswordConfirmSchema,
    response: null,
  }),
  me: endpoint({
    method: 'get',
    path: '/auth/users/me/',
    access: AUTHENTICATED,
    tag: TAG,
    summary: 'The logged-in user',
    response: CurrentUserSchema,
  }),
  myGroups: endpoint({
    method: 'get',
    path: '/authentication/groups',
    access: AUTHENTICATED,
    tag: TAG,
    summary: "The logged-in user's groups",
    response: z.object({ groups: z.array(z.string()) }),
  }),
};
