import fc from 'fast-check';
import createOpenapiFetch from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { readAnswer } from './readAnswer.js';
import { createRequestBuilder } from './requestBuilder.js';

// Every call is built by our builder with openapi-fetch's serializers, not by its coreFetch: these properties hold it
// to what openapi-fetch itself sends and reads, for generated calls (with and without its options) and answers.

type Method = 'GET' | 'POST' | 'PATCH';
interface GeneratedCall {
  method: Method;
  path: string;
  params: { path?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  body: unknown;
  callHeaders: Record<string, string | null> | undefined;
  /** openapi-fetch's options beyond params and body, which a low-level call may pass. */
  extra: Record<string, unknown> | undefined;
}

const extra = fc.option(
  fc.oneof(
    fc.constant({ cache: 'no-store' }),
    fc.record({
      querySerializer: fc.record({
        array: fc.record({
          style: fc.constantFrom('form', 'spaceDelimited', 'pipeDelimited'),
          explode: fc.boolean(),
        }),
      }),
    }),
    fc.constant({ baseUrl: 'http://127.0.0.1:9/elsewhere/' }),
    fc.constant({ bodySerializer: (body: unknown) => `serialized:${JSON.stringify(body)}` }),
    fc.constant({ pathSerializer: (path: string) => `${path}/by-path-serializer` }),
  ),
  { nil: undefined },
);

const headerName = fc.constantFrom(
  'Authorization',
  'content-type',
  'Content-Type',
  'X-Client',
  'x-trace',
  'Accept',
);
const headerValue = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,18}[\x21-\x7e])?$/);
const queryValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(undefined),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom('limit', 'offset', 'gpu', 'region'), fc.string()),
  queryValue,
  {
    maxKeys: 4,
  },
);
const callHeaders = fc.option(
  fc.dictionary(headerName, fc.option(headerValue, { nil: null }), { maxKeys: 3 }),
  {
    nil: undefined,
  },
);

const call: fc.Arbitrary<GeneratedCall> = fc.oneof(
  fc.record({
    method: fc.constant<Method>('GET'),
    path: fc.constantFrom('/api/v1/instances/types', '/api/v1/billing/transactions'),
    params: fc.option(fc.record({ query }), { nil: undefined }),
    body: fc.constant(undefined),
    callHeaders,
    extra,
  }),
  fc.record({
    method: fc.constant<Method>('POST'),
    path: fc.constantFrom('/embeddings', '/chat/completions', '/images/generations'),
    params: fc.constant(undefined),
    body: fc.jsonValue(),
    callHeaders,
    extra,
  }),
  fc.record({
    method: fc.constant<Method>('PATCH'),
    path: fc.constant('/api/v1/storage/{id}'),
    params: fc.record({ path: fc.record({ id: fc.string() }) }),
    body: fc.option(fc.jsonValue(), { nil: undefined }),
    callHeaders,
    extra,
  }),
);

const clientHeaders = fc.constantFrom<Record<string, string>[]>(
  { Authorization: 'Bearer ii_live_direct' },
  { Authorization: 'Bearer ii_live_direct', 'X-Client': 'app/1.0' },
  { authorization: 'Bearer ii_live_direct', 'Content-Type': 'text/plain' },
  {},
);
const baseUrl = fc.constantFrom('http://127.0.0.1:9/v1', 'http://127.0.0.1:9/v1/', 'http://127.0.0.1:9');

/** What a request holds that a server can see. */
async function seen(request: Request) {
  return {
    url: request.url,
    method: request.method,
    redirect: request.redirect,
    cache: request.cache,
    headers: [...request.headers],
    body: await request.text(),
  };
}

/** The request openapi-fetch sends for `generated`, or the error it throws building it. */
async function sentByOpenapiFetch(url: string, headers: Record<string, string>, generated: GeneratedCall) {
  let sent: Request | undefined;
  const client = createOpenapiFetch({
    baseUrl: url,
    headers,
    fetch: async (request: Request) => {
      sent = request;
      return new Response('{}');
    },
  });
  const send = client[generated.method] as (path: string, init: object) => Promise<unknown>;
  await send(generated.path, {
    params: generated.params,
    body: generated.body,
    headers: generated.callHeaders,
    ...generated.extra,
  });
  return seen(sent as Request);
}

const outcome = async (run: () => Promise<unknown>) => {
  try {
    return { value: await run() };
  } catch (error) {
    return { thrown: (error as Error).constructor.name };
  }
};

describe('the request builder', () => {
  it('sends the request openapi-fetch sends: URL, method, headers, body (generated calls)', async () => {
    await fc.assert(
      fc.asyncProperty(baseUrl, clientHeaders, call, async (url, headers, generated) => {
        const kept: unknown[] = [];
        const direct = await outcome(() => {
          const { build } = createRequestBuilder(url, headers);
          const keep = <Body>(body: Body) => {
            kept.push(body);
            return body;
          };
          const call = { params: generated.params, body: generated.body, ...generated.extra };
          if (generated.params === undefined) delete call.params;
          if (generated.body === undefined) delete call.body;
          return seen(
            build(generated.method, generated.path, call, generated.callHeaders ?? undefined, keep),
          );
        });
        const viaOpenapiFetch = await outcome(() => sentByOpenapiFetch(url, headers, generated));
        expect(direct).toEqual(viaOpenapiFetch);
        // The body kept for a retry is the one sent, byte for byte.
        if ('value' in direct && generated.body !== undefined) {
          expect(kept).toEqual([(direct.value as { body: string }).body]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads an answer as openapi-fetch reads it: data, error body, no body (generated answers)', async () => {
    const answer = fc.record({
      status: fc.constantFrom(200, 201, 204, 400, 404, 422, 500, 503),
      body: fc.oneof(fc.constant(''), fc.constant(' '), fc.constant('not json'), fc.json()),
      contentLength: fc.constantFrom<'actual' | '0' | 'absent'>('actual', '0', 'absent'),
      chunked: fc.boolean(),
      parseAs: fc.constantFrom<'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream'>(
        'json',
        'text',
        'blob',
        'arrayBuffer',
        'stream',
      ),
      method: fc.constantFrom('GET', 'HEAD'),
    });
    await fc.assert(
      fc.asyncProperty(answer, async ({ status, body, contentLength, chunked, parseAs, method }) => {
        const make = () => {
          const headers = new Headers({ 'content-type': 'application/json' });
          if (contentLength !== 'absent') {
            headers.set(
              'content-length',
              contentLength === '0' ? '0' : String(new TextEncoder().encode(body).length),
            );
          }
          if (chunked) headers.set('transfer-encoding', 'chunked');
          return new Response(status === 204 ? null : body, { status, headers });
        };
        const client = createOpenapiFetch({ baseUrl: 'http://127.0.0.1:9', fetch: async () => make() });
        const send = (method === 'GET' ? client.GET : client.HEAD) as (path: string, init: object) => unknown;
        const comparable = async (result: { data?: unknown; error?: unknown }) => ({
          data:
            result.data instanceof ReadableStream ||
            result.data instanceof Blob ||
            result.data instanceof ArrayBuffer
              ? await new Response(result.data).text()
              : result.data,
          error: result.error,
          hasData: 'data' in result,
          hasError: 'error' in result,
        });
        const theirs = await outcome(async () =>
          comparable((await send('/api/v1/instances/types', { parseAs })) as { data?: unknown }),
        );
        const ours = await outcome(async () => comparable(await readAnswer(make(), parseAs, method)));
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 300 },
    );
  });
});
