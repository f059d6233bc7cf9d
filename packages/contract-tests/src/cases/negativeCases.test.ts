import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { type JsonObject, jsonRequestBody, loadContractSpec } from '../model/spec.js';
import { smallSpec, smallSpecDocument } from '../test/smallSpec.js';
import { negativeCases } from './negativeCases.js';

const spec = loadContractSpec();
const validator = createSchemaValidator(spec.document);
const cases = negativeCases(spec, validator);
const descriptions = (operationId: string) =>
  cases.filter((c) => c.operationId === operationId).map((c) => c.description);

/** Every bounded or enumerated top-level field of the spec's requests, found independently of the generator. */
function boundedFields(): Array<{ operationId: string; field: string }> {
  const bounded = (schema: JsonObject) =>
    [
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'minItems',
      'maxItems',
      'minLength',
      'maxLength',
      'enum',
      'pattern',
    ].some((keyword) => keyword in schema);
  const fields: Array<{ operationId: string; field: string }> = [];
  for (const op of spec.operations) {
    for (const parameter of op.parameters) {
      if (bounded(spec.resolve(parameter.schemaPointer).value))
        fields.push({ operationId: op.operationId, field: parameter.name });
    }
    const body = jsonRequestBody(op);
    const properties = (body?.schema.properties as Record<string, JsonObject> | undefined) ?? {};
    for (const [name, raw] of Object.entries(properties)) {
      const schema = typeof raw.$ref === 'string' ? spec.resolve(raw.$ref).value : raw;
      if (bounded(schema)) fields.push({ operationId: op.operationId, field: name });
    }
  }
  return fields;
}

describe('negativeCases', () => {
  it('answers the values just outside each bound of the interface document', () => {
    expect(descriptions('listBillingTransactions')).toEqual(
      expect.arrayContaining([
        'limit=0 (below its minimum 1)',
        'limit=101 (above its maximum 100)',
        'offset=-1 (below its minimum 0)',
        'type=contract-tests-not-in-enum (not one of credit, usage, refund, adjustment)',
      ]),
    );
    expect(descriptions('resizeVolume')).toEqual(
      expect.arrayContaining([
        'size_gb: 9 (below its minimum 10)',
        'size_gb: 10001 (above its maximum 10000)',
      ]),
    );
    expect(descriptions('generateImages')).toEqual(
      expect.arrayContaining([
        'width: 255 (below its minimum 256)',
        'height: 2049 (above its maximum 2048)',
        'num_inference_steps: 0 (below its minimum 1)',
        'num_inference_steps: 101 (above its maximum 100)',
        'response_format: "contract-tests-not-in-enum" (not one of url, b64_json)',
      ]),
    );
  });

  it('reaches nested fields and choices (oneOf) of the request bodies', () => {
    expect(descriptions('createChatCompletion')).toEqual(
      expect.arrayContaining([
        'messages[0].role: "contract-tests-not-in-enum" (not one of system, developer, user, assistant, tool)',
        'messages[0].content[0].type: "not-text" (not the constant text)',
        'stop: ["contract-tests","contract-tests","c... (more than 4 items)',
      ]),
    );
    expect(descriptions('createEmbeddings')).toEqual(
      expect.arrayContaining(['input: [] (fewer than 1 items)']),
    );
  });

  it('covers every bounded or enumerated parameter and top-level body field of the spec', () => {
    const covered = new Set(
      cases
        .filter((c) => c.rule !== 'type' && c.rule !== 'required')
        .map((c) => `${c.operationId} ${c.param}`),
    );
    const missing = boundedFields().filter(
      ({ operationId, field }) => !covered.has(`${operationId} ${field}`),
    );
    expect(missing).toEqual([]);
  });

  it('makes every body invalid against the spec, by the one rule it names', () => {
    for (const entry of cases.filter((c) => c.in === 'body')) {
      const op = spec.operation(entry.operationId);
      const pointer = jsonRequestBody(op)?.schemaPointer ?? '';
      expect(validator.violations(pointer, entry.body), entry.description).not.toEqual([]);
    }
  });
});

describe('negativeCases on a small spec', () => {
  const small = smallSpec();
  const smallCases = negativeCases(small, createSchemaValidator(small.document));

  it('lists the query cases of each operation, then its body cases, each described as the report shows it', () => {
    expect(smallCases.slice(0, 7).map((c) => `${c.operationId} ${c.in} ${c.description}`)).toEqual([
      'listThings query limit=0 (below its minimum 1)',
      'listThings query limit=101 (above its maximum 100)',
      'listThings query limit=not-a-number (not integer)',
      'listThings query limit=1.5 (not integer)',
      'createThing body a body without size (required)',
      'createThing body an unknown field contract_tests_unknown_field (the object is closed)',
      'createThing body size: 9 (below its minimum 10)',
    ]);
    expect(smallCases.find((c) => c.description === 'limit=0 (below its minimum 1)')).toEqual({
      operationId: 'listThings',
      in: 'query',
      field: 'limit',
      param: 'limit',
      rule: 'minimum',
      description: 'limit=0 (below its minimum 1)',
      query: { limit: '0' },
    });
  });

  it('names the field in full and its top-level field as the param, which error.param must start with', () => {
    expect(smallCases.find((c) => c.description === 'shape.w: 0 (below its minimum 1)')).toMatchObject({
      in: 'body',
      field: 'shape.w',
      param: 'shape',
      rule: 'minimum',
      body: { size: 20, tags: ['a'], shape: { w: 0 } },
    });
    expect(smallCases.map((c) => c.description)).toEqual(
      expect.arrayContaining([
        'a body without shape.w (required)',
        'tags: ["a","a","a"] (more than 2 items)',
        'tags[0]: "A" (not one of a, b (case differs))',
      ]),
    );
  });

  it('keeps one of the cases of an operation that read alike (a parameter declared on the path and the operation)', () => {
    const document = structuredClone(smallSpecDocument) as {
      paths: { '/things': { parameters?: unknown[]; get: { parameters: unknown[] } } };
    };
    document.paths['/things'].parameters = [document.paths['/things'].get.parameters[0]];
    const doubled = smallSpec(document);
    const limits = negativeCases(doubled, createSchemaValidator(doubled.document)).filter(
      (c) => c.operationId === 'listThings' && c.field === 'limit',
    );
    expect(limits.map((c) => c.description)).toEqual([
      'limit=0 (below its minimum 1)',
      'limit=101 (above its maximum 100)',
      'limit=not-a-number (not integer)',
      'limit=1.5 (not integer)',
    ]);
  });
});
