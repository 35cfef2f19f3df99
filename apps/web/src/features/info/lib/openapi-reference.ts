/**
 * Turns the server's OpenAPI 3 document (GET /api/docs/json) into what the developer reference
 * shows: operations grouped by tag, each with its sign-in requirement, parameters, request body
 * fields and response fields. Only the parts of OpenAPI that the reference needs are modelled.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

type SecurityRequirement = Record<string, string[]>;

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: SecurityRequirement[];
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: JsonSchema;
    $ref?: string;
  }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  security?: SecurityRequirement[];
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, unknown> };
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>;
}

/** What a caller needs: nothing, a token if they have one, or a bearer token. */
export type Access = 'public' | 'optional' | 'required';

/** A rule a value must follow; the page words it in the reader's language. */
export type Constraint =
  | { kind: 'min' | 'max' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems'; value: number; exclusive?: boolean }
  | { kind: 'oneOf'; values: string[] }
  | { kind: 'default'; value: string }
  | { kind: 'format' | 'pattern'; value: string };

export interface Field {
  /** dotted path: `user.id`, `videos[].title` */
  name: string;
  type: string;
  required: boolean;
  description?: string;
  constraints: Constraint[];
}

export interface Parameter extends Field {
  in: 'path' | 'query' | 'header' | 'cookie';
}

export interface OperationReference {
  /** unique and usable as an HTML id */
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  access: Access;
  parameters: Parameter[];
  body?: { contentType: string; fields: Field[] };
  responses: Array<{ status: string; fields: Field[] }>;
}

export interface TagGroup {
  tag: string;
  description?: string;
  operations: OperationReference[];
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  groups: TagGroup[];
  operationCount: number;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const UNTAGGED = 'other';
const MAX_DEPTH = 4;
const PARAMETER_PLACES = ['path', 'query', 'header', 'cookie'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function accessOf(security: SecurityRequirement[] | undefined): Access {
  if (!security || security.length === 0) return 'public';
  const anonymousAllowed = security.some((req) => Object.keys(req).length === 0);
  const schemes = security.some((req) => Object.keys(req).length > 0);
  if (!schemes) return 'public';
  return anonymousAllowed ? 'optional' : 'required';
}

/** Follows local `#/components/schemas/…` references (others are left as they are). */
function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument, seen = new Set<string>()): JsonSchema {
  if (!schema) return {};
  if (!schema.$ref) return schema;
  const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
  const target = name ? doc.components?.schemas?.[decodeURIComponent(name)] : undefined;
  if (!target || seen.has(schema.$ref)) return {};
  return resolve(target, doc, new Set(seen).add(schema.$ref));
}

/** allOf merged into one object schema; anyOf/oneOf kept as alternatives. */
function flattenAllOf(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((s) => flattenAllOf(resolve(s, doc), doc));
  return {
    ...schema,
    allOf: undefined,
    type: schema.type ?? parts.find((p) => p.type)?.type,
    properties: Object.assign({}, ...parts.map((p) => p.properties), schema.properties),
    required: [...new Set([...parts.flatMap((p) => p.required ?? []), ...(schema.required ?? [])])],
  };
}

function alternativesOf(schema: JsonSchema, doc: OpenApiDocument): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf;
  return list ? list.map((s) => flattenAllOf(resolve(s, doc), doc)) : [];
}

const isNullSchema = (s: JsonSchema) =>
  s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);

/** A short type name: `string`, `integer | null`, `array of string`, `object`. */
export function typeName(raw: JsonSchema | undefined, doc: OpenApiDocument, depth = 0): string {
  const schema = flattenAllOf(resolve(raw, doc), doc);
  const alternatives = alternativesOf(schema, doc);
  let names: string[];
  if (alternatives.length > 0) {
    names = alternatives.filter((s) => !isNullSchema(s)).map((s) => typeName(s, doc, depth + 1));
    if (alternatives.some(isNullSchema)) names.push('null');
  } else {
    const types = [schema.type ?? (schema.properties ? 'object' : schema.enum ? typeof schema.enum[0] : 'any')].flat();
    names = types.map((t) =>
      t === 'array' && depth < MAX_DEPTH ? `array of ${typeName(schema.items, doc, depth + 1)}` : t,
    );
  }
  if (schema.nullable && !names.includes('null')) names.push('null');
  return [...new Set(names)].join(' | ');
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function constraintsOf(raw: JsonSchema | undefined, doc: OpenApiDocument): Constraint[] {
  const schema = flattenAllOf(resolve(raw, doc), doc);
  const out: Constraint[] = [];
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values) out.push({ kind: 'oneOf', values: values.filter((v) => v !== null).map(show) });
  // JSON Schema draft 4 (OpenAPI 3.0) marks exclusive bounds with booleans, later drafts with numbers
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  // zod's "safe integer" bounds say nothing a reader needs
  if (min !== undefined && Math.abs(min) < Number.MAX_SAFE_INTEGER)
    out.push({
      kind: 'min',
      value: min,
      exclusive: schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum !== false,
    });
  if (max !== undefined && Math.abs(max) < Number.MAX_SAFE_INTEGER)
    out.push({
      kind: 'max',
      value: max,
      exclusive: schema.exclusiveMaximum !== undefined && schema.exclusiveMaximum !== false,
    });
  for (const kind of ['minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    const value = schema[kind];
    if (value !== undefined) out.push({ kind, value });
  }
  if (schema.format) out.push({ kind: 'format', value: schema.format });
  // a format already says what an email pattern spells out
  else if (schema.pattern) out.push({ kind: 'pattern', value: schema.pattern });
  if (schema.default !== undefined) out.push({ kind: 'default', value: show(schema.default) });
  for (const alternative of alternativesOf(schema, doc)) {
    if (!isNullSchema(alternative))
      out.push(...constraintsOf(alternative, doc).filter((c) => !out.some((o) => o.kind === c.kind)));
  }
  return out;
}

/** An object's fields, nested ones with dotted names (`user.id`, `videos[].title`). */
export function fieldsOf(raw: JsonSchema | undefined, doc: OpenApiDocument, prefix = '', depth = 0): Field[] {
  const schema = flattenAllOf(resolve(raw, doc), doc);
  const objectVariant = alternativesOf(schema, doc).find((s) => s.properties);
  const source = schema.properties ? schema : objectVariant;
  if (!source?.properties || depth > MAX_DEPTH) return [];
  const required = new Set(source.required ?? []);
  return Object.entries(source.properties).flatMap(([key, value]) => {
    const name = `${prefix}${key}`;
    const child = flattenAllOf(resolve(value, doc), doc);
    const field: Field = {
      name,
      type: typeName(child, doc),
      required: required.has(key),
      constraints: constraintsOf(child, doc),
      ...(child.description ? { description: child.description } : {}),
    };
    const items = child.type === 'array' ? flattenAllOf(resolve(child.items, doc), doc) : undefined;
    const nested = items ? fieldsOf(items, doc, `${name}[].`, depth + 1) : fieldsOf(child, doc, `${name}.`, depth + 1);
    return [field, ...nested];
  });
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function parametersOf(op: OpenApiOperation, shared: OpenApiOperation['parameters'], doc: OpenApiDocument): Parameter[] {
  const byKey = new Map<string, NonNullable<OpenApiOperation['parameters']>[number]>();
  for (const p of [...(shared ?? []), ...(op.parameters ?? [])]) {
    const param = p.$ref ? (doc.components?.parameters?.[p.$ref.split('/').pop() ?? ''] as typeof p | undefined) : p;
    if (param && PARAMETER_PLACES.includes(param.in as Parameter['in'])) byKey.set(`${param.in}:${param.name}`, param);
  }
  const order = (p: Parameter) => PARAMETER_PLACES.indexOf(p.in);
  return [...byKey.values()]
    .map((p): Parameter => ({
      name: p.name,
      in: p.in as Parameter['in'],
      type: typeName(p.schema, doc),
      required: p.in === 'path' || !!p.required,
      constraints: constraintsOf(p.schema, doc),
      ...((p.description ?? p.schema?.description) ? { description: p.description ?? p.schema?.description } : {}),
    }))
    .sort((a, b) => order(a) - order(b));
}

function bodyOf(op: OpenApiOperation, doc: OpenApiDocument): OperationReference['body'] {
  const content = op.requestBody?.content;
  if (!content) return undefined;
  const contentType = Object.keys(content).find((c) => c.includes('json')) ?? Object.keys(content)[0];
  if (!contentType) return undefined;
  return { contentType, fields: fieldsOf(content[contentType]?.schema, doc) };
}

function responsesOf(op: OpenApiOperation, doc: OpenApiDocument): OperationReference['responses'] {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => /^[23]/.test(status))
    .map(([status, res]) => {
      const json = Object.entries(res.content ?? {}).find(([type]) => type.includes('json'))?.[1];
      return { status, fields: fieldsOf(json?.schema, doc) };
    });
}

/** The reference model of a document; anything malformed is skipped rather than thrown. */
export function toReference(input: unknown): ApiReference {
  const doc = (isObject(input) ? input : {}) as OpenApiDocument;
  const groups = new Map<string, TagGroup>();
  for (const t of doc.tags ?? [])
    groups.set(t.name, { tag: t.name, ...(t.description ? { description: t.description } : {}), operations: [] });
  let operationCount = 0;
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as OpenApiOperation['parameters']) : undefined;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const operation = op as OpenApiOperation;
      const reference: OperationReference = {
        id: slug(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        ...(operation.description ? { description: operation.description } : {}),
        deprecated: !!operation.deprecated,
        access: accessOf(operation.security ?? doc.security),
        parameters: parametersOf(operation, shared, doc),
        body: bodyOf(operation, doc),
        responses: responsesOf(operation, doc),
      };
      const tag = operation.tags?.[0] ?? UNTAGGED;
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups.get(tag)!.operations.push(reference);
      operationCount += 1;
    }
  }
  return {
    title: doc.info?.title ?? '',
    version: doc.info?.version ?? '',
    description: doc.info?.description ?? '',
    groups: [...groups.values()].filter((g) => g.operations.length > 0),
    operationCount,
  };
}

/** Groups with only the operations whose method, path, summary or tag contain every word of `query`. */
export function filterReference(groups: TagGroup[], query: string): TagGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter((op) => {
        const text = `${g.tag} ${op.method} ${op.path} ${op.summary}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.operations.length > 0);
}
