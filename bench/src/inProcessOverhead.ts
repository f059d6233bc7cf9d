import type { paths } from '@inference-infra/types';
import createOpenapiFetch from 'openapi-fetch';
import { apiKey, embeddingBody, headers, oursAndCore, type SuiteOptions, withBaselines } from './clients.js';
import type { Sizes } from './latency.js';
import { interleaved } from './stats.js';

const answer = JSON.stringify({ data: [], meta: { requestId: 'req_bench' } });

/** A fetch that answers from memory: what is left of a call's time is the client's own work, not the network's. */
const inMemoryFetch = async () =>
  new Response(answer, { headers: { 'content-type': 'application/json', 'x-request-id': 'req_bench' } });

/**
 * Per-call cost of each client without any network, on the same in-memory answer: the loopback figures mix the
 * client's work with undici's and the fixture server's, this one isolates what each client adds. The baseline is
 * that fetch called directly (building the Response and reading its JSON).
 */
export async function inProcessOverhead(sizes: Sizes, clients = oursAndCore, options: SuiteOptions = {}) {
  const baseUrl = 'http://127.0.0.1:9/v1';
  const platformUrl = 'http://127.0.0.1:9';
  const fetch = inMemoryFetch as unknown as typeof globalThis.fetch;
  const mine = Object.entries(clients).map(
    ([name, create]) => [name, create({ apiKey, baseUrl, platformUrl, fetch })] as const,
  );
  const bare = createOpenapiFetch<paths>({ baseUrl: platformUrl, headers, fetch });
  const bareInference = createOpenapiFetch<paths>({ baseUrl, headers, fetch });
  const readAnswer = () => inMemoryFetch().then((response) => response.json());
  return {
    'GET instance types': await interleaved(
      withBaselines(
        options,
        mine.map(([name, client]) => ({ name, run: () => client.instances.listTypes() })),
        { 'in-memory fetch': readAnswer, 'openapi-fetch bare': () => bare.GET('/api/v1/instances/types') },
      ),
      sizes,
    ),
    'POST embeddings': await interleaved(
      withBaselines(
        options,
        mine.map(([name, client]) => ({ name, run: () => client.embeddings.create(embeddingBody) })),
        {
          'in-memory fetch': readAnswer,
          'openapi-fetch bare': () => bareInference.POST('/embeddings', { body: embeddingBody }),
        },
      ),
      sizes,
    ),
  };
}
