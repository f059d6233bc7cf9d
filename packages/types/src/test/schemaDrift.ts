import { generateSchema } from '@anatine/zod-openapi';
import type { ZodTypeAny } from 'zod';
import type { JsonSchema } from '../../scripts/jsonSchema.js';
import { jsonBodyOf, jsonResponsesOf, parameterObjectSchema } from '../../scripts/operationParts.js';
import type { OpenApiDocument } from '../../scripts/specBundle.js';
import { specModelOf } from '../specModel/index.js';
import { type Canonical, canonicalSchema } from './canonicalSchema.js';

/** The exports of `zod.gen.ts`, or a doctored copy of them. */
export interface ZodSchemas {
  schemas: Record<string, ZodTypeAny>;
  requestSchemas: Record<string, Partial<Record<'path' | 'query' | 'body', ZodTypeAny>>>;
  responseSchemas: Record<string, Record<string, ZodTypeAny>>;
}

const stable = (value: unknown) => JSON.stringify(value);

function zodCanonical(schema: ZodTypeAny): Canonical {
  // generateSchema's output is plain JSON; the round trip drops the `undefined`s its deep merge leaves behind.
  return canonicalSchema(JSON.parse(JSON.stringify(generateSchema(schema))), { keepReferences: false });
}

function withoutNullable({ nullable: _nullable, ...rest }: Canonical): Canonical {
  return rest;
}

/**
 * Each difference between the spec's schema and what the zod schema says, as `where.keyword: spec X, zod Y`.
 * Where the spec refers to a component, the zod schema must be that component's zod schema (compared once, under
 * its own name), so a change to a shared schema is reported once.
 */
function compare(
  spec: Canonical,
  zod: Canonical,
  at: string,
  components: Record<string, Canonical>,
): string[] {
  if (typeof spec.ref === 'string') {
    const differences =
      stable(withoutNullable(zod)) === stable(components[spec.ref])
        ? []
        : [`${at}: spec refers to ${spec.ref}, zod has another schema`];
    if (Boolean(spec.nullable) !== Boolean(zod.nullable))
      differences.push(`${at}.nullable: spec ${Boolean(spec.nullable)}, zod ${Boolean(zod.nullable)}`);
    return differences;
  }
  const differences: string[] = [];
  for (const key of new Set([...Object.keys(spec), ...Object.keys(zod)])) {
    const [a, b] = [spec[key], zod[key]];
    if (key === 'properties' && a && b) {
      const [specProperties, zodProperties] = [
        a as Record<string, Canonical>,
        b as Record<string, Canonical>,
      ];
      for (const name of new Set([...Object.keys(specProperties), ...Object.keys(zodProperties)])) {
        const [p, q] = [specProperties[name], zodProperties[name]];
        if (p && q) differences.push(...compare(p, q, `${at}.properties.${name}`, components));
        else differences.push(`${at}.properties.${name}: ${p ? 'missing from zod' : 'not in the spec'}`);
      }
    } else if (
      (key === 'items' || key === 'additionalProperties') &&
      a &&
      b &&
      typeof a === 'object' &&
      typeof b === 'object'
    ) {
      differences.push(...compare(a as Canonical, b as Canonical, `${at}.${key}`, components));
    } else if (key === 'oneOf' && Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      differences.push(...a.flatMap((branch, i) => compare(branch, b[i], `${at}.oneOf.${i}`, components)));
    } else if (stable(a) !== stable(b)) {
      differences.push(`${at}.${key}: spec ${stable(a) ?? 'absent'}, zod ${stable(b) ?? 'absent'}`);
    }
  }
  return differences;
}

function compareSchema(
  spec: JsonSchema,
  zod: ZodTypeAny | undefined,
  at: string,
  components: Record<string, Canonical>,
) {
  if (!zod) return [`${at}: no zod schema`];
  return compare(canonicalSchema(spec, { keepReferences: true }), zodCanonical(zod), at, components);
}

function sameKeys(at: string, spec: string[], zod: string[]): string[] {
  const missing = spec.filter((key) => !zod.includes(key));
  const extra = zod.filter((key) => !spec.includes(key));
  return [
    ...(missing.length > 0 ? [`${at}: missing from zod: ${missing.join(', ')}`] : []),
    ...(extra.length > 0 ? [`${at}: not in the spec: ${extra.join(', ')}`] : []),
  ];
}

/** Every way the zod schemas differ from the spec; empty when they say the same. */
export function schemaDrift(document: OpenApiDocument, zod: ZodSchemas): string[] {
  const specComponents: Record<string, JsonSchema> = document.components?.schemas ?? {};
  const components = Object.fromEntries(
    Object.entries(zod.schemas).map(([name, schema]) => [name, zodCanonical(schema)]),
  );
  const differences = sameKeys('components.schemas', Object.keys(specComponents), Object.keys(zod.schemas));
  for (const [name, schema] of Object.entries(specComponents)) {
    differences.push(...compareSchema(schema, zod.schemas[name], `components.schemas.${name}`, components));
  }
  const operations = specModelOf(document).operations;
  differences.push(
    ...sameKeys(
      'operations',
      operations.map((o) => o.operationId),
      Object.keys(zod.requestSchemas),
    ),
  );
  for (const operation of operations) {
    const at = `operations.${operation.operationId}`;
    const request = zod.requestSchemas[operation.operationId] ?? {};
    const specParts: [string, JsonSchema | undefined][] = [
      ['path', parameterObjectSchema(operation, 'path')],
      ['query', parameterObjectSchema(operation, 'query')],
      ['body', jsonBodyOf(operation)?.schema],
    ];
    differences.push(
      ...sameKeys(
        `${at} request parts`,
        specParts.filter(([, s]) => s).map(([part]) => part),
        Object.keys(request),
      ),
    );
    for (const [part, schema] of specParts) {
      if (schema)
        differences.push(...compareSchema(schema, request[part as 'path'], `${at}.${part}`, components));
    }
    const responses = zod.responseSchemas[operation.operationId] ?? {};
    differences.push(
      ...sameKeys(
        `${at} responses`,
        jsonResponsesOf(operation).map(([status]) => status),
        Object.keys(responses),
      ),
    );
    for (const [status, schema] of jsonResponsesOf(operation)) {
      differences.push(...compareSchema(schema, responses[status], `${at}.responses.${status}`, components));
    }
  }
  return differences;
}
