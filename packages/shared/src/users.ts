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

/** A page of one creator's videos or clips on their profile (GET /api/users/{id}/videos, …/clips). */
export const UserContentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type UserContentQuery = z.infer<typeof UserContentQuerySchema>;

/** What anyone may see of a user: their channel page's header (GET /api/users/{id}). */
export const PublicUserSchema = UserSchema.pick({ id: true, username: true, created_at: true, wallet_address: true });
export type PublicUser = z.infer<typeof PublicUserSchema>;
