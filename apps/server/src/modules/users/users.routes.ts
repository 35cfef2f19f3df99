import { DeleteAccountRequestSchema, ProfileUpdateSchema, UserSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate.ts';
import { invalidInput } from '../../http/errors.ts';
import { readFields } from '../../http/multipart.ts';
import { perUserLimit } from '../auth/auth-rate-limits.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { getUser, presentUserWithBalance, renameUser } from './users.service.ts';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/profile',
    { schema: { tags, summary: 'The signed-in user', response: { 200: UserSchema } } },
    async (req) => presentUserWithBalance(app.ctx.db, await requireUser(req)),
  );

  // The spec's client sends multipart/form-data; JSON is accepted too.
  app.put(
    '/api/user/profile',
    {
      schema: {
        tags,
        summary: 'Update the signed-in user (username)',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: UserSchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const fields = req.isMultipart() ? await readFields(req) : (req.body ?? {});
      const parsed = ProfileUpdateSchema.safeParse(fields);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0], 'Invalid profile');
      if (parsed.data.username === undefined) return getUser(app.ctx.db, user.id);
      return renameUser(app.ctx.db, user.id, parsed.data.username);
    },
  );

  // Not kept out of the read cache: the account's name on what it published changes.
  app.delete(
    '/api/user/profile',
    {
      onRequest: perUserLimit(app, 'account-delete', 10, '15 minutes'),
      schema: {
        tags,
        summary: 'Delete the signed-in account (confirmed by its username, and its password when it has one)',
        body: DeleteAccountRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteAccount(app.ctx, await requireUser(req), req.body);
      return reply.status(204).send(null);
    },
  );
};
