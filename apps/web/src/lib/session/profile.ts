import type { User } from '@app/shared';
import { api } from '../api.ts';

export const fetchProfile = (opts: { background?: boolean } = {}) => api<User>('/api/user/profile', opts);

/** PUT /api/user/profile as multipart; callers send the name only when it changed. */
export function updateUsername(username: string): Promise<User> {
  const form = new FormData();
  form.set('username', username);
  return api<User>('/api/user/profile', { method: 'PUT', body: form });
}

/** Revokes this session, or every session of the user. */
export const revokeSessions = (everywhere: boolean) =>
  api<void>(everywhere ? '/api/auth/logout-all' : '/api/auth/logout', { method: 'POST' });
