import type { AuthResponse, LoginRequestSchema, RegisterRequestSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

export type SignUpInput = ReturnType<typeof RegisterRequestSchema.parse>;
export type SignInInput = ReturnType<typeof LoginRequestSchema.parse>;

export const signUpWithEmail = (input: SignUpInput) => api<AuthResponse>('/api/auth/register', { body: input });
export const signInWithEmail = (input: SignInInput) => api<AuthResponse>('/api/auth/login', { body: input });
