import type {
  SimulatorInterceptor,
  SimulatorRequest,
  SimulatorResponse,
  SimulatorState,
} from '@inference-infra/mock-server';
import { simulatorApiKey } from './simulatorTarget.js';

/** The simulator with one promise broken, as a partner's server might break it. */
export interface Mutant {
  name: string;
  wrap: SimulatorInterceptor;
}

/**
 * A mutant of issue 46: one promise broken in a class the per-field generators do not reach (answers compared on
 * what the spec defines, request ids, rules across fields, what an answer means, paging under filters, identity,
 * wire and auth forms). `killedBy` names the checks that alone must kill it (`behaviourMutants.test.ts` holds them to
 * it), and `operations` the operations whose checks meet it.
 */
export interface BehaviourMutant extends Mutant {
  class: string;
  operations: string[];
  killedBy: RegExp;
}

// biome-ignore lint/suspicious/noExplicitAny: mutants reach into answers of any shape to break them.
export type Json = any;

/**
 * Edits the answer of one operation (all operations when `operationId` is '*') with the given status. The edit gets
 * a copy of the JSON body: list answers hold the simulator's own records, which must keep only the broken promise.
 */
export function onAnswer(
  operationId: string,
  status: number,
  edit: (
    response: SimulatorResponse,
    req: SimulatorRequest,
    state: SimulatorState,
  ) => SimulatorResponse | undefined,
): SimulatorInterceptor {
  return (next, state) => (req) => {
    const response = next(req);
    if ((operationId !== '*' && req.operationId !== operationId) || response.status !== status)
      return response;
    const copy =
      response.json === undefined ? response : { ...response, json: structuredClone(response.json) };
    return edit(copy, req, state) ?? response;
  };
}

/** Edits the request of one operation before the conforming simulator sees it (all when '*'). */
export function onRequest(operationId: string, edit: (req: SimulatorRequest) => void): SimulatorInterceptor {
  return (next) => (req) => {
    if (operationId === '*' || req.operationId === operationId) edit(req);
    return next(req);
  };
}

export function editBody(req: SimulatorRequest, edit: (body: Json) => void) {
  try {
    const body = JSON.parse(req.body);
    edit(body);
    req.body = JSON.stringify(body);
  } catch {
    // Not JSON: left for the simulator to refuse.
  }
}

/** The volume a resize names, in the workspace of the request's key; undefined without a bearer key. */
export function volumeOf(state: SimulatorState, req: SimulatorRequest) {
  const key = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (key === undefined) return undefined;
  return state.workspace(key).volumes.get(decodeURIComponent(req.url.pathname.split('/').pop() ?? ''));
}

export const mutants: Mutant[] = [
  {
    name: 'drops a required field (deployment_type of instance types)',
    wrap: onAnswer('listInstanceTypes', 200, (res) => {
      for (const item of (res.json as Json).data) delete item.deployment_type;
      return res;
    }),
  },
  {
    name: 'sends a wrong type (transaction amount as a string)',
    wrap: onAnswer('listBillingTransactions', 200, (res) => {
      for (const item of (res.json as Json).data) item.amount = String(item.amount);
      return res;
    }),
  },
  {
    name: 'answers instance types unsorted (most expensive first)',
    wrap: onAnswer('listInstanceTypes', 200, (res) => {
      (res.json as Json).data.sort((a: Json, b: Json) => b.hourly_rate - a.hourly_rate);
      return res;
    }),
  },
  {
    name: 'ignores the gpu_type filter',
    wrap: onRequest('listInstanceTypes', (req) => req.url.searchParams.delete('gpu_type')),
  },
  {
    name: 'ignores the region filter',
    wrap: onRequest('listInstanceTypes', (req) => req.url.searchParams.delete('region')),
  },
  {
    name: 'ignores limit',
    wrap: onRequest('listBillingTransactions', (req) => req.url.searchParams.delete('limit')),
  },
  {
    name: 'ignores offset',
    wrap: onRequest('listBillingTransactions', (req) => req.url.searchParams.delete('offset')),
  },
  {
    name: 'ignores the transaction type filter',
    wrap: onRequest('listBillingTransactions', (req) => req.url.searchParams.delete('type')),
  },
  {
    name: 'answers a wrong meta.total (one too many)',
    wrap: onAnswer('listBillingTransactions', 200, (res) => {
      (res.json as Json).meta.total += 1;
      return res;
    }),
  },
  {
    name: 'answers meta.hasMore false on every page',
    wrap: onAnswer('listBillingTransactions', 200, (res) => {
      (res.json as Json).meta.hasMore = false;
      return res;
    }),
  },
  {
    name: 'leaves meta.requestId out of list answers',
    wrap: onAnswer('listInstanceTypes', 200, (res) => {
      delete (res.json as Json).meta.requestId;
      return res;
    }),
  },
  {
    name: 'sends an X-Request-Id that differs from meta.requestId',
    wrap: onAnswer('listBillingTransactions', 200, (res) => ({
      ...res,
      headers: { ...res.headers, 'x-request-id': 'req_elsewhere' },
    })),
  },
  {
    name: 'answers 200 without a key',
    wrap: onRequest('*', (req) => {
      req.headers.authorization ??= `Bearer ${simulatorApiKey}`;
    }),
  },
  {
    name: 'accepts the key without the Bearer scheme',
    wrap: onRequest('*', (req) => {
      if (req.headers.authorization === simulatorApiKey)
        req.headers.authorization = `Bearer ${simulatorApiKey}`;
    }),
  },
  {
    name: 'accepts a size_gb that is not greater than the current size',
    wrap: onAnswer('resizeVolume', 409, (_res, req, state) => {
      const volume = volumeOf(state, req);
      if (!volume) return undefined;
      volume.sizeGb = JSON.parse(req.body).size_gb;
      return { status: 200, headers: {}, json: { data: { ...volume } } };
    }),
  },
  {
    name: 'answers the size before the resize',
    wrap: (next, state) => (req) => {
      const before = req.operationId === 'resizeVolume' ? volumeOf(state, req)?.sizeGb : undefined;
      const res = next(req);
      if (res.status === 200 && before !== undefined) (res.json as Json).data.sizeGb = before;
      return res;
    },
  },
  {
    name: 'answers an unknown volume with 400 instead of 404',
    wrap: onAnswer('resizeVolume', 404, (res) => ({ ...res, status: 400 })),
  },
  {
    name: 'sends a malformed date-time (updatedAt without a time zone)',
    wrap: onAnswer('resizeVolume', 200, (res) => {
      (res.json as Json).data.updatedAt = new Date().toISOString().slice(0, 19);
      return res;
    }),
  },
  {
    name: 'answers embeddings with a wrong content type (text/plain)',
    wrap: onAnswer('createEmbeddings', 200, (res) => ({
      ...res,
      headers: { ...res.headers, 'content-type': 'text/plain' },
    })),
  },
  {
    name: 'answers one embedding whatever the number of inputs',
    wrap: onAnswer('createEmbeddings', 200, (res) => {
      (res.json as Json).data = (res.json as Json).data.slice(0, 1);
      return res;
    }),
  },
  {
    name: 'ignores response_format (always url)',
    wrap: onRequest('generateImages', (req) => editBody(req, (body) => delete body.response_format)),
  },
  {
    name: 'ends a chat stream without [DONE]',
    wrap: onAnswer('createChatCompletion', 200, (res) =>
      res.events ? { ...res, events: res.events.slice(0, -1) } : res,
    ),
  },
  {
    name: 'answers stream: true with a whole JSON completion',
    wrap: onRequest('createChatCompletion', (req) => editBody(req, (body) => delete body.stream)),
  },
  {
    name: 'clamps an out-of-range limit instead of refusing it',
    wrap: onRequest('listBillingTransactions', (req) => {
      const limit = Number(req.url.searchParams.get('limit'));
      if (req.url.searchParams.has('limit') && Number.isInteger(limit)) {
        req.url.searchParams.set('limit', String(Math.min(100, Math.max(1, limit))));
      }
    }),
  },
  {
    name: 'answers validation failures with 422',
    wrap: onAnswer('*', 400, (res) => ({ ...res, status: 422 })),
  },
  {
    name: 'answers validation failures without the error wrapper',
    wrap: onAnswer('*', 400, (res) => ({ ...res, json: (res.json as Json).error })),
  },
];

/** The bearer key of a request, if any. */
export const bearerOf = (req: SimulatorRequest) =>
  /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/**
 * Answers the instance-type list with its own filter for one parameter (the simulator's exact match taken out): how a
 * server that matches by prefix, by case or by range behaves.
 */
function ownFilter(name: string, matches: (field: Json, sent: string) => boolean): SimulatorInterceptor {
  return (next) => (req) => {
    const sent = req.url.searchParams.get(name);
    if (req.operationId !== 'listInstanceTypes' || sent === null) return next(req);
    req.url.searchParams.delete(name);
    const res = next(req);
    if (res.status !== 200) return res;
    const json = structuredClone(res.json) as Json;
    json.data = json.data.filter((item: Json) => matches(item[name], sent));
    json.meta.total = json.data.length;
    return { ...res, json };
  };
}

/** Edits every `chat.completion.chunk` event of a streamed chat. */
export function onChunks(edit: (chunk: Json, index: number, count: number) => void): SimulatorInterceptor {
  return onAnswer('createChatCompletion', 200, (res) => {
    if (!res.events) return undefined;
    const count = res.events.length - 1;
    const events = res.events.map((data, index) => {
      if (data === '[DONE]') return data;
      const chunk = JSON.parse(data);
      edit(chunk, index, count);
      return JSON.stringify(chunk);
    });
    return { ...res, events };
  });
}

/** Re-encodes base64 embeddings from their float32 values with another writer. */
function reencodeEmbeddings(write: (values: number[]) => Buffer): SimulatorInterceptor {
  return onAnswer('createEmbeddings', 200, (res) => {
    for (const item of (res.json as Json).data) {
      if (typeof item.embedding !== 'string') continue;
      const bytes = Buffer.from(item.embedding, 'base64');
      const values = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
      item.embedding = write(values).toString('base64');
    }
    return res;
  });
}

/** Mutants of the promises the suite learnt to check with issue 14, one class of partner bug each. */
export const laterMutants: Mutant[] = [
  {
    name: 'accepts any key of the documented form',
    wrap: onRequest('*', (req) => {
      if (/^[A-Za-z0-9]+_live_/.test(bearerOf(req) ?? ''))
        req.headers.authorization = `Bearer ${simulatorApiKey}`;
    }),
  },
  {
    name: 'accepts any bearer value at all',
    wrap: onRequest('*', (req) => {
      if (bearerOf(req) !== undefined) req.headers.authorization = `Bearer ${simulatorApiKey}`;
    }),
  },
  {
    name: 'compares only the start of the key',
    wrap: onRequest('*', (req) => {
      if (bearerOf(req)?.startsWith(simulatorApiKey.slice(0, -1)))
        req.headers.authorization = `Bearer ${simulatorApiKey}`;
    }),
  },
  {
    name: 'matches gpu_type by prefix',
    wrap: ownFilter('gpu_type', (field, sent) => String(field).startsWith(sent)),
  },
  {
    name: 'matches gpu_type whatever its case',
    wrap: ownFilter('gpu_type', (field, sent) => String(field).toLowerCase() === sent.toLowerCase()),
  },
  {
    name: 'trims the region filter',
    wrap: ownFilter('region', (field, sent) => field === sent.trim()),
  },
  {
    name: 'treats gpu_count as a minimum',
    wrap: ownFilter('gpu_count', (field, sent) => field >= Number(sent)),
  },
  {
    name: 'combines the filters with OR',
    wrap: (next) => (req) => {
      const sent = ['gpu_type', 'region', 'gpu_count'].filter((name) => req.url.searchParams.has(name));
      if (req.operationId !== 'listInstanceTypes' || sent.length < 2) return next(req);
      const query = new URLSearchParams(req.url.searchParams);
      for (const name of sent) req.url.searchParams.delete(name);
      const res = next(req);
      const json = structuredClone(res.json) as Json;
      json.data = json.data.filter((item: Json) =>
        sent.some((name) => String(item[name]) === query.get(name)),
      );
      json.meta.total = json.data.length;
      return { ...res, json };
    },
  },
  {
    name: 'sorts filtered instance types most expensive first',
    wrap: (next) => (req) => {
      const res = next(req);
      if (req.operationId !== 'listInstanceTypes' || res.status !== 200 || req.url.search === '') return res;
      const json = structuredClone(res.json) as Json;
      json.data.sort((a: Json, b: Json) => b.hourly_rate - a.hourly_rate);
      return { ...res, json };
    },
  },
  {
    name: 'answers the whole catalogue size as meta.total of a filtered list',
    wrap: (next, state) => (req) => {
      const res = next(req);
      if (req.operationId !== 'listInstanceTypes' || res.status !== 200 || req.url.search === '') return res;
      const json = structuredClone(res.json) as Json;
      json.meta.total = state.instanceTypes.length;
      return { ...res, json };
    },
  },
  {
    name: 'coerces a size_gb written as a string',
    wrap: onRequest('resizeVolume', (req) =>
      editBody(req, (body) => {
        if (typeof body.size_gb === 'string' && body.size_gb.trim() !== '')
          body.size_gb = Number(body.size_gb);
      }),
    ),
  },
  {
    name: 'rounds a fractional width',
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        if (typeof body.width === 'number') body.width = Math.round(body.width);
      }),
    ),
  },
  {
    name: 'accepts response_format in any case',
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        if (typeof body.response_format === 'string')
          body.response_format = body.response_format.toLowerCase();
      }),
    ),
  },
  {
    name: 'accepts an aspect_ratio with a part of zero',
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        if (typeof body.aspect_ratio === 'string')
          body.aspect_ratio = body.aspect_ratio.replace(/\b0\b/g, '1');
      }),
    ),
  },
  {
    name: 'refuses the inclusive maximum of num_inference_steps',
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        if (body.num_inference_steps === 100) body.num_inference_steps = 101;
      }),
    ),
  },
  {
    name: 'refuses limit=100, its inclusive maximum',
    wrap: onRequest('listBillingTransactions', (req) => {
      if (req.url.searchParams.get('limit') === '100') req.url.searchParams.set('limit', '101');
    }),
  },
  {
    name: 'accepts stream written as a string',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        if (typeof body.stream === 'string') body.stream = body.stream === 'true';
      }),
    ),
  },
  {
    name: 'applies a resize before refusing its unknown field',
    wrap: (next, state) => (req) => {
      const res = next(req);
      if (req.operationId !== 'resizeVolume' || res.status !== 400) return res;
      try {
        const body = JSON.parse(req.body);
        const volume = volumeOf(state, req);
        if (volume && Number.isInteger(body.size_gb) && body.size_gb > volume.sizeGb)
          volume.sizeGb = body.size_gb;
      } catch {
        // Not JSON: nothing to apply.
      }
      return res;
    },
  },
  {
    name: 'answers 409 with the error type of a validation failure',
    wrap: onAnswer('resizeVolume', 409, (res) => {
      (res.json as Json).error.type = 'invalid_request_error';
      return res;
    }),
  },
  {
    name: 'answers 404 with the error type of a conflict',
    wrap: onAnswer('resizeVolume', 404, (res) => {
      (res.json as Json).error.type = 'conflict_error';
      return res;
    }),
  },
  {
    name: 'repeats one X-Request-Id on every answer',
    wrap: (next) => (req) => {
      const res = next(req);
      const json = structuredClone(res.json) as Json;
      if (json?.meta) json.meta.requestId = 'req_always_the_same';
      if (json?.error) json.error.requestId = 'req_always_the_same';
      return { ...res, json, headers: { ...res.headers, 'x-request-id': 'req_always_the_same' } };
    },
  },
  {
    name: 'answers created in milliseconds',
    wrap: onAnswer('generateImages', 200, (res) => {
      (res.json as Json).created *= 1000;
      return res;
    }),
  },
  {
    name: 'answers b64_json as a data: URL',
    wrap: onAnswer('generateImages', 200, (res) => {
      for (const item of (res.json as Json).data)
        if (item.b64_json) item.b64_json = `data:image/png;base64,${item.b64_json}`;
      return res;
    }),
  },
  {
    name: 'answers base64 embeddings as float64',
    wrap: reencodeEmbeddings((values) => {
      const bytes = Buffer.alloc(values.length * 8);
      for (const [i, value] of values.entries()) bytes.writeDoubleLE(value, i * 8);
      return bytes;
    }),
  },
  {
    name: 'answers base64 embeddings big-endian',
    wrap: reencodeEmbeddings((values) => {
      const bytes = Buffer.alloc(values.length * 4);
      for (const [i, value] of values.entries()) bytes.writeFloatBE(value, i * 4);
      return bytes;
    }),
  },
  {
    name: 'ignores stream_options.include_usage',
    wrap: onRequest('createChatCompletion', (req) => editBody(req, (body) => delete body.stream_options)),
  },
  {
    name: 'sends usage on every chunk of a stream',
    wrap: onChunks((chunk) => {
      chunk.usage ??= { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
    }),
  },
  {
    name: 'ignores max_tokens',
    wrap: onRequest('createChatCompletion', (req) => editBody(req, (body) => delete body.max_tokens)),
  },
  {
    name: 'ignores stop sequences',
    wrap: onRequest('createChatCompletion', (req) => editBody(req, (body) => delete body.stop)),
  },
  {
    name: 'renders every image at its default size, whatever width and height say',
    wrap: onRequest('generateImages', (req) =>
      editBody(req, (body) => {
        delete body.width;
        delete body.height;
      }),
    ),
  },
  {
    name: 'answers validation failures with a message that names no field',
    wrap: onAnswer('*', 400, (res) => {
      (res.json as Json).error.message = 'Invalid request.';
      return res;
    }),
  },
  {
    name: 'refuses the developer role',
    wrap: onRequest('createChatCompletion', (req) =>
      editBody(req, (body) => {
        for (const message of body.messages ?? [])
          if (message.role === 'developer') message.role = 'moderator';
      }),
    ),
  },
];
