import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { jsonRequestBody } from '../model/spec.js';
import { smallSpec, smallSpecDocument } from '../test/smallSpec.js';
import { bodyMutations } from './bodyMutations.js';
import { fieldName, getAt, removed } from './jsonPath.js';

const spec = smallSpec();
const validator = createSchemaValidator(spec.document);
const createThing = spec.operation('createThing');
const mutations = bodyMutations(spec, validator, createThing);
const listed = mutations.map(({ path, candidate }) =>
  candidate.value === removed
    ? `${fieldName(path)} removed`
    : `${fieldName(path)} ${candidate.rule} ${JSON.stringify(candidate.value)}`,
);

describe('bodyMutations', () => {
  it('breaks each rule of each top-level field, in the order of the schema: required and closed object first', () => {
    expect(listed.slice(0, 10)).toEqual([
      'size removed',
      'contract_tests_unknown_field additionalProperties true',
      'size minimum 9',
      'size maximum 101',
      // The minimum as a string, not the example's 20 (why: bodyMutations, on a resize's size_gb).
      'size type "10"',
      'size type 10.7',
      'size type "not-a-number"',
      'size type 1.5',
      'tags type "not-an-array"',
      'tags maxItems ["a","a","a"]',
    ]);
  });

  it('reaches array items and each oneOf choice, starting a missing field from a sample of the choice', () => {
    expect(listed).toEqual(
      expect.arrayContaining([
        'tags[0] enum "contract-tests-not-in-enum"',
        'tags[0] enum "A"',
        'shape.w removed',
        'shape.contract_tests_unknown_field additionalProperties true',
        'shape.w minimum 0',
        'shape pattern "contract-tests"',
        'shape pattern "0:1"',
        'shape pattern "1:0"',
      ]),
    );
    const zero = mutations.find((m) => fieldName(m.path) === 'shape.w' && m.candidate.rule === 'minimum');
    expect(zero?.body).toEqual({ size: 20, tags: ['a'], shape: { w: 0 } });
  });

  it('drops a value that another choice of the field accepts: the server would be right to take it', () => {
    const count = listed.filter((entry) => entry.startsWith('count '));
    expect(count).toEqual(['count minimum 0', 'count type 1.7', 'count type 1.5']);
    expect(listed).not.toContain('count type "1"');
  });

  it('changes the example body at the path alone, and makes it invalid', () => {
    const pointer = jsonRequestBody(createThing)?.schemaPointer ?? '';
    for (const { path, candidate, body } of mutations) {
      expect(validator.violations(pointer, body), fieldName(path)).not.toEqual([]);
      if (candidate.value === removed) expect(getAt(body, path)).toBeUndefined();
      else expect(getAt(body, path)).toEqual(candidate.value);
    }
    const missingSize = mutations.find((m) => m.candidate.value === removed && fieldName(m.path) === 'size');
    expect(missingSize?.body).toEqual({ tags: ['a'] });
  });

  it('makes none from an example body that is invalid already: the server would have two reasons to refuse', () => {
    const document = structuredClone(smallSpecDocument) as {
      paths: {
        '/things': { post: { requestBody: { content: { 'application/json': { example: unknown } } } } };
      };
    };
    document.paths['/things'].post.requestBody.content['application/json'].example = { size: 5 };
    const broken = smallSpec(document);
    expect(
      bodyMutations(broken, createSchemaValidator(broken.document), broken.operation('createThing')),
    ).toEqual([]);
  });

  it('makes none for an operation without a JSON body', () => {
    expect(bodyMutations(spec, validator, spec.operation('listThings'))).toEqual([]);
  });
});
