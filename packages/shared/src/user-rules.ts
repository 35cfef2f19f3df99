// No zod here: what the web app needs at start (roles, limits) loads without the schema library.

export const Roles = ['user', 'support', 'admin'] as const;
export type Role = (typeof Roles)[number];
export const isStaff = (role: Role | undefined | null): boolean => role === 'admin' || role === 'support';

export const UsernameLimits = { min: 3, max: 30 } as const;
/** Substrings only staff may carry in a username (the client shows staff links by username). */
export const ReservedUsernameParts = ['admin', 'support'] as const;
