import { InputErrorCodes } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { WITHOUT_SIGN_IN } from './openapi.ts';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const UNKNOWN = Symbol('no valid sample');
/** requireUser's answer to a request without a token (other 401s, like a wrong password, say something else) */
const SIGN_IN_FIRST = 'Please sign in first';

/** The smallest value a JSON Schema accepts, or UNKNOWN when a pattern makes that guesswork. */
function sample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sample(alternative);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      return schema.pattern ? UNKNOWN : 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, (schema.minimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      // optional fields too where a value can be made up: some bodies need at least one of them
      const entries = Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s)] as const);
      if (entries.some(([key, v]) => v === UNKNOWN && schema.required?.includes(key))) return UNKNOWN;
      return Object.fromEntries(entries.filter(([, v]) => v !== UNKNOWN));
    }
    default:
      return UNKNOWN;
  }
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: { security: unknown; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        op,
      })),
    );

  /** A request without a token, with valid path, query and body values where they can be made up (else `guessed`). */
  const anonymous = (method: string, path: string, op: Operation) => {
    let url = path;
    let pathGuessed = false;
    for (const p of op.parameters ?? []) {
      if (p.in !== 'path') continue;
      const value = sample(p.schema);
      pathGuessed ||= value === UNKNOWN;
      url = url.replace(`{${p.name}}`, encodeURIComponent(String(value === UNKNOWN ? 'x' : value)));
    }
    const body = op.requestBody ? sample(Object.values(op.requestBody.content)[0]!.schema) : undefined;
    return {
      request: t.app.inject({
        method: method as 'GET',
        url,
        ...(body !== undefined && body !== UNKNOWN ? { payload: body as object } : {}),
      }),
      guessed: body === UNKNOWN || pathGuessed,
    };
  };

  it('lists only operations that exist', () => {
    const routes = new Set(operations().map((o) => `${o.method} ${o.route}`));
    for (const key of Object.keys(WITHOUT_SIGN_IN)) expect(routes, key).toContain(key);
  });

  it('marks public and optional operations, and they serve a visitor', async () => {
    for (const { method, path, route, op } of operations()) {
      const access = WITHOUT_SIGN_IN[`${method} ${route}`];
      if (!access) continue;
      expect(op.security, route).toEqual(access === 'public' ? [] : [{}, { bearer: [] }]);
      const res = await anonymous(method, path, op).request;
      expect(res.json<{ detail?: string } | null>()?.detail, `${method} ${path}`).not.toBe(SIGN_IN_FIRST);
    }
  });

  it('every other operation needs a bearer token: a visitor is asked to sign in', async () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    const checked: string[] = [];
    for (const { method, path, route, op } of operations()) {
      if (WITHOUT_SIGN_IN[`${method} ${route}`]) continue;
      expect(op.security, route).toBeUndefined();
      const { request, guessed } = anonymous(method, path, op);
      const res = await request;
      // the body is validated before the handler asks who is calling; without a valid sample (or when a
      // rule across fields refuses the sample) a validation 400 comes first
      const bodyRefused =
        res.statusCode === 400 &&
        (guessed || (op.requestBody !== undefined && (InputErrorCodes as readonly string[]).includes(res.json().code)));
      if (!bodyRefused) expect([res.statusCode, res.json().detail], `${method} ${path}`).toEqual([401, SIGN_IN_FIRST]);
      checked.push(`${method} ${route}`);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/tickets',
        'POST /api/videos/:id/tip',
        'GET /api/analytics/creator',
        'POST /api/videos/upload',
      ]),
    );
  });
});
