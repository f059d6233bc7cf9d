// The runtime matrix's checks of the packed fetch client: plain ESM with no Node built-in and no global but the
// web's (fetch, AbortController, streams), so Node, Bun, Deno, workerd and Chromium run the same code. Each entry
// (node.mjs, worker.mjs, browser.mjs) hands over the mock's addresses and reports what this returns as JSON.
import {
  APIUserAbortError,
  ClientConfigError,
  createClient,
  NotFoundError,
  RequestValidationError,
} from '@inference-infra/fetch-client';

/** Names the runtime that actually ran the checks, so a cell cannot pass on the wrong interpreter. */
function describeRuntime() {
  const { Bun, Deno, navigator, process } = /** @type {any} */ (globalThis);
  if (Bun) return `bun ${Bun.version}`;
  if (Deno) return `deno ${Deno.version.deno}`;
  if (process?.release?.name === 'node') return `node ${process.versions.node}`;
  return navigator?.userAgent ?? 'unknown';
}

/** The error's class as the package exports it, or its name and message when it is none of ours. */
function describeError(error, expected) {
  if (error instanceof expected) return expected.name;
  return `not ${expected.name}: ${error?.name}: ${error?.message}`;
}

/** A plain call: the catalogue filtered on the server, cheapest first. */
async function plainCall(client) {
  const page = await client.instances.listTypes({ gpu_type: 'H100' });
  return {
    count: page.data.length,
    gpuTypes: [...new Set(page.data.map((type) => type.gpu_type))],
    cheapest: page.data[0]?.hourly_rate,
    requestId: typeof page.requestId === 'string' && page.requestId.length > 0,
  };
}

/** A streamed chat aborted by the caller's signal after its first chunk: the loop must end in APIUserAbortError. */
async function streamWithAbort(client) {
  const controller = new AbortController();
  const stream = await client.chat.completions.create(
    {
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'What is a persistent volume?' }],
      stream: true,
    },
    { signal: controller.signal },
  );
  let chunks = 0;
  try {
    for await (const _chunk of stream) {
      chunks += 1;
      controller.abort();
    }
    return { chunks, error: 'the loop ended without an error' };
  } catch (error) {
    return { chunks, error: describeError(error, APIUserAbortError) };
  }
}

/** Every billing transaction, page by page, to the end: as many as the first page's meta.total, none twice. */
async function paging(client) {
  let pages = 0;
  let total;
  const ids = new Set();
  let count = 0;
  for await (const page of client.billing.listTransactions({ limit: 100 }).pages()) {
    pages += 1;
    total ??= page.meta.total;
    for (const transaction of page.data) {
      count += 1;
      ids.add(transaction.id);
    }
  }
  return { pages, count, distinct: ids.size, total };
}

/** Typed errors: a rule of the spec broken (refused before sending), and the server's 404. */
async function typedErrors(client) {
  const refused = await client.storage.resize('vol_1', { size_gb: 9 }).then(
    () => 'resolved',
    (error) => describeError(error, RequestValidationError),
  );
  const missing = await client.storage.resize('vol_does_not_exist', { size_gb: 100 }).then(
    () => 'resolved',
    (error) =>
      error instanceof NotFoundError
        ? `${NotFoundError.name} ${error.status}`
        : describeError(error, NotFoundError),
  );
  return { refused, missing };
}

/**
 * Keys stay out of browsers: a client with a key and without `dangerouslyAllowBrowser` is refused in a page (with a
 * message naming the flag) and created on servers and workers; a keyless client (for an app's own route) is created
 * everywhere. Creating a client sends nothing.
 */
function keyGuard(_client, { baseUrl, platformUrl, apiKey }) {
  const create = (options) => {
    try {
      createClient({ baseUrl, platformUrl, ...options });
      return 'created';
    } catch (error) {
      const namesTheFlag = String(error?.message).includes('dangerouslyAllowBrowser: true');
      return `${describeError(error, ClientConfigError)}${namesTheFlag ? ', naming dangerouslyAllowBrowser' : ''}`;
    }
  };
  return { keyWithoutFlag: create({ apiKey }), keyless: create({ apiKey: null }) };
}

/**
 * Runs every check against the mock at `baseUrl`/`platformUrl` with `apiKey` (its own workspace of the simulator,
 * so cells never see each other's changes). A check that throws is reported as its error, not as a crash.
 * @param {{ baseUrl: string, platformUrl: string, apiKey: string }} addresses
 */
export async function runFetchClientChecks({ baseUrl, platformUrl, apiKey }) {
  // The Chromium cell runs this in a page: a throwaway key for the local mock is the case the flag exists for.
  const client = createClient({ apiKey, baseUrl, platformUrl, maxRetries: 0, dangerouslyAllowBrowser: true });
  const results = { runtime: describeRuntime() };
  const checks = { plainCall, streamWithAbort, paging, typedErrors, keyGuard };
  for (const [name, check] of Object.entries(checks)) {
    try {
      results[name] = await check(client, { baseUrl, platformUrl, apiKey });
    } catch (error) {
      results[name] = { failed: `${error?.name}: ${error?.message}` };
    }
  }
  return results;
}
