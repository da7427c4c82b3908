import { z } from 'zod';
import { PASSWORD_MIN, PASSWORD_RESET_MAX } from '../limits.js';
import { REQUIRED, emailField } from './common.js';

/**
 * `password2` is a honeypot: the form hides it from people, so only a bot fills it.
 * The schema accepts it so the route can refuse a filled one with a clear message.
 */
const honeypot = z.string().max(200).optional();

const passwordField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, 'Must be at least 6 character')
  .max(200, 'No more than 200 characters');

export const CredentialsSchema = z.object({
  email: emailField,
  password: passwordField,
  password2: honeypot,
});
export type Credentials = z.infer<typeof CredentialsSchema>;

export const CouponSignUpSchema = CredentialsSchema.extend({
  code: z.string({ error: REQUIRED }).uuid('This coupon link is not valid'),
});
export type CouponSignUp = z.infer<typeof CouponSignUpSchema>;

export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

const newPassword = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, 'Must be at least 6 characters in length')
  .max(PASSWORD_RESET_MAX, 'No more than 22 characters');

export const SetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: newPassword })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match!",
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;

export const SetForgotPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: newPassword,
    token: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match!",
    path: ['confirmPassword'],
  });

export type SetForgotPassword = z.infer<typeof SetForgotPasswordSchema>;

export const ConfirmationSchema = z.object({
  token: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
});
export type Confirmation = z.infer<typeof ConfirmationSchema>;

export const CurrentUserSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  subscriptionId: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** GET /api/current_user and POST /api/login (whose session token comes in the `auth-token` header). */
export const CurrentUserAnswerSchema = z.object({ currentUser: CurrentUserSchema });
export type CurrentUserAnswer = z.infer<typeof CurrentUserAnswerSchema>;

/** POST /api/coupon/create-account-with-job (the session token comes in the `auth-token` header). */
export const CouponSignUpAnswerSchema = z.object({ message: z.string(), currentUser: CurrentUserSchema });
export type CouponSignUpAnswer = z.infer<typeof CouponSignUpAnswerSchema>;
