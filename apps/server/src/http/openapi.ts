import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The document's default is that an operation needs a bearer token (most routes call requireUser).
 * These work without one: `public` ignores a token, `optional` uses it when present (a signed-in
 * viewer is counted by account, for example). openapi.test.ts checks this list against what the
 * routes really answer to a request without a token.
 */
export const WITHOUT_SIGN_IN: Record<string, 'public' | 'optional'> = {
  'POST /api/auth/challenge': 'public',
  'POST /api/auth/verify': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/email/verify': 'public',
  'POST /api/auth/password/forgot': 'public',
  'POST /api/auth/password/reset': 'public',
  'GET /api/videos': 'public',
  'GET /api/videos/:id': 'optional',
  'POST /api/videos/:id/view': 'optional',
  'GET /api/tickets/categories': 'public',
  'GET /api/streams': 'public',
  'GET /api/streams/stats': 'public',
  'GET /api/streams/:id': 'public',
  // WebRTC playback is exactly as public as the HLS it stands beside
  'GET /api/streams/webrtc': 'public',
  'POST /api/streams/:id/whep': 'public',
  'DELETE /api/streams/:id/whep/:session': 'public',
  'GET /api/clips': 'optional',
  'GET /api/clips/stats': 'public',
  'GET /api/clips/:id': 'optional',
  'POST /api/clips/:id/view': 'optional',
  'GET /api/videos/:id/comments': 'public',
  'GET /api/clips/:id/comments': 'public',
  'GET /api/comments/:id/replies': 'public',
  'GET /api/videos/:id/rating': 'optional',
  'GET /api/videos/:id/captions': 'optional',
  'GET /api/videos/:id/captions/:language': 'public',
  'GET /api/advertisers/sponsored': 'optional',
  // a channel: its header for anyone; its tabs' public items for anyone, and the owner's own unpublished ones too
  'GET /api/users/:id': 'public',
  'GET /api/users/:id/videos': 'optional',
  'GET /api/users/:id/clips': 'optional',
  'GET /api/users/:id/streams': 'optional',
  'POST /api/advertisers/campaigns/:id/impression': 'optional',
  'POST /api/advertisers/campaigns/:id/click': 'optional',
};

const SECURITY: Record<'public' | 'optional', Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { bearer: [] }],
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Zod schemas to JSON Schema, plus the operation's sign-in requirement from the list above. */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const access = methods.map((m) => WITHOUT_SIGN_IN[`${m} ${input.url}`]).find(Boolean);
  return access ? { ...out, schema: { ...out.schema, security: SECURITY[access] } } : out;
}

/** OpenAPI document at /api/docs/json and a browsable reference at /api/docs, built from the route schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tarang API',
        version: '0.1.0',
        description: 'Video sharing, live streaming and the token ledger.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
