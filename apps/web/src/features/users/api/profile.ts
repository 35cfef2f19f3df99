import type { User } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';

/** PUT /api/user/profile as multipart (send the name only when it changed): the session shows the answer. */
export const useUpdateUsername = () =>
  useMutation({
    mutationFn: (username: string) => {
      const form = new FormData();
      form.set('username', username);
      return api<User>('/api/user/profile', { method: 'PUT', body: form });
    },
    onSuccess: (user) => sessionActions.setUser(user),
  });
