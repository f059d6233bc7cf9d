import { editBody, type Json, type Mutant, onAnswer, onRequest } from './mutants.js';
import { simulatorApiKey } from './simulatorTarget.js';

/**
 * Mutants of issue 34: each breaks a promise only where hand-picked examples do not go (a filter combination, the
 * stream rather than the whole answer, a batch past its first item, a page size no example uses, an error's `code`,
 * a request outside the spec, a parameter spelt loosely, a key taken from the wrong place, `created` in local time,
 * JPEG where PNG is promised). The suite's generated cases and its checks of those places must kill every one.
 */
export const branchMutants: Mutant[] = [
  {
    name: 'ignores a gpu_count no instance type has when another filter is given too',
    wrap: (next, state) => (req) => {
      const params = req.url.searchParams;
      const count = params.get('gpu_count');
      const held = new Set(state.instanceTypes.map((item) => String(item.gpu_count)));
      if (
        req.operationId === 'listInstanceTypes' &&
        count !== null &&
        !held.has(count) &&
        (params.has('gpu_type') || params.has('region'))
      )
        params.delete('gpu_count');
      return next(req);
    },
  },
  {
    name: 'ignores max_tokens in streams (honoured in whole answers)',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if (body.stream === true) delete body.max_tokens;
      }),
    ),
  },
  {
    name: 'ignores stop sequences in streams (honoured in whole answers)',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if (body.stream === true) delete body.stop;
      }),
    ),
  },
  {
    name: 'ignores max_completion_tokens beside stop sequences',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if (body.stop !== undefined && body.max_tokens === undefined) delete body.max_completion_tokens;
      }),
    ),
  },
  {
    name: 'reports a streamed chat request’s validation failure as an error event of a 200 stream',
    wrap: (next) => (req) => {
      const res = next(req);
      if (req.operationId !== 'createChatCompletion' || res.status !== 400 || !isJson(req.body)) return res;
      if (JSON.parse(req.body)?.stream !== true) return res;
      return {
        status: 200,
        headers: { ...res.headers, 'content-type': 'text/event-stream' },
        events: [JSON.stringify(res.json), '[DONE]'],
      };
    },
  },
  {
    name: 'answers every base64 embedding of a batch with the first input’s vector',
    wrap: onAnswer('createEmbeddings', 200, (res) => {
      const data = (res.json as Json).data;
      if (typeof data[0]?.embedding !== 'string') return res;
      for (const item of data) item.embedding = data[0].embedding;
      return res;
    }),
  },
  {
    name: 'numbers the embeddings of batches over three inputs from 1',
    wrap: onAnswer('createEmbeddings', 200, (res) => {
      const data = (res.json as Json).data;
      if (data.length > 3) for (const item of data) item.index += 1;
      return res;
    }),
  },
  {
    name: 'repeats the last item of the previous page at page sizes 2, 4, 6 ... 12',
    wrap: onRequest('listBillingTransactions', (req) => {
      const params = req.url.searchParams;
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset') ?? 0);
      if (limit % 2 === 0 && limit <= 12 && offset > 0) params.set('offset', String(offset - 1));
    }),
  },
  {
    name: 'answers a refused resize 409 with error.code conflict (the spec gives size_not_increased)',
    wrap: onAnswer('resizeVolume', 409, (res) => {
      (res.json as Json).error.code = 'conflict';
      return res;
    }),
  },
  {
    name: 'answers an unknown path with a framework’s text 404',
    wrap: (next) => (req) => {
      if (req.operationId !== undefined) return next(req);
      return {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        bytes: new Uint8Array(Buffer.from(`Cannot ${req.method} ${req.url.pathname}`)),
      };
    },
  },
  {
    name: 'answers a body that is not JSON with a framework’s HTML 400',
    wrap: (next) => (req) => {
      const hasBody = req.operationId !== undefined && ['POST', 'PATCH'].includes(req.method);
      if (hasBody && !isJson(req.body)) {
        return {
          status: 400,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          bytes: new Uint8Array(Buffer.from('<h1>Bad Request</h1>')),
        };
      }
      return next(req);
    },
  },
  {
    name: 'reads an integer query parameter spelt "+4" or in hex as the number',
    wrap: onRequest('*', (req) => {
      for (const name of ['limit', 'offset', 'gpu_count']) {
        const value = req.url.searchParams.get(name);
        if (value !== null && /^(\+\d+|0x[0-9a-f]+)$/i.test(value))
          req.url.searchParams.set(name, String(Number(value)));
      }
    }),
  },
  {
    name: 'takes the key in another case',
    wrap: onRequest('*', (req) => {
      const sent = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (sent && sent.toLowerCase() === simulatorApiKey.toLowerCase())
        req.headers.authorization = `Bearer ${simulatorApiKey}`;
    }),
  },
  {
    name: 'takes the key from the query string (api_key)',
    wrap: onRequest('*', (req) => {
      const key = req.url.searchParams.get('api_key');
      if (key && req.headers.authorization === undefined) req.headers.authorization = `Bearer ${key}`;
      req.url.searchParams.delete('api_key');
      req.url.searchParams.delete('access_token');
      req.url.searchParams.delete('key');
    }),
  },
  {
    name: 'answers created in local time (an hour east of UTC)',
    wrap: onAnswer('createChatCompletion', 200, (res) => {
      if (res.json) (res.json as Json).created += 3600;
      return res;
    }),
  },
  {
    name: 'answers JPEG bytes where PNG is promised',
    wrap: onAnswer('generateImages', 200, (res) => {
      // A JFIF header and nothing a PNG reader could take: what a server with output_format jpeg by default sends.
      const jpeg = Buffer.from('ffd8ffe000104a46494600010101004800480000ffdb', 'hex').toString('base64');
      for (const item of (res.json as Json).data) if (item.b64_json) item.b64_json = jpeg;
      return res;
    }),
  },
];

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
