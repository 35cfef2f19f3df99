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

/** A password being chosen (sign-up, reset, change): the length rules apply. */
export const NewPasswordSchema = z
  .string()
  .min(PasswordLimits.min, `Password must be at least ${PasswordLimits.min} characters`)
  .max(PasswordLimits.max, `Password must be at most ${PasswordLimits.max} characters`);

/** A password being checked: any length the account could have been given. */
const CurrentPasswordSchema = z.string().min(1, 'Password is required').max(PasswordLimits.max);

export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  username: z.preprocess((v) => (v === '' || v === null ? undefined : v), UsernameSchema.optional()),
});

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
});

export const AuthResponseSchema = z.object({
  access_token: z.string(),
  user: UserSchema,
  /** only when this call made the account: whether it got the welcome bonus (there is a daily cap per network) */
  welcome_bonus: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** How long the links mailed to people work; each works once. */
export const EmailTokenLifetimes = { verifyEmailHours: 24, resetPasswordMinutes: 60 } as const;

/** The token of a mailed link (`?token=…`), sent back to redeem it. */
export const EmailTokenRequestSchema = z.object({ token: z.string().trim().min(1, 'The link has no token').max(200) });

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });

export const ResetPasswordRequestSchema = z.object({
  token: EmailTokenRequestSchema.shape.token,
  password: NewPasswordSchema,
});

export const ChangePasswordRequestSchema = z.object({
  current_password: CurrentPasswordSchema,
  new_password: NewPasswordSchema,
});

/** Accounts with a password confirm with it; wallet-only accounts have none to give. */
export const ChangeEmailRequestSchema = z.object({
  new_email: EmailSchema,
  password: CurrentPasswordSchema.optional(),
});

/** Deleting an account is confirmed by typing its username, and its password when it has one. */
export const DeleteAccountRequestSchema = z.object({
  username: z.string().trim().min(1, 'Type your username to confirm').max(100),
  password: CurrentPasswordSchema.optional(),
});
