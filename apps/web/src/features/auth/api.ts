// Account calls: register (plain, or with a coupon's free job), login, logout, confirmation and password recovery.
import { useMutation } from '@tanstack/react-query';
import {
  CouponSignUpAnswerSchema,
  CurrentUserAnswerSchema,
  MessageSchema,
  type Confirmation,
  type CouponSignUp,
  type Credentials,
  type ForgotPassword,
  type SetForgotPassword,
} from '@teacheast/shared';
import { api, apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { endSession, startSession } from '../../lib/session';

/** The honeypot travels only when something (a bot) filled it; people never see it. */
function credentialsBody({ email, password, password2 }: Credentials): Credentials {
  return password2 ? { email, password, password2 } : { email, password };
}

function registerAccount(credentials: Credentials) {
  return api.post('/api/register', credentialsBody(credentials), { schema: MessageSchema });
}

async function logIn(credentials: Credentials) {
  const { data, headers } = await apiRequest('POST', '/api/login', {
    body: credentialsBody(credentials),
    schema: CurrentUserAnswerSchema,
  });
  const token = headers.get('auth-token');
  if (!token) throw new ApiError(500, 'Logging in failed. Please try again.');
  startSession(token, data.currentUser);
  return data.currentUser;
}

function requestPasswordReset({ email }: ForgotPassword) {
  return api.get('/api/forgot-password', { query: { email } satisfies ForgotPassword, schema: MessageSchema });
}

function setForgottenPassword(values: SetForgotPassword) {
  return api.post('/api/set-forgot-password', values, { schema: MessageSchema });
}

function confirmAccount(token: string) {
  return api.post('/api/confirmation/', { token } satisfies Confirmation, { schema: MessageSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}

export function useLogin() {
  return useMutation({ mutationFn: logIn });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useSetForgottenPassword() {
  return useMutation({
    mutationFn: setForgottenPassword,
    // The server revokes every session of the user on a new password; match it here.
    onSuccess: () => endSession(),
  });
}

export function useConfirmAccount() {
  return useMutation({ mutationFn: confirmAccount });
}

/** Coupon sign-up: the account is made with the coupon's free job, and is logged in at once. */
async function signUpWithCoupon(input: CouponSignUp) {
  const { data, headers } = await apiRequest('POST', '/api/coupon/create-account-with-job', {
    body: input,
    schema: CouponSignUpAnswerSchema,
  });
  const token = headers.get('auth-token');
  if (!token) throw new ApiError(500, 'The sign-up worked but no session came back. Please log in.');
  return { ...data, token };
}

export function useCouponSignUp() {
  return useMutation({ mutationFn: signUpWithCoupon });
}
