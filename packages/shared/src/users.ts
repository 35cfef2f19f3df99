import { z } from 'zod';
import { Roles, UsernameLimits } from './user-rules.ts';

export const UsernameSchema = z
  .string()
  .trim()
  .min(UsernameLimits.min, `Username must be at least ${UsernameLimits.min} characters`)
  .max(UsernameLimits.max, `Username must be at most ${UsernameLimits.max} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Username may contain only letters, digits, _ and -');

export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /** whether the owner proved the email is theirs (false without an email) */
  email_verified: z.boolean(),
  total_tokens: z.number(),
  created_at: z.string(),
  wallet_address: z.string().nullable(),
  role: z.enum(Roles),
});
export type User = z.infer<typeof UserSchema>;

export const ProfileUpdateSchema = z.object({
  username: UsernameSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
