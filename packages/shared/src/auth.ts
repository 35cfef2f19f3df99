import { z } from 'zod';
import { UserSchema, UsernameSchema } from './users.ts';

export const WalletAddressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'wallet_address must be a 0x-prefixed 20-byte hex address');

export const PasswordLimits = { min: 8, max: 200 } as const;

export const ChallengeRequestSchema = z.object({ wallet_address: WalletAddressSchema });
export const ChallengeResponseSchema = z.object({ message: z.string() });

export const VerifyRequestSchema = z.object({
  wallet_address: WalletAddressSchema,
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]+$/, 'signature must be hex')
    .max(2000),
  message: z.string().min(1).max(4000),
});

export const EmailSchema = z.string().trim().toLowerCase().max(254).email('Please enter a valid email address');

export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .min(PasswordLimits.min, `Password must be at least ${PasswordLimits.min} characters`)
    .max(PasswordLimits.max, `Password must be at most ${PasswordLimits.max} characters`),
  username: z.preprocess((v) => (v === '' || v === null ? undefined : v), UsernameSchema.optional()),
});

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(PasswordLimits.max),
});

export const AuthResponseSchema = z.object({
  access_token: z.string(),
  user: UserSchema,
  /** only when this call made the account: whether it got the welcome bonus (there is a daily cap per network) */
  welcome_bonus: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
