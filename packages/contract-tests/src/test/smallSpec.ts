import { type ContractSpec, contractSpecOf, type JsonObject } from '../model/spec.js';

/**
 * A spec of two operations on one made-up resource, small enough that a test can list what the case generators should
 * make of it: bounds, an enum in array items, a closed object, a required field, a `oneOf` of an object and a
 * patterned string, and a query parameter with bounds. The bundled spec is what the suite runs on; this one says why.
 */
export const smallSpecDocument: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'things', version: '1' },
  paths: {
    '/things': {
      servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010/v1' } } }],
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'the things' } },
      },
      post: {
        operationId: 'createThing',
        'x-state-changing': true,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Thing' },
              example: { size: 20, tags: ['a'] },
            },
          },
        },
        responses: { '200': { description: 'the thing' } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        additionalProperties: false,
        required: ['size'],
        properties: {
          size: { type: 'integer', minimum: 10, maximum: 100 },
          tags: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
          shape: {
            oneOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['w'],
                properties: { w: { type: 'integer', minimum: 1 } },
              },
              { type: 'string', pattern: '^[1-9]:[1-9]$', example: '1:1' },
            ],
          },
          count: { oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }] },
        },
      },
      // A schema that contains itself, which a generator must stop walking.
      Node: {
        type: 'object',
        required: ['child'],
        properties: { child: { $ref: '#/components/schemas/Node' } },
      },
    },
  },
};

export function smallSpec(document: JsonObject = smallSpecDocument): ContractSpec {
  return contractSpecOf(structuredClone(document));
}
