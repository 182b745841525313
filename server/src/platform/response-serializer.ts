import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * Response serializers. Checking every answer against its zod schema cost more than the rest of
 * a small authenticated request; production writes answers with fast-json-stringify compiled
 * from the schema's JSON Schema instead. Like zod's encode, it writes only the declared
 * properties (an object's undeclared keys never leave the server). Schemas that JSON Schema
 * cannot describe exactly (transforms, codecs, dates...) keep zod's serializer.
 *
 * `validate`: zod checks every answer, as in development and tests, and the fast serializer's
 * output must say the same thing, so every test that reads an answer also checks the production path.
 */
export function responseSerializerCompiler(validate: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route as never) as Serialize;
    const fast = fastSerializer(route);
    if (!fast) return zodSerialize;
    if (!validate) return fast;
    return (data) => {
      const checked = zodSerialize(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(`${route.method} ${route.url}: the production serializer wrote ${written}, zod wrote ${checked}`);
      }
      return checked;
    };
  };
}

/** fast-json-stringify for a zod schema that JSON Schema describes exactly, compiled on first use; else null. */
export function fastSerializer(route: RouteSchema): Serialize | null {
  const jsonSchema = serializationSchema(zodSchemaOf(route.schema));
  if (!jsonSchema) return null;
  // Compiled on first use: most routes of an idle server never answer, and compiling all costs start time and memory.
  let stringify: Serialize | undefined;
  return (data) => {
    stringify ??= fastJson(jsonSchema as never) as Serialize;
    return stringify(data);
  };
}

/**
 * The JSON Schema fast-json-stringify writes from. Without `additionalProperties: false`: it
 * writes only declared properties either way, but checks a union's branches with it, and zod
 * takes (and strips) an object with undeclared keys where the check would refuse it.
 */
export function serializationSchema(schema: $ZodType | null): Record<string, unknown> | null {
  if (!schema || !representable(schema)) return null;
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
  delete jsonSchema.$schema;
  return withoutClosedObjects(jsonSchema) as Record<string, unknown>;
}

function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    // Property names and enum or const values are data, not schemas.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : withoutClosedObjects(value);
  }
  return out;
}

export function zodSchemaOf(maybe: unknown): $ZodType | null {
  if (maybe instanceof $ZodType) return maybe;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}

/** What JSON Schema says exactly on the way out: no transforms or codecs (the wire then differs from the value), no types JSON lacks. */
const INEXACT = new Set([
  'transform',
  'pipe',
  'date',
  'bigint',
  'map',
  'set',
  'custom',
  'promise',
  'function',
  'symbol',
  'undefined',
  'void',
  'nan',
]);

function representable(root: $ZodType): boolean {
  const seen = new Set<$ZodType>();
  const visit = (schema: $ZodType): boolean => {
    if (seen.has(schema)) return true;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
    if (INEXACT.has(def.type)) return false;
    if (def.type === 'lazy') return visit((def.getter as () => $ZodType)());
    // Any child schema, wherever the definition keeps it (shape, element, options, innerType...).
    for (const [key, value] of Object.entries(def)) {
      if (key === 'shape' && value && typeof value === 'object') {
        for (const child of Object.values(value)) if (child instanceof $ZodType && !visit(child)) return false;
      } else if (value instanceof $ZodType) {
        if (!visit(value)) return false;
      } else if (Array.isArray(value)) {
        for (const child of value) if (child instanceof $ZodType && !visit(child)) return false;
      }
    }
    // Checks (refine included) only say what is valid, and production trusts its handlers' answers.
    return true;
  };
  return visit(root);
}
