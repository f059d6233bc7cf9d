// The server the benchmarks call: a separate process (so its work does not share the client's event loop),
// keep-alive, answering every benchmarked operation with a fixed body. Prints its port on stdout.
import { createServer } from 'node:http';

const instanceTypes = JSON.stringify({
  data: Array.from({ length: 8 }, (_, i) => ({
    id: `it_${i}`,
    gpu_type: 'H100',
    gpu_count: 8,
    cpu_cores: 128,
    memory_gb: 1600,
    storage_gb: 8000,
    region: 'us-east-1',
    hourly_rate: 2 + i,
    deployment_type: 'on-demand',
  })),
  meta: { hasMore: false, total: 8, requestId: 'req_bench' },
});
const embeddings = JSON.stringify({
  object: 'list',
  data: [{ object: 'embedding', index: 0, embedding: Array.from({ length: 16 }, (_, i) => i / 16) }],
  model: 'bge',
  usage: { prompt_tokens: 3, total_tokens: 3 },
});
const volume = JSON.stringify({
  data: {
    id: 'vol_1',
    name: 'data',
    sizeGb: 500,
    status: 'resizing',
    region: 'us-east-1',
    providerType: 'block',
    deploymentId: 'dep_1',
    projectId: 'prj_1',
    environmentId: 'env_1',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
  },
});
const chunkCount = Number(process.env.BENCH_STREAM_CHUNKS ?? 20_000);
const stream = Buffer.from(
  `${Array.from(
    { length: chunkCount },
    (_, i) =>
      `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"t${i}"},"finish_reason":null}]}\n\n`,
  ).join('')}data: [DONE]\n\n`,
);

function send(res, body) {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-request-id': 'req_bench',
  });
  res.end(body);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const url = req.url ?? '';
    if (url.startsWith('/api/v1/instances/types')) return send(res, instanceTypes);
    if (url.startsWith('/api/v1/storage/')) return send(res, volume);
    if (url === '/v1/embeddings') return send(res, embeddings);
    if (url === '/v1/chat/completions') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_bench' });
      // Written in 16 KiB slices, as a proxy or a model server would flush them.
      for (let offset = 0; offset < stream.length; offset += 16_384)
        res.write(stream.subarray(offset, offset + 16_384));
      return res.end();
    }
    res.writeHead(404).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
