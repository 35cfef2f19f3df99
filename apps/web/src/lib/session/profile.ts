import type { User } from '@app/shared';
import { api } from '../api.ts';

export const fetchProfile = (opts: { background?: boolean } = {}) => api<User>('/api/user/profile', opts);

/** Revokes this session, or every session of the user. */
export const revokeSessions = (everywhere: boolean) =>
  api<void>(everywhere ? '/api/auth/logout-all' : '/api/auth/logout', { method: 'POST' });
