import type { SimulatorInterceptor, SimulatorResponse } from '@inference-infra/mock-server';
import { editBody, type Json, type Mutant, onAnswer, onChunks, onRequest, volumeOf } from './mutants.js';

/** An answer's JSON written as bytes after a UTF-8 byte order mark, as a server that writes one answers. */
function withByteOrderMark(res: SimulatorResponse): SimulatorResponse {
  const { json, ...rest } = res;
  const bytes = new Uint8Array(Buffer.from(`\uFEFF${JSON.stringify(json)}`));
  return { ...rest, headers: { ...res.headers, 'content-type': 'application/json' }, bytes };
}

/** The ledger's answers with pairs of transactions at one time, whose order flips on every other request. */
function unstableTies(): SimulatorInterceptor {
  let requests = 0;
  return onAnswer('listBillingTransactions', 200, (res, req) => {
    requests += 1;
    const data = (res.json as Json).data as Json[];
    const offset = Number(req.url.searchParams.get('offset') ?? '0');
    for (let j = 0; j < data.length; j += 1) {
      const global = offset + j;
      // The second of each pair (by position in the whole ledger) takes the first's time: a tie, still newest first.
      if (global % 2 === 1 && j > 0) data[j].createdAt = data[j - 1].createdAt;
    }
    if (requests % 2 === 0) {
      for (let j = 0; j + 1 < data.length; j += 1) {
        if ((offset + j) % 2 === 0) [data[j], data[j + 1]] = [data[j + 1], data[j]];
      }
    }
    return res;
  });
}

/** A server that drops these fields of a request before reading it: it ignores what they ask. */
const ignores = (operationId: string, ...fields: string[]) =>
  onRequest(operationId, (req) =>
    editBody(req, (body) => {
      for (const field of fields) delete body[field];
    }),
  );

/** Mutants of the promises the coverage map showed unchecked (issue 26) and of the compatibility table (issue 27). */
export const coverageMutants: Mutant[] = [
  {
    name: 'answers 20 transactions per page when limit is absent (the spec says 50)',
    wrap: onRequest('listBillingTransactions', (req) => {
      if (!req.url.searchParams.has('limit')) req.url.searchParams.set('limit', '20');
    }),
  },
  {
    name: 'matches the transaction type filter whatever its case',
    wrap: onRequest('listBillingTransactions', (req) => {
      const type = req.url.searchParams.get('type');
      if (type) req.url.searchParams.set('type', type.toLowerCase());
    }),
  },
  {
    name: 'takes a prefix of a transaction type',
    wrap: onRequest('listBillingTransactions', (req) => {
      const type = req.url.searchParams.get('type');
      const full = ['credit', 'usage', 'refund', 'adjustment'].find((t) => type && t.startsWith(type));
      if (type && full) req.url.searchParams.set('type', full);
    }),
  },
  {
    name: 'trims encoding_format',
    wrap: onRequest('createEmbeddings', (req) =>
      editBody(req, (body) => {
        if (typeof body.encoding_format === 'string') body.encoding_format = body.encoding_format.trim();
      }),
    ),
  },
  {
    name: 'grows the volume to the maximum when it refuses a size above it',
    wrap: (next, state) => (req) => {
      const res = next(req);
      if (req.operationId !== 'resizeVolume' || res.status !== 400) return res;
      const volume = volumeOf(state, req);
      try {
        if (volume && JSON.parse(req.body).size_gb > 10_000) volume.sizeGb = 10_000;
      } catch {
        // Not JSON: nothing to apply.
      }
      return res;
    },
  },
  {
    name: 'leaves updatedAt where it was on a resize',
    wrap: (next, state) => (req) => {
      const before = req.operationId === 'resizeVolume' ? volumeOf(state, req)?.updatedAt : undefined;
      const res = next(req);
      const volume = req.operationId === 'resizeVolume' ? volumeOf(state, req) : undefined;
      if (res.status === 200 && before !== undefined && volume) {
        volume.updatedAt = before;
        (res.json as Json).data.updatedAt = before;
      }
      return res;
    },
  },
  {
    name: 'moves createdAt on a resize',
    wrap: onAnswer('resizeVolume', 200, (res) => {
      (res.json as Json).data.createdAt = (res.json as Json).data.updatedAt;
      return res;
    }),
  },
  {
    name: 'writes updatedAt with a space instead of T',
    wrap: onAnswer('resizeVolume', 200, (res) => {
      (res.json as Json).data.updatedAt = String((res.json as Json).data.updatedAt).replace('T', ' ');
      return res;
    }),
  },
  {
    name: 'writes createdAt with a +00 zone',
    wrap: onAnswer('listBillingTransactions', 200, (res) => {
      for (const item of (res.json as Json).data)
        item.createdAt = String(item.createdAt).replace(/Z$/, '+00');
      return res;
    }),
  },
  {
    name: 'sends a byte order mark before the JSON',
    wrap: onAnswer('listInstanceTypes', 200, withByteOrderMark),
  },
  {
    name: 'answers an API call with a redirect to another host',
    wrap: onAnswer('listInstanceTypes', 200, (res) => ({
      status: 301,
      headers: {
        'x-request-id': res.headers['x-request-id'] ?? 'req_redirect',
        location: 'http://127.0.0.1:9/moved',
      },
    })),
  },
  {
    name: 'fails with 500 on a body that is JSON but no object',
    wrap: (next) => (req) => {
      const body = req.body.trim();
      if (req.operationId !== 'createEmbeddings' || !/^[[\d"n]/.test(body)) return next(req);
      return {
        status: 500,
        headers: {},
        json: {
          error: {
            message: 'internal error',
            type: 'server_error',
            code: null,
            param: null,
            requestId: 'req_500',
          },
        },
      };
    },
  },
  {
    name: 'says more follow on an exactly full last page',
    wrap: onAnswer('listBillingTransactions', 200, (res, req) => {
      const limit = Number(req.url.searchParams.get('limit') ?? '50');
      const json = res.json as Json;
      if (json.data.length === limit) {
        json.meta.hasMore = true;
        delete json.meta.total;
      }
      return res;
    }),
  },
  { name: 'orders transactions of one time differently on every other request', wrap: unstableTies() },
  {
    name: 'gives each chunk of a stream its own id',
    wrap: onChunks((chunk, index) => {
      chunk.id = `${chunk.id}_${index}`;
    }),
  },
  {
    name: 'answers a usage whose total is not the sum of its parts',
    wrap: onAnswer('createChatCompletion', 200, (res) => {
      const usage = (res.json as Json | undefined)?.usage;
      if (usage) usage.total_tokens += 1;
      return res;
    }),
  },
  {
    name: 'refuses the scheme written in lower case',
    wrap: onRequest('*', (req) => {
      if (/^bearer /.test(req.headers.authorization ?? '')) req.headers.authorization = 'Basic Y29udHJhY3Q=';
    }),
  },
  {
    name: 'fails on gpu_count=0',
    wrap: (next) => (req) =>
      req.operationId === 'listInstanceTypes' && req.url.searchParams.get('gpu_count') === '0'
        ? {
            status: 500,
            headers: {},
            json: {
              error: {
                message: 'division by zero',
                type: 'server_error',
                code: null,
                param: null,
                requestId: 'req_0',
              },
            },
          }
        : next(req),
  },
  {
    name: 'refuses a message whose content is a list of text parts',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        for (const message of body.messages ?? []) if (Array.isArray(message.content)) message.content = 42;
      }),
    ),
  },
  {
    name: 'refuses stream: false stated explicitly',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if (body.stream === false) body.stream = 'false';
      }),
    ),
  },
  {
    name: 'refuses fields its open chat schema does not name',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if ('contract_tests_extra_field' in body) body.messages = [];
      }),
    ),
  },
  {
    name: 'ignores max_completion_tokens',
    wrap: ignores('createChatCompletion', 'max_completion_tokens'),
  },
  {
    name: 'answers tools with plain text instead of refusing them',
    wrap: ignores('createChatCompletion', 'tools', 'tool_choice'),
  },
  {
    name: 'answers n: 2 with one choice instead of refusing it',
    wrap: ignores('createChatCompletion', 'n'),
  },
  {
    name: 'ignores size (OpenAI WxH)',
    wrap: ignores('generateImages', 'size'),
  },
  {
    name: 'makes a square image from width alone, whatever aspect_ratio says',
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        if (body.height === undefined) delete body.aspect_ratio;
      }),
    ),
  },
  {
    name: 'ignores dimensions',
    wrap: ignores('createEmbeddings', 'dimensions'),
  },
  {
    name: 'refuses user, a field without effect',
    wrap: onRequest('createEmbeddings', (req) =>
      editBody(req, (body) => {
        if ('user' in body) body.user = 42;
      }),
    ),
  },
];
