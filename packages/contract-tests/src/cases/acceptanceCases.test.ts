import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { type JsonObject, loadContractSpec } from '../model/spec.js';
import { smallSpec, smallSpecDocument } from '../test/smallSpec.js';
import { acceptanceCases } from './acceptanceCases.js';

/** The small spec with createThing's example body replaced, and its Thing schema changed by `changeThing`. */
function specWith(example: unknown, changeThing: (thing: JsonObject) => void = () => {}) {
  const document = structuredClone(smallSpecDocument) as JsonObject & {
    paths: {
      '/things': { post: { requestBody: { content: { 'application/json': { example: unknown } } } } };
    };
    components: { schemas: { Thing: JsonObject } };
  };
  document.paths['/things'].post.requestBody.content['application/json'].example = example;
  changeThing(document.components.schemas.Thing);
  return smallSpec(document);
}

const descriptionsOf = (spec: ReturnType<typeof smallSpec>) =>
  acceptanceCases(spec, createSchemaValidator(spec.document)).map((c) => c.description);

describe('acceptanceCases', () => {
  it('sets each bound and each other enum value of a field alone in the example body, items included', () => {
    const spec = smallSpec();
    const cases = acceptanceCases(spec, createSchemaValidator(spec.document)).filter(
      (c) => !c.facet.startsWith('oneOf'),
    );
    expect(cases.map((c) => c.description)).toEqual([
      'size: 10 (its minimum)',
      'size: 100 (its maximum)',
      'tags[0]: "b" (a value of its enum)',
    ]);
    expect(cases[2]).toMatchObject({ path: ['tags', 0], value: 'b' });
    expect(cases.every((c) => c.op.operationId === 'createThing')).toBe(true);
  });

  it("sends every oneOf choice: the example's value for the one it takes, a sample of each other, and walks each", () => {
    expect(descriptionsOf(specWith({ size: 20, shape: { w: 3 }, count: 5 }))).toEqual([
      'size: 10 (its minimum)',
      'size: 100 (its maximum)',
      'shape: {"w":3} (its form oneOf branch 0)',
      'shape.w: 1 (its minimum)',
      'shape: "1:1" (its form oneOf branch 1)',
      'count: 5 (its form oneOf branch 0)',
      'count: 1 (its minimum)',
      'count: "contract-tests" (its form oneOf branch 1)',
    ]);
  });

  it('never offers a value that another rule of the body refuses', () => {
    const spec = specWith({ size: 20 }, (thing) => {
      (thing.properties as Record<string, JsonObject>).size = {
        type: 'integer',
        minimum: 10,
        maximum: 100,
        multipleOf: 20,
      };
    });
    expect(descriptionsOf(spec).filter((d) => !d.includes('its form'))).toEqual(['size: 100 (its maximum)']);
  });

  it('leaves out a resize, whose maximum would grow the volume of a partner for good', () => {
    const spec = loadContractSpec();
    const operations = new Set(
      acceptanceCases(spec, createSchemaValidator(spec.document)).map((c) => c.op.operationId),
    );
    expect(operations.has('resizeVolume')).toBe(false);
    expect(operations.size).toBeGreaterThan(0);
  });
});
