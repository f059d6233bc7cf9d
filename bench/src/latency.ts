import {
  baselinesFor,
  embeddingBody,
  headers,
  jsonHeaders,
  ours,
  oursFor,
  type SuiteOptions,
  withBaselines,
} from './clients.js';
import type { Fixture } from './fixture.js';
import { asRate, interleaved, type Summary } from './stats.js';

export interface Sizes {
  rounds: number;
  warmupRounds: number;
  batch: number;
}

/** Sequential per-call latency of each operation, every contender against raw fetch in the same rounds. */
export async function sequentialLatency(
  fixture: Fixture,
  sizes: Sizes,
  clients = ours,
  options: SuiteOptions = {},
) {
  const mine = Object.entries(oursFor(fixture, clients));
  const { bare, bareInference, openai } = baselinesFor(fixture);
  const typesUrl = `${fixture.platformUrl}/api/v1/instances/types`;
  const embeddingsUrl = `${fixture.baseUrl}/embeddings`;
  const resizeUrl = `${fixture.platformUrl}/api/v1/storage/vol_1`;
  const groups = {
    'GET instance types': withBaselines(
      options,
      mine.map(([name, client]) => ({ name, run: () => client.instances.listTypes() })),
      {
        'raw fetch': () => fetch(typesUrl, { headers }).then((r) => r.json()),
        'openapi-fetch bare': () => bare.GET('/api/v1/instances/types'),
      },
    ),
    'POST embeddings': withBaselines(
      options,
      mine.map(([name, client]) => ({ name, run: () => client.embeddings.create(embeddingBody) })),
      {
        'raw fetch': () =>
          fetch(embeddingsUrl, {
            method: 'POST',
            headers: jsonHeaders,
            body: JSON.stringify(embeddingBody),
          }).then((r) => r.json()),
        'openapi-fetch bare': () => bareInference.POST('/embeddings', { body: embeddingBody }),
        openai: () => openai.embeddings.create(embeddingBody),
      },
    ),
    'PATCH resize': withBaselines(
      options,
      mine.map(([name, client]) => ({ name, run: () => client.storage.resize('vol_1', { size_gb: 500 }) })),
      {
        'raw fetch': () =>
          fetch(resizeUrl, { method: 'PATCH', headers: jsonHeaders, body: '{"size_gb":500}' }).then((r) =>
            r.json(),
          ),
        'openapi-fetch bare': () =>
          bare.PATCH('/api/v1/storage/{id}', { params: { path: { id: 'vol_1' } }, body: { size_gb: 500 } }),
      },
    ),
  };
  const results: Record<string, Map<string, Summary>> = {};
  for (const [group, contenders] of Object.entries(groups))
    results[group] = await interleaved(contenders, sizes);
  return results;
}

/** Calls per second with 16 calls in flight at all times, for POST embeddings. */
export async function concurrentThroughput(
  fixture: Fixture,
  sizes: Sizes,
  clients = ours,
  options: SuiteOptions = {},
  concurrency = 16,
) {
  const mine = Object.entries(oursFor(fixture, clients));
  const { bareInference, openai } = baselinesFor(fixture);
  const embeddingsUrl = `${fixture.baseUrl}/embeddings`;
  const inFlight = (call: () => Promise<unknown>) => async () => {
    // One unit: `concurrency` workers each make `batch` calls back to back.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < sizes.batch; i++) await call();
      }),
    );
  };
  const contenders = withBaselines(
    options,
    mine.map(([name, client]) => ({ name, run: inFlight(() => client.embeddings.create(embeddingBody)) })),
    {
      'raw fetch': inFlight(() =>
        fetch(embeddingsUrl, {
          method: 'POST',
          headers: jsonHeaders,
          body: JSON.stringify(embeddingBody),
        }).then((r) => r.json()),
      ),
      'openapi-fetch bare': inFlight(() => bareInference.POST('/embeddings', { body: embeddingBody })),
      openai: inFlight(() => openai.embeddings.create(embeddingBody)),
    },
  );
  const perUnit = await interleaved(contenders, { ...sizes, batch: 1 });
  const callsPerUnit = concurrency * sizes.batch;
  return new Map([...perUnit].map(([name, summary]) => [name, asRate(summary, callsPerUnit)]));
}
