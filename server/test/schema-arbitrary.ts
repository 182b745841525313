import fc from 'fast-check';

// Values for an OpenAPI (JSON Schema) description: mostly what it asks for, sometimes not — wrong
// types, edge strings, NUL characters, huge or negative numbers — so that a fuzz run reaches both
// the validation and what lies behind it.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  $ref?: string;
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '\u202e\u2066',
  '𝕳𝖆𝖓𝖌𝖆𝖗',
  '9'.repeat(400),
  'x'.repeat(70_000),
  '2026-13-45',
  '00000000-0000-4000-8000-000000000000',
);

const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  nasty,
  fc.string(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (!schema.$ref) return schema;
  return components[schema.$ref.split('/').pop()!] ?? {};
}

export function arbitraryFor(schema: JsonSchema, components: Record<string, JsonSchema> = {}, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const wellFormed = valid(s, components, depth);
  // One value in five ignores the schema.
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: anyValue });
}

function valid(s: JsonSchema, components: Record<string, JsonSchema>, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return anyValue;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, components, depth + 1)));
  if (s.allOf?.length) return arbitraryFor(s.allOf[0]!, components, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const base = (() => {
    switch (type) {
      case 'string':
        return fc.oneof(
          fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) }),
          nasty,
          nasty,
          s.format === 'uuid' ? fc.uuid() : fc.string({ maxLength: 10 }).map((x) => `${x}\u0000`),
        );
      case 'integer':
        return fc.oneof(
          fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 }),
          fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
        );
      case 'number':
        return fc.oneof(fc.double({ min: s.minimum, max: s.maximum, noNaN: true }), fc.constantFrom(0, -0.5, 1e308));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(s.items ? arbitraryFor(s.items, components, depth + 1) : anyValue, { maxLength: Math.min(s.maxItems ?? 4, 6) });
      case 'object':
      case undefined: {
        const props = Object.entries(s.properties ?? {});
        if (!props.length) return fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 3 });
        const required = new Set(s.required ?? []);
        return fc.record(Object.fromEntries(props.map(([k, v]) => [k, arbitraryFor(v, components, depth + 1)])), {
          requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
        });
      }
      default:
        return anyValue;
    }
  })();
  return s.nullable ? fc.oneof(base, fc.constant(null)) : base;
}
