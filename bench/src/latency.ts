import { clientsFor, embeddingBody, headers, jsonHeaders } from './clients.js';
import type { Fixture } from './fixture.js';
import { asRate, type Contender, interleaved, type Summary } from './stats.js';

export interface Sizes {
  rounds: number;
  warmupRounds: number;
  batch: number;
}

/** Sequential per-call latency of each operation, every contender against raw fetch in the same rounds. */
export async function sequentialLatency(fixture: Fixture, sizes: Sizes) {
  const { ours, bare, bareInference, openai } = clientsFor(fixture);
  const typesUrl = `${fixture.platformUrl}/api/v1/instances/types`;
  const embeddingsUrl = `${fixture.baseUrl}/embeddings`;
  const resizeUrl = `${fixture.platformUrl}/api/v1/storage/vol_1`;
  const groups: Record<string, Contender[]> = {
    'GET instance types': [
      { name: 'raw fetch', run: () => fetch(typesUrl, { headers }).then((r) => r.json()) },
      { name: 'ours', run: () => ours.instances.listTypes() },
      { name: 'openapi-fetch bare', run: () => bare.GET('/api/v1/instances/types') },
    ],
    'POST embeddings': [
      {
        name: 'raw fetch',
        run: () =>
          fetch(embeddingsUrl, {
            method: 'POST',
            headers: jsonHeaders,
            body: JSON.stringify(embeddingBody),
          }).then((r) => r.json()),
      },
      { name: 'ours', run: () => ours.embeddings.create(embeddingBody) },
      { name: 'openapi-fetch bare', run: () => bareInference.POST('/embeddings', { body: embeddingBody }) },
      { name: 'openai', run: () => openai.embeddings.create(embeddingBody) },
    ],
    'PATCH resize': [
      {
        name: 'raw fetch',
        run: () =>
          fetch(resizeUrl, { method: 'PATCH', headers: jsonHeaders, body: '{"size_gb":500}' }).then((r) =>
            r.json(),
          ),
      },
      { name: 'ours', run: () => ours.storage.resize('vol_1', { size_gb: 500 }) },
      {
        name: 'openapi-fetch bare',
        run: () =>
          bare.PATCH('/api/v1/storage/{id}', { params: { path: { id: 'vol_1' } }, body: { size_gb: 500 } }),
      },
    ],
  };
  const results: Record<string, Map<string, Summary>> = {};
  for (const [group, contenders] of Object.entries(groups))
    results[group] = await interleaved(contenders, sizes);
  return results;
}

/** Calls per second with 16 calls in flight at all times, for POST embeddings. */
export async function concurrentThroughput(fixture: Fixture, sizes: Sizes, concurrency = 16) {
  const { ours, bareInference, openai } = clientsFor(fixture);
  const embeddingsUrl = `${fixture.baseUrl}/embeddings`;
  const inFlight = (call: () => Promise<unknown>) => async () => {
    // One unit: `concurrency` workers each make `batch` calls back to back.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < sizes.batch; i++) await call();
      }),
    );
  };
  const contenders: Contender[] = [
    {
      name: 'raw fetch',
      run: inFlight(() =>
        fetch(embeddingsUrl, {
          method: 'POST',
          headers: jsonHeaders,
          body: JSON.stringify(embeddingBody),
        }).then((r) => r.json()),
      ),
    },
    { name: 'ours', run: inFlight(() => ours.embeddings.create(embeddingBody)) },
    {
      name: 'openapi-fetch bare',
      run: inFlight(() => bareInference.POST('/embeddings', { body: embeddingBody })),
    },
    { name: 'openai', run: inFlight(() => openai.embeddings.create(embeddingBody)) },
  ];
  const perUnit = await interleaved(contenders, { ...sizes, batch: 1 });
  const callsPerUnit = concurrency * sizes.batch;
  return new Map([...perUnit].map(([name, summary]) => [name, asRate(summary, callsPerUnit)]));
}
