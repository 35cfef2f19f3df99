import { describe, expect, it } from 'vitest';
import { accessOf, filterReference, toReference, type OpenApiDocument } from './openapi-reference.ts';

/** Shaped like what @fastify/swagger and fastify-type-provider-zod produce, with the OpenAPI features the page meets. */
const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'Tarang API', version: '0.1.0', description: 'Video sharing' },
  security: [{ bearer: [] }],
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: { id: { type: 'string' }, wallet_address: { type: 'string', nullable: true } },
        required: ['id'],
      },
      Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
    },
  },
  paths: {
    '/api/videos': {
      get: {
        tags: ['videos'],
        summary: 'Feed',
        security: [],
        parameters: [
          {
            in: 'query',
            name: 'limit',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 50, default: 12 },
          },
          { in: 'query', name: 'sort', schema: { type: 'string', enum: ['recent', 'views'], default: 'recent' } },
        ],
        responses: {
          200: {
            description: 'OK',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    videos: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
                        required: ['id'],
                      },
                    },
                  },
                  required: ['videos'],
                },
              },
            },
          },
        },
      },
    },
    '/api/videos/{id}/tip': {
      parameters: [{ in: 'path', name: 'id', schema: { type: 'string', maxLength: 64 } }],
      post: {
        tags: ['videos'],
        summary: 'Tip',
        parameters: [
          { in: 'header', name: 'idempotency-key', required: false, schema: { type: 'string', minLength: 8 } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { amount: { type: 'number', minimum: 0, exclusiveMinimum: true } },
                required: ['amount'],
              },
            },
          },
        },
        responses: { 200: { description: 'Default Response' } },
      },
    },
    '/api/videos/{id}': {
      get: {
        tags: ['videos'],
        summary: 'One video',
        security: [{}, { bearer: [] }],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {},
      },
    },
    '/api/auth/register': {
      post: {
        tags: ['auth'],
        summary: 'Create an email account',
        security: [],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                allOf: [
                  {
                    type: 'object',
                    properties: { email: { type: 'string', format: 'email', pattern: '^.+@.+$', maxLength: 254 } },
                    required: ['email'],
                  },
                  {
                    type: 'object',
                    properties: { username: { anyOf: [{ type: 'string', pattern: '^[a-z]+$' }, { type: 'null' }] } },
                  },
                ],
              },
            },
          },
        },
        responses: {
          201: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } } },
              },
            },
          },
          400: {},
        },
      },
    },
    '/api/loop': {
      get: {
        summary: 'Untagged',
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Loop' } } } } },
      },
    },
    '/api/broken': 'not an object',
  } as unknown as OpenApiDocument['paths'],
};

describe('OpenAPI → reference', () => {
  const ref = toReference(doc);
  const op = (method: string, path: string) =>
    ref.groups.flatMap((g) => g.operations).find((o) => o.method === method && o.path === path)!;

  it('groups operations by their first tag, untagged ones last under "other"', () => {
    expect(ref.groups.map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['videos', ['GET /api/videos', 'POST /api/videos/{id}/tip', 'GET /api/videos/{id}']],
      ['auth', ['POST /api/auth/register']],
      ['other', ['GET /api/loop']],
    ]);
    expect(ref.operationCount).toBe(5);
    expect([ref.title, ref.version]).toEqual(['Tarang API', '0.1.0']);
    expect(op('GET', '/api/videos/{id}').id).toBe('get-api-videos-id');
  });

  it('reads the sign-in requirement from the operation, else from the document', () => {
    expect(op('GET', '/api/videos').access).toBe('public');
    expect(op('GET', '/api/videos/{id}').access).toBe('optional');
    expect(op('POST', '/api/videos/{id}/tip').access).toBe('required');
    expect([accessOf(undefined), accessOf([{}]), accessOf([{ bearer: [] }])]).toEqual(['public', 'public', 'required']);
  });

  it('lists path, query and header parameters with types, rules and defaults; path-level ones are inherited', () => {
    expect(op('GET', '/api/videos').parameters).toEqual([
      {
        name: 'limit',
        in: 'query',
        type: 'integer',
        required: false,
        constraints: [
          { kind: 'min', value: 1, exclusive: false },
          { kind: 'max', value: 50, exclusive: false },
          { kind: 'default', value: '12' },
        ],
      },
      {
        name: 'sort',
        in: 'query',
        type: 'string',
        required: false,
        constraints: [
          { kind: 'oneOf', values: ['recent', 'views'] },
          { kind: 'default', value: 'recent' },
        ],
      },
    ]);
    expect(op('POST', '/api/videos/{id}/tip').parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['header', 'idempotency-key', false],
    ]);
  });

  it('lists request body fields, merging allOf, marking required ones and exclusive bounds', () => {
    expect(op('POST', '/api/videos/{id}/tip').body).toEqual({
      contentType: 'application/json',
      fields: [
        { name: 'amount', type: 'number', required: true, constraints: [{ kind: 'min', value: 0, exclusive: true }] },
      ],
    });
    const register = op('POST', '/api/auth/register').body!.fields;
    expect(register.map((f) => [f.name, f.type, f.required])).toEqual([
      ['email', 'string', true],
      ['username', 'string | null', false],
    ]);
    // a format says enough; its regular expression is not shown
    expect(register[0]!.constraints).toEqual([
      { kind: 'maxLength', value: 254 },
      { kind: 'format', value: 'email' },
    ]);
    expect(register[1]!.constraints).toEqual([{ kind: 'pattern', value: '^[a-z]+$' }]);
  });

  it('lists success response fields with nested objects and arrays, following $ref without looping', () => {
    expect(op('GET', '/api/videos').responses).toEqual([
      {
        status: '200',
        fields: [
          { name: 'videos', type: 'array of object', required: true, constraints: [] },
          { name: 'videos[].id', type: 'string', required: true, constraints: [] },
          { name: 'videos[].tags', type: 'array of string', required: false, constraints: [] },
        ],
      },
    ]);
    expect(op('POST', '/api/auth/register').responses).toEqual([
      {
        status: '201',
        fields: [
          { name: 'user', type: 'object', required: false, constraints: [] },
          { name: 'user.id', type: 'string', required: true, constraints: [] },
          { name: 'user.wallet_address', type: 'string | null', required: false, constraints: [] },
        ],
      },
    ]);
    expect(op('POST', '/api/videos/{id}/tip').responses).toEqual([{ status: '200', fields: [] }]);
    const loop = op('GET', '/api/loop').responses[0]!.fields.map((f) => f.name);
    expect(loop.length).toBeGreaterThan(0);
    expect(loop.length).toBeLessThan(10);
  });

  it('survives documents that are empty or not documents at all', () => {
    for (const input of [null, 'text', 42, {}, { paths: [] }, { paths: { '/x': { get: null } } }]) {
      expect(toReference(input).groups).toEqual([]);
    }
  });

  it('filters by every word against tag, method, path and summary', () => {
    expect(filterReference(ref.groups, '').length).toBe(3);
    expect(filterReference(ref.groups, 'post tip').flatMap((g) => g.operations.map((o) => o.path))).toEqual([
      '/api/videos/{id}/tip',
    ]);
    expect(filterReference(ref.groups, 'AUTH').map((g) => g.tag)).toEqual(['auth']);
    expect(filterReference(ref.groups, 'nothing-like-this')).toEqual([]);
  });
});
