import type { AuthResponse, LoginRequestSchema, RegisterRequestSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';

export type SignUpInput = ReturnType<typeof RegisterRequestSchema.parse>;
export type SignInInput = ReturnType<typeof LoginRequestSchema.parse>;

/** Email sign-up or sign-in: the answer's token and user start the session. */
export const useEmailAuth = () =>
  useMutation({
    mutationFn: (input: { signUp: true; body: SignUpInput } | { signUp: false; body: SignInInput }) =>
      api<AuthResponse>(input.signUp ? '/api/auth/register' : '/api/auth/login', { body: input.body }),
    onSuccess: (auth) => sessionActions.signedIn(auth.access_token, auth.user),
  });
