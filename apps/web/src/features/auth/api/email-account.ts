import type {
  AuthResponse,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  ResetPasswordRequestSchema,
  User,
} from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { session, sessionActions } from '../../../lib/session/session-store.ts';

type ChangeEmailInput = ReturnType<typeof ChangeEmailRequestSchema.parse>;
type ChangePasswordInput = ReturnType<typeof ChangePasswordRequestSchema.parse>;
type ResetPasswordInput = ReturnType<typeof ResetPasswordRequestSchema.parse>;
type DeleteAccountInput = ReturnType<typeof DeleteAccountRequestSchema.parse>;

/** Follows a verification link; the signed-in session shows the answer when it is the same account. */
export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (token: string) => api<User>('/api/auth/email/verify', { body: { token } }),
    onSuccess: (user) => {
      if (session.get().user?.id === user.id) sessionActions.setUser(user);
    },
  });

export const useResendVerification = () =>
  useMutation({ mutationFn: () => api<null>('/api/auth/email/resend', { method: 'POST' }) });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api<null>('/api/auth/password/forgot', { body: { email } }) });

/** Follows a reset link: the answer's token and user start the session. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordInput) => api<AuthResponse>('/api/auth/password/reset', { body }),
    onSuccess: (auth) => sessionActions.signedIn(auth.access_token, auth.user),
  });

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordInput) => api<null>('/api/auth/password/change', { body }) });

export const useChangeEmail = () =>
  useMutation({ mutationFn: (body: ChangeEmailInput) => api<null>('/api/auth/email/change', { body }) });

/** Deletes the account; its sessions are gone on the server, so this browser signs out too. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountInput) => api<null>('/api/user/profile', { method: 'DELETE', body }),
    onSuccess: () => sessionActions.logout(),
  });
