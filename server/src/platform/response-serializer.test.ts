import * as contract from '@hangar/contract';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { fastSerializer, responseSerializerCompiler, serializationSchema } from './response-serializer.ts';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;

describe('production response serializer', () => {
  const User = z.object({
    id: z.string(),
    name: z.string().nullable(),
    apps: z.array(z.string()),
    bu: z.string().optional(),
    kind: z.union([z.object({ type: z.literal('a'), n: z.number() }), z.object({ type: z.literal('b'), s: z.string() })]),
    extra: z.record(z.string(), z.number()),
  });

  it('writes only the declared properties, at every depth, as zod does', () => {
    const value = {
      id: 'u1',
      name: null,
      apps: ['chat'],
      passwordHash: 'secret',
      kind: { type: 'b', s: 'x', leaked: true },
      extra: { a: 1 },
    };
    const fast = fastSerializer(route(User));
    // A union branch with an undeclared key is still the branch zod picks (and strips).
    expect(fast).not.toBeNull();
    const written = JSON.parse(fast!(value));
    expect(written).toEqual({ id: 'u1', name: null, apps: ['chat'], kind: { type: 'b', s: 'x' }, extra: { a: 1 } });
    expect(written).toEqual(JSON.parse(responseSerializerCompiler(true)(route(User))(value)));
  });

  it('leaves schemas JSON Schema cannot state exactly to zod', () => {
    expect(fastSerializer(route(z.object({ at: z.date() })))).toBeNull();
    expect(fastSerializer(route(z.object({ n: z.string().transform((s) => s.length) })))).toBeNull();
    const at = new Date('2026-01-02T03:04:05Z');
    expect(responseSerializerCompiler(false)(route(z.object({ at: z.date() })))({ at })).toBe(JSON.stringify({ at }));
  });

  it('still refuses an invalid answer when validating, and does not check it in production', () => {
    const bad = { id: 1, name: null, apps: [], kind: { type: 'a', n: 1 }, extra: {} };
    expect(() => responseSerializerCompiler(true)(route(User))(bad)).toThrow();
    expect(JSON.parse(responseSerializerCompiler(false)(route(User))(bad)).id).toBe('1');
  });

  it('compiles every schema of the contract that it takes over', () => {
    let taken = 0;
    for (const [name, schema] of Object.entries(contract)) {
      if (!(schema instanceof $ZodType)) continue;
      const jsonSchema = serializationSchema(schema);
      if (!jsonSchema) continue;
      taken++;
      // fast-json-stringify compiles on first use: a schema it cannot compile would throw at an answer.
      expect(() => fastJson(jsonSchema as never), name).not.toThrow();
    }
    expect(taken).toBeGreaterThan(50);
  });
});
