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

// biome-ignore lint/suspicious/noExplicitAny: mutants reach into answers of any shape to break them.
type Json = any;

/**
 * Edits the answer of one operation (all operations when `operationId` is '*') with the given status. The edit gets
 * a copy of the JSON body: list answers hold the simulator's own records, which must keep only the broken promise.
 */
function onAnswer(
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
function onRequest(operationId: string, edit: (req: SimulatorRequest) => void): SimulatorInterceptor {
  return (next) => (req) => {
    if (operationId === '*' || req.operationId === operationId) edit(req);
    return next(req);
  };
}

function editBody(req: SimulatorRequest, edit: (body: Json) => void) {
  try {
    const body = JSON.parse(req.body);
    edit(body);
    req.body = JSON.stringify(body);
  } catch {
    // Not JSON: left for the simulator to refuse.
  }
}

/** The volume a resize names, in the workspace of the request's key; undefined without a bearer key. */
function volumeOf(state: SimulatorState, req: SimulatorRequest) {
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
