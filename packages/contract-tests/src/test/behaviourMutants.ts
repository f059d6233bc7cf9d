import {
  type BehaviourMutant,
  editBody,
  type Json,
  type Mutant,
  onAnswer,
  onRequest,
  volumeOf,
} from './mutants.js';
import { cursorsWithANonce } from './openFieldVariants.js';
import { sequenceMutants } from './sequenceMutants.js';
import { simulatorApiKey, simulatorDeactivatedKey } from './simulatorTarget.js';

/** Pages without `limit` by 20 (the spec's default is 50), behind a cursor with a nonce that hid it from the old check. */
const defaultLimitBehindANonce: Mutant['wrap'] = (next, state) => {
  const withNonce = cursorsWithANonce()(next, state);
  return (req) => {
    if (req.operationId === 'listBillingTransactions' && !req.url.searchParams.has('limit'))
      req.url.searchParams.set('limit', '20');
    return withNonce(req);
  };
};

export const behaviourMutants: BehaviourMutant[] = [
  {
    name: 'pages by 20 without limit (the default is 50), its opaque cursor carrying a nonce',
    class: 'answers compared on what the spec defines',
    operations: ['listBillingTransactions'],
    killedBy:
      /answers without limit as with limit=50|pages every filter with limit and offset stated or left/,
    wrap: defaultLimitBehindANonce,
  },
  {
    name: 'gives every 400 answer of the inference address one X-Request-Id (and error.requestId)',
    class: 'request ids on every failure',
    operations: ['createChatCompletion', 'createEmbeddings', 'generateImages'],
    killedBy: /own X-Request-Id, equal to the body's, on every status/,
    wrap: (next) => (req) => {
      const res = next(req);
      if (res.status !== 400 || req.url.pathname.startsWith('/api/')) return res;
      const json = structuredClone(res.json) as Json;
      if (json?.error) json.error.requestId = 'req_inference_400';
      return { ...res, json, headers: { ...res.headers, 'x-request-id': 'req_inference_400' } };
    },
  },
  {
    name: 'takes size beside a height that differs (the height dropped; a differing width is still refused)',
    class: 'rules across fields',
    operations: ['generateImages'],
    killedBy: /answers size beside width, height and aspect_ratio/,
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        const height = /^\d+x(\d+)$/.exec(String(body.size))?.[1];
        if (height !== undefined && body.height !== undefined && Number(height) !== body.height)
          delete body.height;
      }),
    ),
  },
  {
    name: 'ignores dimensions when encoding_format is base64',
    class: 'rules across fields',
    operations: ['createEmbeddings'],
    killedBy: /shortens every embedding of a batch to dimensions/,
    wrap: onRequest('createEmbeddings', (req) =>
      editBody(req, (body) => {
        // Only a dimensions the model can give: a refused one is still refused, as the generic checks ask.
        const valid = Number.isInteger(body.dimensions) && body.dimensions >= 1 && body.dimensions <= 64;
        if (body.encoding_format === 'base64' && valid) delete body.dimensions;
      }),
    ),
  },
  {
    name: 'accepts tools when user (a field without effect) is sent beside them',
    class: 'rules across fields',
    operations: ['createChatCompletion'],
    killedBy: /any combination of the OpenAI-style fields/,
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if (body.user !== undefined) delete body.tools;
      }),
    ),
  },
  {
    name: 'answers finish_reason length when a stop sequence cut the text',
    class: 'what an answer means',
    operations: ['createChatCompletion'],
    killedBy: /answers finish_reason as the limit or stop sequence that applied/,
    wrap: onAnswer('createChatCompletion', 200, (res, req) => {
      const stop = JSON.parse(req.body)?.stop;
      const choice = (res.json as Json)?.choices?.[0];
      if (stop !== undefined && choice?.finish_reason === 'stop') choice.finish_reason = 'length';
      return res;
    }),
  },
  {
    name: 'counts the prompt one token higher in a stream’s usage chunk (its totals still adding up)',
    class: 'what an answer means',
    operations: ['createChatCompletion'],
    killedBy: /answers finish_reason as the limit or stop sequence that applied/,
    wrap: (next) => (req) => {
      const res = next(req);
      if (req.operationId !== 'createChatCompletion' || !res.events) return res;
      const events = res.events.map((data) => {
        if (data === '[DONE]') return data;
        const chunk = JSON.parse(data);
        if (!chunk.usage) return data;
        chunk.usage.prompt_tokens += 1;
        chunk.usage.total_tokens += 1;
        return JSON.stringify(chunk);
      });
      return { ...res, events };
    },
  },
  {
    name: 'numbers the embeddings of batches over eight inputs from 1',
    class: 'what an answer means',
    operations: ['createEmbeddings'],
    killedBy: /numbers the embeddings of batches of any size/,
    wrap: onAnswer('createEmbeddings', 200, (res) => {
      const data = (res.json as Json).data;
      if (data.length > 8) for (const item of data) item.index += 1;
      return res;
    }),
  },
  {
    name: 'pages by 20 without limit when a type filter is given',
    class: 'paging under filters and defaults',
    operations: ['listBillingTransactions'],
    killedBy: /pages every filter with limit and offset stated or left to their defaults/,
    wrap: onRequest('listBillingTransactions', (req) => {
      const params = req.url.searchParams;
      if (params.has('type') && !params.has('limit')) params.set('limit', '20');
    }),
  },
  {
    name: 'refuses offsets past int32 with 400',
    class: 'paging under filters and defaults',
    operations: ['listBillingTransactions'],
    killedBy: /pages every filter with limit and offset stated or left to their defaults/,
    wrap: (next) => (req) => {
      const offset = req.url.searchParams.get('offset');
      if (req.operationId === 'listBillingTransactions' && offset !== null && Number(offset) > 2 ** 31 - 1)
        return {
          status: 400,
          headers: { 'content-type': 'application/json' },
          json: {
            error: {
              message: 'offset: must be at most 2147483647',
              type: 'invalid_request_error',
              code: 'value_out_of_range',
              param: 'offset',
              requestId: req.requestId,
            },
          },
        };
      return next(req);
    },
  },
  {
    name: 'matches volume ids in any case',
    class: 'identity',
    operations: ['resizeVolume'],
    killedBy: /matches the volume id exactly/,
    wrap: onRequest('resizeVolume', (req) => {
      const [, ...segments] = req.url.pathname.split('/');
      const id = decodeURIComponent(segments.pop() ?? '');
      req.url.pathname = `/${[...segments, encodeURIComponent(id.toLowerCase())].join('/')}`;
    }),
  },
  {
    name: 'answers a resize with updatedAt a second after the last change, not the time of this one',
    class: 'identity',
    operations: ['resizeVolume'],
    killedBy:
      /answers a valid resize with 200|answers with the volume at the requested size|grows|changes nothing/,
    wrap: (next, state) => (req) => {
      const before = volumeOf(state, req)?.updatedAt;
      const res = next(req);
      if (req.operationId !== 'resizeVolume' || res.status !== 200 || before === undefined) return res;
      const json = structuredClone(res.json) as Json;
      json.data.updatedAt = new Date(Date.parse(before) + 1000).toISOString();
      return { ...res, json };
    },
  },
  {
    name: 'takes the Authorization scheme only as Bearer or bearer',
    class: 'wire and auth forms',
    operations: ['listInstanceTypes'],
    killedBy: /takes the Authorization scheme in any case/,
    wrap: onRequest('*', (req) => {
      const value = req.headers.authorization;
      if (value && /^bearer /i.test(value) && !/^(Bearer|bearer) /.test(value))
        req.headers.authorization = 'Basic x';
    }),
  },
  {
    name: 'refuses charset=UTF-8 in upper case (or quoted) with 415',
    class: 'wire and auth forms',
    operations: ['createEmbeddings'],
    killedBy: /reads a JSON body whatever the spelling of its media type/,
    wrap: (next) => (req) => {
      const type = req.headers['content-type'] ?? '';
      if (req.operationId === 'createEmbeddings' && /charset=("utf-8"|UTF-8|Utf-8)/.test(type))
        return {
          status: 415,
          headers: { 'content-type': 'application/json' },
          json: {
            error: {
              message: `Content-Type: ${type} is not application/json in UTF-8`,
              type: 'invalid_request_error',
              code: 'unsupported_media_type',
              param: 'Content-Type',
              requestId: req.requestId,
            },
          },
        };
      return next(req);
    },
  },
  {
    name: 'takes a deactivated key as the active one',
    class: 'wire and auth forms',
    operations: ['listInstanceTypes', 'resizeVolume', 'createChatCompletion'],
    killedBy: /answers 401 with a deactivated key/,
    wrap: onRequest('*', (req) => {
      if (req.headers.authorization === `Bearer ${simulatorDeactivatedKey}`)
        req.headers.authorization = `Bearer ${simulatorApiKey}`;
    }),
  },
  // Properties over sequences (requests in flight at once, racing writes): see sequenceMutants.ts.
  ...sequenceMutants,
];
