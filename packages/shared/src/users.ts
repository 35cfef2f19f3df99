import { z } from 'zod';

export const Roles = ['user', 'support', 'admin'] as const;
export type Role = (typeof Roles)[number];
export const isStaff = (role: Role | undefined | null): boolean => role === 'admin' || role === 'support';

export const UsernameLimits = { min: 3, max: 30 } as const;
/** Substrings only staff may carry in a username (the client shows staff links by username). */
export const ReservedUsernameParts = ['admin', 'support'] as const;

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
