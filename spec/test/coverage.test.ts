import { describe, expect, it } from 'vitest';
import { embeddingUsage, type FieldRule, operations, resources } from './interfaceDocument.js';
import { deref, type Json, loadBundle } from './loadBundle.js';
import { createSchemaValidator } from './schemaValidator.js';

const doc = loadBundle();
const validate = createSchemaValidator(doc);
const schemas = doc.components.schemas;

/**
 * The alternatives a schema allows. A field the spec widened on purpose (a `oneOf` marked with an assumption)
 * must still offer the document's form among them.
 */
function alternatives(schema: Json): Json[] {
  const resolved = deref(doc, schema);
  return resolved.oneOf ? resolved.oneOf.map((branch: Json) => deref(doc, branch)) : [resolved];
}

function expectField(where: string, schema: Json, rule: FieldRule) {
  const resolved = deref(doc, schema);
  expect(resolved, `${where} is in the spec`).toBeDefined();
  const forms = alternatives(resolved);
  const form = forms.find((candidate) => rule.type === undefined || candidate.type === rule.type);
  expect(form, `${where} has type ${rule.type}`).toBeDefined();
  if (forms.length > 1)
    expect(resolved['x-assumption-id'] ?? schema['x-assumption-id'], `${where} widened`).toBeDefined();
  if (rule.format) expect(form.format, `${where} format`).toBe(rule.format);
  if (rule.items) expect(deref(doc, form.items).type, `${where} items`).toBe(rule.items);
  if (rule.const) expect(form.const, `${where} const`).toBe(rule.const);
  if (rule.enum) expect(deref(doc, form).enum, `${where} enum`).toEqual(rule.enum);
  expect(form.minimum, `${where} minimum`).toBe(rule.minimum);
  expect(form.maximum, `${where} maximum`).toBe(rule.maximum);
  expect(form.default, `${where} default`).toEqual(rule.default);
}

function expectObject(
  where: string,
  schema: Json,
  fields: Record<string, FieldRule>,
  checkRequired: boolean,
) {
  const resolved = deref(doc, schema);
  expect(resolved.type, `${where} is an object`).toBe('object');
  for (const [name, rule] of Object.entries(fields)) {
    expectField(`${where}.${name}`, resolved.properties?.[name], rule);
    if (checkRequired && rule.required !== undefined) {
      expect((resolved.required ?? []).includes(name), `${where}.${name} required`).toBe(rule.required);
    }
  }
}

describe('the spec holds every resource field of the interface document', () => {
  it.each(Object.entries(resources))('%s', (name, fields) => {
    expectObject(name, schemas[name], fields, false);
  });

  it('embeddings usage', () => {
    expectObject('EmbeddingUsage', schemas.EmbeddingUsage, embeddingUsage, false);
  });
});

describe('the spec holds every endpoint, parameter, bound and default of the interface document', () => {
  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.server}${op.path}`, op] as const))(
    '%s',
    (_label, rule) => {
      const pathItem = doc.paths[rule.path];
      expect(pathItem, rule.path).toBeDefined();
      expect(pathItem.servers.map((server: Json) => server.url)).toEqual([rule.server]);
      const operation = pathItem[rule.method];
      expect(operation, `${rule.method} ${rule.path}`).toBeDefined();

      const parameters = (operation.parameters ?? []).map((p: Json) => deref(doc, p));
      for (const [location, fields] of [
        ['query', rule.query],
        ['path', rule.pathParams],
      ] as const) {
        const documented = Object.keys(fields ?? {});
        expect(
          parameters.filter((p: Json) => p.in === location).map((p: Json) => p.name),
          `${location} parameters`,
        ).toEqual(documented);
        for (const [name, field] of Object.entries(fields ?? {})) {
          const parameter = parameters.find((p: Json) => p.in === location && p.name === name);
          expect(parameter.required ?? false, `${name} required`).toBe(field.required);
          expectField(`${location} ${name}`, parameter.schema, field);
        }
      }

      if (rule.body) {
        const body = deref(doc, operation.requestBody);
        expect(body.required).toBe(true);
        expectObject(`${rule.path} body`, body.content['application/json'].schema, rule.body, true);
      }

      const answer = deref(doc, operation.responses['200']).content['application/json'].schema;
      expectObject(`${rule.path} 200`, answer, rule.response, true);
      for (const [name, field] of Object.entries(rule.response)) {
        const property = deref(doc, answer).properties[name];
        if (field.ref) expect(property.$ref).toBe(`#/components/schemas/${field.ref}`);
        if (field.itemsRef) expect(property.items.$ref).toBe(`#/components/schemas/${field.itemsRef}`);
      }
    },
  );

  it('chat messages are objects with role and content', () => {
    const message = deref(doc, schemas.ChatCompletionRequest.properties.messages.items);
    expect(message.type).toBe('object');
    expect(Object.keys(message.properties)).toEqual(expect.arrayContaining(['role', 'content']));
  });

  it('aspect_ratio accepts the form W:H and nothing else', () => {
    const aspectRatio = schemas.ImageGenerationRequest.properties.aspect_ratio;
    for (const good of ['16:9', '1:1', '21:9']) expect(validate(aspectRatio, good), good).toEqual([]);
    for (const bad of ['16-9', '16:', ':9', '0:1', '16:9:1', 'wide']) {
      expect(validate(aspectRatio, bad), bad).not.toEqual([]);
    }
  });

  it('orders instance types by price ascending', () => {
    const data = schemas.InstanceTypeList.properties.data;
    expect(data['x-sorted-by']).toEqual({ field: 'hourly_rate', direction: 'ascending' });
  });

  it('holds no operation the document does not have', () => {
    const specOperations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      ['get', 'post', 'patch', 'put', 'delete'].filter((m) => item[m]).map((m) => `${m} ${path}`),
    );
    expect(specOperations.sort()).toEqual(operations.map((op) => `${op.method} ${op.path}`).sort());
  });
});
