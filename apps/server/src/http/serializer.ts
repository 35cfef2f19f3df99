import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: null}]` (how zod writes `.nullable()`) as `type: [X, 'null']` when X is a plain
 * type: fast-json-stringify then writes it directly instead of trying each branch at run time.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = branches.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('anyOf' in other))
      return { ...other, type: [other.type, 'null'] };
  }
  return out;
}

/** The JSON schema of what a zod schema outputs, for fast-json-stringify. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' })) as JsonSchema;
}

/**
 * Responses are written by a serializer compiled once per route from its zod schema (the shared
 * schema is the contract): fields the schema does not name are never sent, and nothing is parsed
 * per request. Outside production every answer is also checked against the zod schema first, so a
 * handler that breaks its contract fails its tests instead of sending something else.
 */
export function createResponseSerializer(opts: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const write = fastJson(responseJsonSchema(schema));
    if (!opts.check) return write;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return write(result.data);
    };
  };
}
