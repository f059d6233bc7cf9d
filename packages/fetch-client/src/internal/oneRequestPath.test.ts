import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient } from '../core.js';
import type { InferenceInfraClient } from './buildClient.js';
import { routes } from './routes.gen.js';

// A resource method and the low-level call of the same operation go through the one request pipeline: for every
// operation of the spec, generated params, bodies and headers, both send the same bytes. The core entry does not
// validate, so inputs outside the spec's rules are built and sent too.

type Params = { path?: Record<string, string>; query?: Record<string, unknown> };
type Input = { params: Params; body: unknown; headers: Record<string, string> | undefined };

/** Each operation's resource method, called with an input as a user would call it. */
const resourceCalls: Record<string, (client: InferenceInfraClient, input: Input) => PromiseLike<unknown>> = {
  createChatCompletion: (client, { body, headers }) =>
    client.chat.completions.create(body as never, { headers }),
  generateImages: (client, { body, headers }) => client.images.generate(body as never, { headers }),
  createEmbeddings: (client, { body, headers }) => client.embeddings.create(body as never, { headers }),
  listInstanceTypes: (client, { params, headers }) =>
    client.instances.listTypes(params.query as never, { headers }),
  resizeVolume: (client, { params, body, headers }) =>
    client.storage.resize(params.path?.id as string, body as never, { headers }),
  listBillingTransactions: (client, { params, headers }) =>
    client.billing.listTransactions(params.query as never, { headers }),
};

const operations = Object.entries(routes).flatMap(([method, byPath]) =>
  Object.entries(byPath).map(([path, route]) => ({ method, path, operationId: route.operationId as string })),
);

const pathValue = fc.string({ minLength: 1 }).filter((value) => value !== '.' && value !== '..');
const queryValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }));
const headerValue = fc.stringMatching(/^[\x21-\x7e]{1,12}$/);

function inputFor(method: string, path: string): fc.Arbitrary<Input> {
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const pathParams = fc.record(Object.fromEntries(pathNames.map((name) => [name, pathValue])));
  return fc.record({
    params: fc.record(
      {
        ...(pathNames.length > 0 ? { path: pathParams } : {}),
        ...(method === 'GET'
          ? { query: fc.dictionary(fc.constantFrom('limit', 'offset', 'gpu_type'), queryValue) }
          : {}),
      },
      { requiredKeys: pathNames.length > 0 ? ['path'] : [] },
    ) as fc.Arbitrary<Params>,
    // A chat body asking for a stream is a stream's call, read another way: its bytes are the same all the same.
    body:
      method === 'GET' ? fc.constant(undefined) : fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
    headers: fc.option(fc.dictionary(fc.constantFrom('x-team', 'x-trace'), headerValue, { maxKeys: 2 }), {
      nil: undefined,
    }),
  });
}

async function seen(request: Request) {
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body: await request.text(),
  };
}

/** A client whose fetch records each request and answers `{}`. */
function recordingClient() {
  const sent: Request[] = [];
  const client = createClient({
    apiKey: 'ii_live_onerequestpath',
    baseUrl: 'http://127.0.0.1:9/v1',
    platformUrl: 'http://127.0.0.1:9',
    maxRetries: 0,
    fetch: async (input: RequestInfo | URL) => {
      sent.push(input as Request);
      return new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, sent };
}

describe('one request path', () => {
  it('has a resource method for every operation of the spec', () => {
    expect(Object.keys(resourceCalls).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  it('sends the same request from a resource method and from the low-level call (generated inputs)', async () => {
    const cases = fc.oneof(
      ...operations.map((op) => inputFor(op.method, op.path).map((input) => ({ ...op, input }))),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ method, path, operationId, input }) => {
        if ((input.body as { stream?: unknown } | undefined)?.stream === true)
          delete (input.body as { stream?: unknown }).stream;
        const resource = recordingClient();
        await resourceCalls[operationId]?.(resource.client, input);
        const lowLevel = recordingClient();
        const call = lowLevel.client[method as 'GET'] as (path: string, init: object) => Promise<unknown>;
        await call(path, {
          params: input.params,
          ...(input.body === undefined ? {} : { body: input.body }),
          ...(input.headers ? { headers: input.headers } : {}),
        });
        expect(resource.sent).toHaveLength(1);
        expect(await seen(resource.sent[0] as Request)).toEqual(await seen(lowLevel.sent[0] as Request));
      }),
      { numRuns: 200 },
    );
  });
});
