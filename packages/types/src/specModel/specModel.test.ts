import { describe, expect, it } from 'vitest';
import { readSpecBundle } from '../../scripts/specBundle.js';
import { errorStatusTypes, errorTypeStatuses } from './errorTypes.js';
import { pointerOf, resolvePointer, valueAt } from './jsonPointer.js';
import { jsonRequestBody, schemaAsWritten, specModelOf } from './specModel.js';

const bundled = specModelOf(readSpecBundle().document);

/** A bundle of one path, for the cases the real spec does not have. */
function documentWith(pathItem: Record<string, unknown>, components: Record<string, unknown> = {}) {
  return { openapi: '3.1.1', paths: { '/things/{id}': pathItem }, components };
}
const platformServer = {
  url: '{platform_url}',
  variables: { platform_url: { default: 'http://127.0.0.1:4011' } },
};
const platform = { servers: [platformServer] };

describe('specModelOf, on the bundled spec', () => {
  it('reads every operation with its method, path and base address', () => {
    expect(
      bundled.operations.map((operation) => `${operation.surface} ${operation.method} ${operation.path}`),
    ).toEqual([
      'inference POST /chat/completions',
      'inference POST /images/generations',
      'inference POST /embeddings',
      'platform GET /api/v1/instances/types',
      'platform PATCH /api/v1/storage/{id}',
      'platform GET /api/v1/billing/transactions',
    ]);
  });

  it('marks the operations that change state or bill, and only those', () => {
    const stateChanging = bundled.operations.filter((operation) => operation.stateChanging);
    expect(stateChanging.map((operation) => operation.operationId).sort()).toEqual(
      ['createChatCompletion', 'createEmbeddings', 'generateImages', 'resizeVolume'].sort(),
    );
  });

  it('resolves parameters to their schema, with the pointer they end at', () => {
    const limit = bundled
      .operation('listBillingTransactions')
      .parameters.find((parameter) => parameter.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer' } });
    expect(limit?.schemaPointer).toMatch(/^#\/components\/parameters\/\w+\/schema$/);
    expect(valueAt(bundled.document, limit?.schemaPointer ?? '')).toBe(limit?.schema);
  });

  it('gives the JSON request body with its component pointer and its example', () => {
    const body = jsonRequestBody(bundled.operation('resizeVolume'));
    expect(body?.schemaPointer).toBe('#/components/schemas/ResizeVolumeRequest');
    expect(body?.example).toEqual({ size_gb: expect.any(Number) });
    expect(schemaAsWritten(body ?? { schemaPointer: '', schema: {} })).toEqual({
      $ref: '#/components/schemas/ResizeVolumeRequest',
    });
    expect(bundled.operation('resizeVolume').requestBody?.required).toBe(true);
  });

  it("reads a stream's event schema and terminator, and response headers by lower-case name", () => {
    const ok = bundled.operation('createChatCompletion').responses['200'];
    const stream = ok?.content['text/event-stream'];
    const eventSchema = bundled.resolve(stream?.streamEventSchemaPointer ?? '#/missing').value;
    expect(eventSchema.properties).toHaveProperty('choices');
    expect(stream?.streamTerminator).toBe('[DONE]');
    expect(Object.keys(ok?.headers ?? {})).toContain('x-request-id');
  });

  it('names a missing operation', () => {
    expect(() => bundled.operation('deleteEverything')).toThrow('spec: no operation deleteEverything');
  });
});

describe('specModelOf, on small documents', () => {
  it("lets an operation's parameter replace the path item's of the same place and name", () => {
    const model = specModelOf(
      documentWith(
        {
          ...platform,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: {
            operationId: 'getThing',
            parameters: [
              { $ref: '#/components/parameters/Id' },
              { name: 'id', in: 'query', schema: { type: 'integer' } },
            ],
            responses: {},
          },
        },
        {
          parameters: {
            Id: { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 3 } },
          },
        },
      ),
    );
    const parameters = model.operation('getThing').parameters;
    expect(parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'path:id',
      'query:id',
    ]);
    expect(parameters[0]?.schema).toEqual({ type: 'string', minLength: 3 });
    expect(parameters[0]?.schemaPointer).toBe('#/components/parameters/Id/schema');
  });

  it("takes a parameter's `example`, else its first named example, and the operation's summary", () => {
    const model = specModelOf(
      documentWith({
        ...platform,
        get: {
          operationId: 'getThing',
          summary: 'Get a thing',
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'string' },
              examples: { one: { value: 'a1' } },
            },
            {
              name: 'q',
              in: 'query',
              schema: { type: 'string' },
              example: 'x',
              examples: { one: { value: 'y' } },
            },
          ],
          responses: {},
        },
      }),
    );
    const operation = model.operation('getThing');
    expect(operation.parameters.map((parameter) => parameter.example)).toEqual(['a1', 'x']);
    expect(operation.summary).toBe('Get a thing');
  });

  it('takes `example` first, then the first named example, references followed', () => {
    const model = specModelOf(
      documentWith(
        {
          ...platform,
          post: {
            operationId: 'makeThing',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object' },
                  examples: { first: { $ref: '#/components/examples/One' }, second: { value: 2 } },
                },
              },
            },
            responses: {},
          },
        },
        { examples: { One: { value: 1 } } },
      ),
    );
    const body = jsonRequestBody(model.operation('makeThing'));
    expect(body?.examples).toEqual({ first: 1, second: 2 });
    expect(body?.example).toBe(1);
    expect(body?.schemaPointer).toBe(
      `${pointerOf('paths', '/things/{id}', 'post')}/requestBody/content/application~1json/schema`,
    );
    expect(schemaAsWritten(body ?? { schemaPointer: '', schema: {} })).toEqual({ type: 'object' });
  });

  it('refuses a path whose server is neither base address, and an operation without an id', () => {
    expect(() =>
      specModelOf(documentWith({ servers: [{ url: 'https://x.test' }], get: { operationId: 'getThing' } })),
    ).toThrow(
      'spec: GET /things/{id} must name exactly one server, {base_url} or {platform_url} with a default, got "https://x.test"',
    );
    expect(() => specModelOf(documentWith({ ...platform, get: { responses: {} } }))).toThrow(
      'spec: GET /things/{id} has no operationId',
    );
  });
});

describe('the server of an operation', () => {
  const inferenceServer = {
    url: '{base_url}',
    variables: { base_url: { default: 'http://127.0.0.1:4010/v1' } },
  };

  it('is the base address with its default and the path that default puts before the spec paths', () => {
    expect(bundled.operation('createEmbeddings').server).toEqual({
      url: '{base_url}',
      variable: 'base_url',
      default: 'http://127.0.0.1:4010/v1',
      basePath: '/v1',
    });
    expect(bundled.operation('listInstanceTypes').server).toMatchObject({
      variable: 'platform_url',
      basePath: '',
    });
  });

  it("is the operation's own, else its path's, else the document's, as OpenAPI picks it", () => {
    const own = specModelOf(
      documentWith({
        ...platform,
        get: { operationId: 'getThing', servers: [inferenceServer], responses: {} },
      }),
    );
    expect(own.operation('getThing')).toMatchObject({ surface: 'inference', server: { basePath: '/v1' } });
    const fromDocument = specModelOf({
      ...documentWith({ get: { operationId: 'getThing', responses: {} } }),
      servers: [platformServer],
    });
    expect(fromDocument.operation('getThing').surface).toBe('platform');
  });

  it('must be exactly one: the document-wide list of both base addresses leaves an operation ambiguous', () => {
    const document = {
      ...documentWith({ get: { operationId: 'getThing', responses: {} } }),
      servers: [inferenceServer, platformServer],
    };
    expect(() => specModelOf(document)).toThrow('spec: GET /things/{id} must name exactly one server');
  });
});

describe('resolvePointer', () => {
  const document = {
    components: {
      schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' }, 'a/b~c': { type: 'integer' } },
    },
    loop: { $ref: '#/loop' },
    remote: { $ref: 'https://example.test/x.json' },
    broken: { $ref: '#/components/schemas/Missing' },
  };

  it('follows a chain of references to the object it ends at', () => {
    expect(resolvePointer(document, '#/components/schemas/A')).toEqual({
      pointer: '#/components/schemas/B',
      value: { type: 'string' },
    });
  });

  it('reads escaped tokens both ways', () => {
    expect(pointerOf('components', 'schemas', 'a/b~c')).toBe('#/components/schemas/a~1b~0c');
    expect(resolvePointer(document, pointerOf('components', 'schemas', 'a/b~c')).value).toEqual({
      type: 'integer',
    });
  });

  it('names a loop, a remote reference and a reference to nothing', () => {
    expect(() => resolvePointer(document, '#/loop')).toThrow('spec: $ref loop through #/loop from #/loop');
    expect(() => resolvePointer(document, '#/remote')).toThrow('only local $refs are resolved');
    expect(() => resolvePointer(document, '#/broken')).toThrow(
      'spec: nothing at #/components/schemas/Missing',
    );
  });
});

describe('errorTypeStatuses', () => {
  it("reads each error type's status from the examples of the error responses", () => {
    expect(Object.fromEntries(errorTypeStatuses(bundled))).toMatchObject({
      invalid_request_error: 400,
      authentication_error: 401,
      not_found_error: 404,
      conflict_error: 409,
      rate_limit_error: 429,
    });
  });

  it('gives a type that statuses share its lowest status: 415 shares invalid_request_error with 400', () => {
    expect(errorTypeStatuses(bundled).get('invalid_request_error')).toBe(400);
    expect(errorStatusTypes(bundled).get(415)).toBe('invalid_request_error');
  });

  const answer = (type: string) => ({
    content: { 'application/json': { schema: {}, examples: { one: { value: { error: { type } } } } } },
  });

  it('names a status shown with two types', () => {
    const other = {
      content: {
        'application/json': {
          schema: {},
          examples: {
            one: { value: { error: { type: 'odd' } } },
            two: { value: { error: { type: 'even' } } },
          },
        },
      },
    };
    const model = specModelOf(
      documentWith({ ...platform, get: { operationId: 'getThing', responses: { 400: other } } }),
    );
    expect(() => errorStatusTypes(model)).toThrow(
      'spec: status 400 is answered with error types odd and even',
    );
  });

  it('takes the lowest status for a shared type, whatever order the spec shows them in', () => {
    const model = specModelOf(
      documentWith({
        ...platform,
        get: { operationId: 'getThing', responses: { 409: answer('odd'), 400: answer('odd') } },
      }),
    );
    expect(errorTypeStatuses(model).get('odd')).toBe(400);
  });
});
